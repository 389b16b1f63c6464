import { eq } from "drizzle-orm";
import type { NextAuthOptions } from "next-auth";
import type { AdapterUser } from "next-auth/adapters";
import type { JWT } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, type Db } from "@/db/client";
import { users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { issueTokens } from "./issue-tokens";
import { createTestUser } from "./testing";

/**
 * The session endpoint's route (app/api/auth/[...nextauth]/route.ts) hands next-auth the options for its request: with
 * the language that request's browser chose (the NEXT_LOCALE cookie a language switch writes), which the account then
 * follows (issue 28). next-auth itself needs Next's request scope, so it is replaced here by a stand-in that keeps the
 * options it was given; the options' own JWT callback then runs as next-auth would run it for the session read.
 */
const given = vi.hoisted(() => ({ options: [] as NextAuthOptions[] }));
vi.mock("next-auth", () => ({
  default: (_req: unknown, _ctx: unknown, options: NextAuthOptions) => {
    given.options.push(options);
    return Promise.resolve(new Response("{}"));
  },
}));
const { GET, POST } = await import("@/app/api/auth/[...nextauth]/route");

let db: Db;
beforeAll(async () => {
  db = await getDb();
});

const ctx = { params: Promise.resolve({ nextauth: ["session"] }) };
const localeOf = async (id: number) => (await db.select({ locale: users.locale }).from(users).where(eq(users.id, id)))[0]?.locale;

/** One request to the session endpoint; answers the token its JWT callback makes of `token`. */
async function sessionRead(handler: typeof GET, token: JWT, cookie?: string): Promise<JWT> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  await handler(new NextRequest("http://localhost:3000/api/auth/session", { method: handler === POST ? "POST" : "GET", headers }), ctx);
  const options = given.options.at(-1)!;
  return options.callbacks!.jwt!({ token, user: undefined as unknown as AdapterUser, account: null });
}

describe("GET/POST /api/auth/session keep the browser's chosen language on the account", () => {
  it("a read after a switch to Arabic makes the account Arabic, once; a switch back makes it English", async () => {
    const user = await createTestUser(db, { locale: "en" });
    const tokens = await issueTokens({ db, userId: user.id, role: Role.reader });
    const token: JWT = { sub: String(user.id), tokens, user: { id: user.id, role: Role.reader, username: user.username, fullName: "T", mustSelectRole: false, profileImageUrl: null, theme: "system" } };

    const noChoice = await sessionRead(GET, token, "other=1");
    expect(noChoice.locale).toBeUndefined();
    expect(await localeOf(user.id)).toBe("en");

    const switched = await sessionRead(GET, token, "NEXT_LOCALE=ar; other=1");
    expect(switched.locale).toBe("ar");
    expect(await localeOf(user.id)).toBe("ar");

    // Later pages in Arabic write nothing (here: what another device set meanwhile stays).
    await db.update(users).set({ locale: "en" }).where(eq(users.id, user.id));
    expect((await sessionRead(GET, switched, "NEXT_LOCALE=ar")).locale).toBe("ar");
    expect(await localeOf(user.id)).toBe("en");

    await db.update(users).set({ locale: "ar" }).where(eq(users.id, user.id));
    const back = await sessionRead(POST, switched, "NEXT_LOCALE=en");
    expect(back.locale).toBe("en");
    expect(await localeOf(user.id)).toBe("en");
  });
});
