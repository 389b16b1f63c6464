import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { encode, type JWT } from "next-auth/jwt";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { issueTokens } from "@/server/auth/issue-tokens";
import { refreshTokens } from "@/server/auth/refresh-tokens";
import { SESSION_COOKIE_NAME } from "@/server/auth/session";
import { POST } from "./route";

async function sessionCookie(token: JWT): Promise<string> {
  return `${SESSION_COOKIE_NAME}=${await encode({ token, secret: process.env.AUTH_SECRET ?? "" })}`;
}

function post(cookie?: string, origin?: string, extra: Record<string, string> = {}): NextRequest {
  const headers: Record<string, string> = { host: "localhost:3000", ...extra };
  if (cookie) headers.cookie = cookie;
  if (origin) headers.origin = origin;
  return new NextRequest("http://localhost:3000/api/auth/logout", { method: "POST", headers });
}

describe("POST /api/auth/logout (backend half of signing out)", () => {
  it("revokes the session's refresh token", async () => {
    const db = await getDb();
    const [row] = await db.insert(users).values({ username: "bye", email: "bye@example.com", fullName: "Bye" }).returning({ id: users.id });
    const tokens = await issueTokens({ db, userId: row!.id, role: Role.reader });
    const cookie = await sessionCookie({
      tokens,
      user: { id: row!.id, role: Role.reader, username: "bye", fullName: "Bye", mustSelectRole: false, profileImageUrl: null },
    });
    const res = await POST(post(cookie, "http://localhost:3000"));
    expect(await res.json()).toEqual({ ok: true });
    await expect(refreshTokens({ db, refreshToken: tokens.refreshToken })).rejects.toMatchObject({ httpStatus: 401 });
  });

  it("skips the backend call without both tokens", async () => {
    expect(await (await POST(post())).json()).toEqual({ ok: false, reason: "missingTokens" });
    const errored = await sessionCookie({ error: "RefreshAccessTokenError" });
    expect(await (await POST(post(errored))).json()).toEqual({ ok: false, reason: "missingTokens" });
  });

  it("refuses other sites", async () => {
    const res = await POST(post(undefined, "https://evil.example"));
    expect(res.status).toBe(403);
    // A cross-site request that claims the site's host is still refused by the browser's own marker.
    const spoofed = await POST(post(undefined, "http://localhost:3000", { "sec-fetch-site": "cross-site" }));
    expect(spoofed.status).toBe(403);
  });

  it("accepts a same-origin request on a host other than SITE_URL's (127.0.0.1, a LAN address)", async () => {
    const res = await POST(post(undefined, "http://127.0.0.1:3100", { host: "127.0.0.1:3100", "sec-fetch-site": "same-origin" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: false, reason: "missingTokens" });
  });
});
