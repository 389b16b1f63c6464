import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Account, Session, User } from "next-auth";
import type { AdapterUser } from "next-auth/adapters";
import { encode, type JWT } from "next-auth/jwt";
import type { CredentialsConfig } from "next-auth/providers/credentials";
import { getDb, type Db } from "@/db/client";
import { Role } from "@/lib/enums";
import { env } from "@/server/env";
import { updateUser } from "@/server/users/update-user";
import { SESSION_REFRESH_ERROR } from "@/types/session";
import { logout } from "./logout";
import { authOptions } from "./next-auth";
import { deadSessionReason } from "./session";
import { sessionEndReason } from "./session-end-reason";
import { createTestUser, type TestUser } from "./testing";

/**
 * Issue 31, item 6c: a session the server ends says why on the sign-in page only when the server knows it. Root's role
 * change revokes every sign-in of the account; the session then ends with `role-changed`, through the client's refresh
 * (next-auth's JWT callback) and through a page render (the dashboard's redirect). Any other end is the generic `ended`.
 */
const jar = { value: "" };
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (name === "next-auth.session-token" && jar.value ? { value: jar.value } : undefined),
    getAll: () => (jar.value ? [{ name: "next-auth.session-token", value: jar.value }] : []),
  }),
}));

let db: Db;
let root: TestUser;

beforeAll(async () => {
  db = await getDb();
  root = await createTestUser(db, { role: Role.root });
});

const provider = authOptions.providers[0] as unknown as { options: CredentialsConfig };
const account: Account = { providerAccountId: "x", type: "credentials", provider: "credentials" };
const jwt = (params: { token: JWT; user?: User; trigger?: "signIn" | "update"; session?: unknown }) =>
  authOptions.callbacks!.jwt!({ account, ...params, user: params.user ?? (undefined as unknown as AdapterUser) });
const session = (token: JWT): Promise<Session> =>
  Promise.resolve(authOptions.callbacks!.session!({ session: { expires: new Date(Date.now() + 60_000).toISOString() } as Session, token, user: undefined as unknown as AdapterUser, newSession: undefined, trigger: "update" })) as Promise<Session>;

async function signedIn(user: TestUser): Promise<JWT> {
  const signedInUser = await provider.options.authorize({ username: user.username, password: user.password, locale: "en" }, { headers: { "x-forwarded-for": "10.31.6.3" }, body: {}, query: {}, method: "POST" });
  expect(signedInUser).toBeTruthy();
  return jwt({ token: { sub: String(user.id) }, user: signedInUser as User, trigger: "signIn" });
}

const changeRole = (user: TestUser, role: Role) =>
  updateUser({ db, viewer: { userId: root.id, role: Role.root }, input: { id: user.id, role }, locale: "en" });

describe("why a session ended", () => {
  it("sessionEndReason: role-changed only for an existing account whose role is not the session's", async () => {
    const user = await createTestUser(db, { role: Role.writer });
    expect(await sessionEndReason({ db, userId: user.id, sessionRole: Role.writer })).toBe("ended");
    expect(await sessionEndReason({ db, userId: user.id, sessionRole: Role.reader })).toBe("role-changed");
    const banned = await createTestUser(db, { role: Role.writer, banned: true });
    expect(await sessionEndReason({ db, userId: banned.id, sessionRole: Role.reader })).toBe("ended");
    expect(await sessionEndReason({ db, userId: 2_000_000_000, sessionRole: Role.reader })).toBe("ended");
  });

  it("root's role change: the client's refresh is refused and the session says role-changed", async () => {
    const user = await createTestUser(db, { role: Role.writer });
    const token = await signedIn(user);
    await changeRole(user, Role.reader);
    const next = await jwt({ token, trigger: "update", session: { refresh: true } });
    expect(next).toMatchObject({ error: SESSION_REFRESH_ERROR, endReason: "role-changed" });
    expect(next.tokens).toBeUndefined();
    expect(await session(next)).toEqual({ expires: expect.any(String), error: SESSION_REFRESH_ERROR, endReason: "role-changed" });
    // The proxy reads the same from the cookie alone.
    expect(deadSessionReason(next)).toBe("role-changed");
  });

  it("a sign-in ended otherwise (signed out elsewhere) says only that it ended", async () => {
    const user = await createTestUser(db, { role: Role.writer });
    const token = await signedIn(user);
    await logout({ db, userId: user.id, refreshToken: token.tokens!.refreshToken });
    const next = await jwt({ token, trigger: "update", session: { refresh: true } });
    expect(next).toMatchObject({ error: SESSION_REFRESH_ERROR, endReason: "ended" });
    expect(await session(next)).toMatchObject({ endReason: "ended" });
  });

  it("a page render of a session revoked by a role change redirects to /auth?reason=role-changed; a visitor gets /auth", async () => {
    const user = await createTestUser(db, { role: Role.writer });
    const token = await signedIn(user);
    jar.value = await encode({ token, secret: env.authSecret });
    const live = await import("./session");
    expect((await live.getSessionUser())?.id).toBe(user.id);
    await changeRole(user, Role.reader);
    vi.resetModules();
    const after = await import("./session");
    expect(await after.getSessionUser()).toBeNull();
    expect(await after.signInHref()).toBe("/auth?reason=role-changed");

    jar.value = "";
    vi.resetModules();
    expect(await (await import("./session")).signInHref()).toBe("/auth");
  });

  it("deadSessionReason: no cookie or a live one has none; an expired or errored one without a reason is 'ended'", () => {
    const user = { id: 1, role: 0, username: "u", fullName: "U", mustSelectRole: false, profileImageUrl: null };
    const tokens = (refreshEnds: number) => ({ accessToken: "a", refreshToken: "r", accessTokenExpiresAt: new Date().toISOString(), refreshTokenExpiresAt: new Date(refreshEnds).toISOString() });
    expect(deadSessionReason(null)).toBeNull();
    expect(deadSessionReason({ user, tokens: tokens(Date.now() + 60_000) })).toBeNull();
    expect(deadSessionReason({ user, tokens: tokens(Date.now() - 1) })).toBe("ended");
    expect(deadSessionReason({ error: SESSION_REFRESH_ERROR })).toBe("ended");
  });
});
