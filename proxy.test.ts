import { describe, expect, it, vi } from "vitest";
import { NextRequest, NextResponse } from "next/server";
import { encode, type JWT } from "next-auth/jwt";
import { SESSION_COOKIE_NAME } from "@/server/auth/session";
import proxy from "./proxy";

// next-intl's middleware is its own package's business (and its ESM build does not load under vitest's
// Node resolution); here it only marks the requests the guard hands on to it.
vi.mock("next-intl/middleware", () => ({
  default: () => () => {
    const res = NextResponse.next();
    res.headers.set("x-intl", "1");
    return res;
  },
}));

const user = { id: 7, role: 0, username: "u", fullName: "U", mustSelectRole: false, profileImageUrl: null };
const tokens = {
  accessToken: "a",
  refreshToken: "r",
  accessTokenExpiresAt: new Date(Date.now() + 60_000).toISOString(),
  refreshTokenExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
};

async function request(path: string, token?: JWT): Promise<NextRequest> {
  const headers: Record<string, string> = { "accept-language": "en" };
  if (token) headers.cookie = `${SESSION_COOKIE_NAME}=${await encode({ token, secret: process.env.AUTH_SECRET ?? "" })}`;
  return new NextRequest(`http://localhost:3000${path}`, { headers });
}

const location = (res: Response) => {
  const value = res.headers.get("location");
  return value ? new URL(value).pathname : null;
};

describe("proxy: dashboard guard", () => {
  it("sends signed-out visitors to /auth in their language", async () => {
    for (const [path, target] of [["/dashboard", "/auth"], ["/dashboard/favorites", "/auth"], ["/ar/dashboard", "/ar/auth"], ["/ar/dashboard/discovery/manga/3", "/ar/auth"]]) {
      const res = await proxy(await request(path!));
      expect(res.status, path).toBe(307);
      expect(location(res), path).toBe(target);
    }
  });

  it("treats an errored session or an expired refresh token as signed out", async () => {
    expect(location(await proxy(await request("/dashboard", { error: "RefreshAccessTokenError" })))).toBe("/auth");
    const stale = { user, tokens: { ...tokens, refreshTokenExpiresAt: new Date(Date.now() - 1000).toISOString() } };
    expect(location(await proxy(await request("/dashboard", stale)))).toBe("/auth");
    const forged = await request("/dashboard");
    forged.cookies.set(SESSION_COOKIE_NAME, "not-a-jwe");
    expect(location(await proxy(forged))).toBe("/auth");
  });

  it("lets a signed-in user through, and sends one who must choose a role to do so", async () => {
    const ok = await proxy(await request("/dashboard/favorites", { user, tokens }));
    expect(location(ok)).toBeNull();
    expect(ok.headers.get("x-intl")).toBe("1");
    const must = await proxy(await request("/ar/dashboard", { user: { ...user, mustSelectRole: true }, tokens }));
    expect(location(must)).toBe("/ar/auth/must-select-role");
  });

  it("leaves other pages to the language routing", async () => {
    for (const path of ["/discovery", "/dashboardish", "/auth", "/ar"]) {
      const res = await proxy(await request(path));
      expect(res.headers.get("x-intl"), path).toBe("1");
    }
  });
});
