import { beforeAll, describe, expect, it } from "vitest";
import type { Account, Session, User } from "next-auth";
import type { AdapterUser } from "next-auth/adapters";
import type { JWT } from "next-auth/jwt";
import type { CredentialsConfig } from "next-auth/providers/credentials";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { SESSION_REFRESH_ERROR } from "@/types/session";
import { authOptions, authOptionsFor, chosenLocaleOf } from "./next-auth";
import { hashPassword } from "./password";
import { refreshTokens } from "./refresh-tokens";
import { isLiveSession } from "./session";

/**
 * The browser session's server half: the Credentials provider signs in with the same login as the API,
 * the JWT callback keeps and rotates the token set, the session the browser sees never holds the
 * refresh token, and a failed rotation marks the session errored.
 */
const PASSWORD = "Secret#Pass1";
let userId = 0;

beforeAll(async () => {
  const db = await getDb();
  const [row] = await db
    .insert(users)
    .values({ username: "sess_user", email: "sess.user@example.com", fullName: "Session User", passwordHash: await hashPassword(PASSWORD), role: Role.writer })
    .returning({ id: users.id });
  userId = row!.id;
});

const provider = authOptions.providers[0] as unknown as { options: CredentialsConfig };
const authorize = (credentials: Record<string, string>): Promise<User | null> =>
  Promise.resolve(provider.options.authorize(credentials, { headers: { "x-forwarded-for": "10.1.2.3" }, body: {}, query: {}, method: "POST" }));

const callbacks = authOptions.callbacks!;
const account: Account = { providerAccountId: "x", type: "credentials", provider: "credentials" };
const jwt = (params: { token: JWT; user?: User; trigger?: "signIn" | "update"; session?: unknown }) =>
  callbacks.jwt!({ account, ...params, user: params.user ?? (undefined as unknown as AdapterUser) });
const session = (token: JWT): Promise<Session> =>
  Promise.resolve(callbacks.session!({ session: { expires: new Date(Date.now() + 60_000).toISOString() } as Session, token, user: undefined as unknown as AdapterUser, newSession: undefined, trigger: "update" })) as Promise<Session>;

async function signedInToken(): Promise<JWT> {
  const user = await authorize({ username: "sess_user", password: PASSWORD, locale: "en" });
  expect(user).toBeTruthy();
  return jwt({ token: { sub: String(userId) }, user: user as User, trigger: "signIn" });
}

describe("next-auth session", () => {
  it("signs in with the login use case and keeps the token set and a small user", async () => {
    const token = await signedInToken();
    expect(token.tokens?.refreshToken).toBeTruthy();
    expect(token.user).toEqual({ id: userId, role: Role.writer, username: "sess_user", fullName: "Session User", mustSelectRole: false, profileImageUrl: null, theme: "system" });
    expect(isLiveSession(token)).toBe(true);
  });

  it("accepts the e-mail address in the username field", async () => {
    const user = await authorize({ username: "Sess.User@example.com", password: PASSWORD });
    expect((user as User).profile.username).toBe("sess_user");
  });

  it("exposes the access token and user, never the refresh token", async () => {
    const token = await signedInToken();
    const s = await session(token);
    expect(s.accessToken).toBe(token.tokens!.accessToken);
    expect(s.accessTokenExpiresAt).toBe(token.tokens!.accessTokenExpiresAt);
    expect(s.user?.username).toBe("sess_user");
    expect(JSON.stringify(s)).not.toContain(token.tokens!.refreshToken);
    expect(Object.keys(s).sort()).toEqual(["accessToken", "accessTokenExpiresAt", "expires", "user"]);
  });

  it("reports a failed sign-in with its status and the localized server message", async () => {
    const en = await authorize({ username: "sess_user", password: "wrong", locale: "en" }).catch((e: Error) => e);
    expect(JSON.parse((en as Error).message)).toEqual({ status: 401, message: "Invalid username or password." });
    const ar = await authorize({ username: "nobody_here", password: "wrong", locale: "ar" }).catch((e: Error) => e);
    const parsed = JSON.parse((ar as Error).message) as { status: number; message: string };
    expect(parsed.status).toBe(401);
    expect(parsed.message).toMatch(/[\u0600-\u06FF]/);
  });

  it("keeps the token while the access token is fresh", async () => {
    const token = await signedInToken();
    const again = await jwt({ token });
    expect(again.tokens).toEqual(token.tokens);
  });

  it("rotates shortly before the access token expires, and the old refresh token is spent", async () => {
    const token = await signedInToken();
    const due = { ...token, tokens: { ...token.tokens!, accessTokenExpiresAt: new Date(Date.now() + 10_000).toISOString() } };
    const next = await jwt({ token: due });
    expect(next.error).toBeUndefined();
    expect(next.tokens!.refreshToken).not.toBe(token.tokens!.refreshToken);
    expect(Date.parse(next.tokens!.accessTokenExpiresAt)).toBeGreaterThan(Date.now() + 60_000);
    await expect(refreshTokens({ db: await getDb(), refreshToken: token.tokens!.refreshToken })).rejects.toMatchObject({ httpStatus: 401 });
  });

  it("rotates on request (update({ refresh: true })) and reloads the user", async () => {
    const token = await signedInToken();
    const db = await getDb();
    const { eq } = await import("drizzle-orm");
    await db.update(users).set({ fullName: "Renamed User" }).where(eq(users.id, userId));
    const next = await jwt({ token, trigger: "update", session: { refresh: true } });
    expect(next.tokens!.refreshToken).not.toBe(token.tokens!.refreshToken);
    expect(next.user?.fullName).toBe("Renamed User");
    await db.update(users).set({ fullName: "Session User" }).where(eq(users.id, userId));
  });

  it("ignores anything else a client sends with update()", async () => {
    const token = await signedInToken();
    const next = await jwt({ token, trigger: "update", session: { user: { role: Role.root }, tokens: { refreshToken: "x" } } });
    expect(next.user?.role).toBe(Role.writer);
    expect(next.tokens).toEqual(token.tokens);
  });

  it("shares one rotation between concurrent refreshes of the same token set", async () => {
    const token = await signedInToken();
    const due = { ...token, tokens: { ...token.tokens!, accessTokenExpiresAt: new Date(Date.now() - 1000).toISOString() } };
    const [a, b] = await Promise.all([jwt({ token: due }), jwt({ token: due })]);
    expect(a.error).toBeUndefined();
    expect(b.error).toBeUndefined();
    expect(a.tokens).toEqual(b.tokens);
  });

  it("keeps the session through a database outage: a rotation that cannot reach the database is tried again later", async () => {
    const token = await signedInToken();
    const due = { ...token, tokens: { ...token.tokens!, accessTokenExpiresAt: new Date(Date.now() - 1000).toISOString() } };
    const db = await getDb();
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const { vi } = await import("vitest");
    const down = () => {
      throw refused;
    };
    const outage = [
      vi.spyOn(db, "transaction").mockRejectedValue(refused),
      vi.spyOn(db, "select").mockImplementation(down),
      vi.spyOn(db, "execute").mockImplementation(down),
      vi.spyOn(db, "update").mockImplementation(down),
      vi.spyOn(db, "insert").mockImplementation(down),
    ];
    try {
      const during = await jwt({ token: due });
      expect(during.error).toBeUndefined();
      expect(during.tokens).toEqual(due.tokens);
      await expect(authorize({ username: "sess_user", password: PASSWORD, locale: "en" })).rejects.toThrow(/"status":503/);
    } finally {
      for (const spy of outage) spy.mockRestore();
    }
    const after = await jwt({ token: due });
    expect(after.error).toBeUndefined();
    expect(after.tokens!.refreshToken).not.toBe(token.tokens!.refreshToken);
  });

  it("marks the session errored when rotation fails, and the session then carries no tokens", async () => {
    const token = await signedInToken();
    const broken = { ...token, tokens: { ...token.tokens!, refreshToken: "not-a-real-token", accessTokenExpiresAt: new Date(0).toISOString() } };
    const next = await jwt({ token: broken });
    expect(next.error).toBe(SESSION_REFRESH_ERROR);
    expect(next.tokens).toBeUndefined();
    expect(isLiveSession(next)).toBe(false);
    const s = await session(next);
    // A refused refresh says why (the account's role is unchanged here, so only that it ended; issue 31, 6c).
    expect(s).toEqual({ expires: expect.any(String), error: SESSION_REFRESH_ERROR, endReason: "ended" });
    // An errored token stays errored.
    expect((await jwt({ token: next, trigger: "update", session: { refresh: true } })).error).toBe(SESSION_REFRESH_ERROR);
  });

  it("treats an expired refresh token as signed out", () => {
    const token: JWT = {
      user: { id: 1, role: 0, username: "u", fullName: "U", mustSelectRole: false, profileImageUrl: null },
      tokens: { accessToken: "a", refreshToken: "r", accessTokenExpiresAt: new Date().toISOString(), refreshTokenExpiresAt: new Date(Date.now() - 1).toISOString() },
    };
    expect(isLiveSession(token)).toBe(false);
    expect(isLiveSession(null)).toBe(false);
  });
});

/**
 * Issue 28: the account's language follows the person. Every page reads the session endpoint as it loads; a language
 * switch (the top bar's or the profile's) has just written the NEXT_LOCALE cookie, and the endpoint's options for that
 * request (authOptionsFor(chosenLocaleOf(req)), app/api/auth/[...nextauth]/route.ts) keep it on the account once.
 */
describe("the session keeps the chosen language on the account", () => {
  const localeOf = async () => {
    const { eq } = await import("drizzle-orm");
    return (await (await getDb()).select({ locale: users.locale }).from(users).where(eq(users.id, userId)))[0]?.locale;
  };
  const setLocale = async (locale: string) => {
    const { eq } = await import("drizzle-orm");
    await (await getDb()).update(users).set({ locale }).where(eq(users.id, userId));
  };
  const read = (token: JWT, chosen?: "en" | "ar", extra: { trigger?: "update"; session?: unknown } = {}) =>
    authOptionsFor(chosen).callbacks!.jwt!({ account, token, user: undefined as unknown as AdapterUser, ...extra });

  it("reads the choice from the language cookie only: not Accept-Language, not another language", () => {
    const req = (headers: Record<string, string>) => new Request("http://localhost/api/auth/session", { headers });
    expect(chosenLocaleOf(req({ cookie: "a=1; NEXT_LOCALE=ar; b=2" }))).toBe("ar");
    expect(chosenLocaleOf(req({ cookie: "NEXT_LOCALE=EN" }))).toBe("en");
    expect(chosenLocaleOf(req({ cookie: "NEXT_LOCALE=fr" }))).toBeUndefined();
    expect(chosenLocaleOf(req({ cookie: "MY_NEXT_LOCALE=ar" }))).toBeUndefined();
    expect(chosenLocaleOf(req({ "accept-language": "ar" }))).toBeUndefined();
    expect(chosenLocaleOf(req({}))).toBeUndefined();
  });

  it("a sign-in in a browser that chose Arabic makes the account Arabic", async () => {
    await setLocale("en");
    const user = await authorize({ username: "sess_user", password: PASSWORD, locale: "ar" });
    const token = await authOptionsFor("ar").callbacks!.jwt!({ account, token: { sub: String(userId) }, user: user as User, trigger: "signIn" });
    expect(token.locale).toBe("ar");
    expect(await localeOf()).toBe("ar");
  });

  it("a switch is written once: later reads in the same language write nothing; switching back writes again", async () => {
    await setLocale("en");
    const token = await signedInToken();
    const switched = await read(token, "ar");
    expect(switched.locale).toBe("ar");
    expect(switched.tokens).toEqual(token.tokens);
    expect(await localeOf()).toBe("ar");
    // Another device changed the account meanwhile: this session's later reads (same cookie) leave it alone.
    await setLocale("en");
    expect((await read(switched, "ar")).locale).toBe("ar");
    expect((await read(switched, "ar", { trigger: "update", session: { reloadUser: true } })).locale).toBe("ar");
    expect(await localeOf()).toBe("en");
    // Until this browser switches again.
    await setLocale("ar");
    const back = await read(switched, "en");
    expect(back.locale).toBe("en");
    expect(await localeOf()).toBe("en");
  });

  it("a rotation keeps what the session kept; a browser that never chose, or an errored session, changes nothing", async () => {
    await setLocale("ar");
    const token = { ...(await signedInToken()), locale: "ar" as const };
    const due = { ...token, tokens: { ...token.tokens!, accessTokenExpiresAt: new Date(Date.now() - 1000).toISOString() } };
    const rotated = await read(due, "ar");
    expect(rotated.tokens!.refreshToken).not.toBe(token.tokens!.refreshToken);
    expect(rotated.locale).toBe("ar");
    expect((await read(token)).locale).toBe("ar");
    expect(await localeOf()).toBe("ar");
    const errored = await read({ ...token, locale: undefined, tokens: undefined, error: SESSION_REFRESH_ERROR }, "en");
    expect(errored.locale).toBeUndefined();
    expect(await localeOf()).toBe("ar");
  });

  it("a database that is away keeps the session as it was, and the next read tries again", async () => {
    await setLocale("en");
    const token = await signedInToken();
    const db = await getDb();
    const { vi } = await import("vitest");
    const spy = vi.spyOn(db, "update").mockImplementation(() => {
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    });
    try {
      const during = await read(token, "ar");
      expect(during.locale).toBeUndefined();
      expect(during.tokens).toEqual(token.tokens);
    } finally {
      spy.mockRestore();
    }
    expect((await read(token, "ar")).locale).toBe("ar");
    expect(await localeOf()).toBe("ar");
  });
});
