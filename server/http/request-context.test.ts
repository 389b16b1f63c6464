import { describe, expect, it, vi } from "vitest";
import { Role } from "@/lib/enums";
import { defineRoute } from "./route";
import { jsonRequest, noParams, tokenFor } from "./test-helpers";

// The fake answers the account check defineRoute makes for a signed-in caller (server/auth/account-standing.ts): no row.
const database = vi.hoisted(() => {
  const rows = { from: () => rows, where: () => rows, limit: async () => [] };
  return { opened: 0, db: { marker: "the database", select: () => rows } };
});
vi.mock("@/db/client", () => ({
  getDb: async () => {
    database.opened += 1;
    return database.db;
  },
}));

const FAVORITE = "POST /api/manga/ToggleFavorite";
const HEALTH = "GET /api/health";

describe("defineRoute: the handler's ctx", () => {
  it("hands a signed-in route { db, viewer, locale }, opening the database once when read", async () => {
    const route = defineRoute({
      key: FAVORITE,
      handler: async ({ ctx }) => {
        const first = await ctx.db;
        const again = await ctx.db;
        return { viewer: ctx.viewer, locale: ctx.locale, db: first === again ? (first as unknown as typeof database.db).marker : "two" };
      },
    });
    const before = database.opened;
    const req = jsonRequest(FAVORITE, { token: await tokenFor(Role.writer, 42), headers: { "x-locale": "ar" } });
    const body = await (await route(req, noParams)).json();
    expect(body.data).toEqual({ viewer: { userId: 42, role: Role.writer }, locale: "ar", db: "the database" });
    expect(database.opened - before).toBe(1);
  });

  it("gives a visitor a null viewer and never asks for the database when the handler does not read it", async () => {
    const route = defineRoute({ key: HEALTH, handler: ({ ctx }) => ({ viewer: ctx.viewer, locale: ctx.locale }) });
    const before = database.opened;
    const body = await (await route(jsonRequest(HEALTH), noParams)).json();
    expect(body.data).toEqual({ viewer: null, locale: "en" });
    expect(database.opened).toBe(before);
  });
});
