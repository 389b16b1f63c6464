import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { jsonRequest, noParams, tokenFor } from "@/server/http/test-helpers";
import { POST as Locale } from "@/app/api/Authentication/Locale/route";

/** POST /api/Authentication/Locale: the caller's own reading language, "en" or "ar" only; visitors 401. */
let db: Awaited<ReturnType<typeof getDb>>;
let reader: { id: number; token: string };

beforeAll(async () => {
  db = await getDb();
  const [row] = await db.insert(users).values({ username: "locale_reader", email: "locale_reader@example.test", fullName: "Locale Reader" }).returning({ id: users.id });
  reader = { id: row!.id, token: await tokenFor(Role.reader, row!.id) };
});

const localeOf = async (id: number) => (await db.select({ locale: users.locale }).from(users).where(eq(users.id, id)))[0]?.locale;

describe("POST /api/Authentication/Locale", () => {
  it("keeps the language on the caller's account, once", async () => {
    const first = await Locale(jsonRequest("POST /api/Authentication/Locale", { token: reader.token, body: { locale: "ar" } }), noParams);
    expect(first.status).toBe(200);
    expect(((await first.json()) as { data: unknown }).data).toEqual({ locale: "ar", changed: true });
    expect(await localeOf(reader.id)).toBe("ar");
    const again = await Locale(jsonRequest("POST /api/Authentication/Locale", { token: reader.token, body: { locale: "ar" } }), noParams);
    expect(((await again.json()) as { data: unknown }).data).toEqual({ locale: "ar", changed: false });
  });

  it("refuses another language with a 422 and visitors with a 401, changing nothing", async () => {
    const bad = await Locale(jsonRequest("POST /api/Authentication/Locale", { token: reader.token, body: { locale: "fr" } }), noParams);
    expect(bad.status).toBe(422);
    const visitor = await Locale(jsonRequest("POST /api/Authentication/Locale", { body: { locale: "en" } }), noParams);
    expect(visitor.status).toBe(401);
    expect(await localeOf(reader.id)).toBe("ar");
  });
});
