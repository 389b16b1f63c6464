import { describe, expect, it, vi } from "vitest";
import { encode } from "next-auth/jwt";
import { getDb } from "@/db/client";
import { env } from "@/server/env";
import { verifyAccessToken } from "./access-token";
import { login } from "./login";
import { logout } from "./logout";
import { createTestUser } from "./testing";

/** Issue 19, item 6 for pages: a signed-out sign-in's session cookie no longer gives a session user. */
const jar = { value: "" };
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (name === "next-auth.session-token" && jar.value ? { value: jar.value } : undefined),
    getAll: () => (jar.value ? [{ name: "next-auth.session-token", value: jar.value }] : []),
  }),
}));

describe("getSessionUser", () => {
  it("ends a page session whose sign-in was revoked", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const { tokens, user: profile } = await login({ db, username: user.username, password: user.password, ip: "10.66.0.1" });
    expect((await verifyAccessToken(tokens.accessToken))?.sid).toBeTruthy();
    jar.value = await encode({ token: { sub: String(user.id), tokens, user: { ...profile, id: user.id } }, secret: env.authSecret });
    // Fresh module each time: getSessionUser is cached per request with React's cache.
    const first = await import("./session");
    expect((await first.getSessionUser())?.id).toBe(user.id);
    await logout({ db, userId: user.id, refreshToken: tokens.refreshToken });
    vi.resetModules();
    const second = await import("./session");
    expect(await second.getSessionUser()).toBeNull();
  });
});
