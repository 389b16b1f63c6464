import { describe, expect, it, vi } from "vitest";
import { NextRequest, NextResponse } from "next/server";
import { encode, type JWT } from "next-auth/jwt";
import { SESSION_COOKIE_NAME } from "@/server/auth/session";
import proxy from "./proxy";

// next-intl's middleware is its own package's business (and its ESM build does not load under vitest's
// Node resolution); here it only marks the requests the guard hands on to it, and hands on their headers as it does.
const intlConfigs = vi.hoisted(() => [] as Array<{ localeCookie?: unknown }>);
vi.mock("next-intl/middleware", () => ({
  default: (config: { localeCookie?: unknown }) => (intlConfigs.push(config), (req: NextRequest) => {
    const res = NextResponse.next({ request: { headers: new Headers(req.headers) } });
    res.headers.set("x-intl", "1");
    // As next-intl does on a page of a language other than the remembered one.
    if (req.nextUrl.pathname.startsWith("/ar")) res.cookies.set("NEXT_LOCALE", "ar");
    return res;
  }),
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

describe("proxy: the language routing's headers", () => {
  it("add no hreflang Link header (from the request's origin: a cached page's was its warm-up's loopback address)", () => {
    expect(intlConfigs.at(-1)).toMatchObject({ alternateLinks: false });
  });
});

describe("proxy: the language cookie", () => {
  it("is never set by the server, on any page (only the language switcher writes it)", async () => {
    for (const path of ["/ar", "/ar/auth", "/ar/discovery?search=x", "/discovery"]) {
      const res = await proxy(await request(path));
      expect(res.headers.get("x-intl"), path).toBe("1");
      expect(res.headers.get("set-cookie"), path).toBeNull();
      expect(res.headers.get("x-middleware-set-cookie"), path).toBeNull();
    }
  });
});

describe("proxy: dashboard guard", () => {
  it("sends signed-out visitors to /auth in their language", async () => {
    for (const [path, target] of [["/dashboard", "/auth"], ["/dashboard/favorites", "/auth"], ["/ar/dashboard", "/ar/auth"], ["/ar/dashboard/discovery/manga/3", "/ar/auth"]]) {
      const res = await proxy(await request(path!));
      expect(res.status, path).toBe(307);
      expect(location(res), path).toBe(target);
    }
  });

  it("names the page they asked for, without its language prefix, for the login form to return to", async () => {
    const next = async (path: string) => new URL((await proxy(await request(path))).headers.get("location")!).searchParams.get("next");
    expect(await next("/dashboard/favorites")).toBe("/dashboard/favorites");
    expect(await next("/ar/dashboard/discovery/manga/3")).toBe("/dashboard/discovery/manga/3");
    expect(await next("/dashboard/user-management?page=2")).toBe("/dashboard/user-management?page=2");
    // Plain /dashboard is where signing in goes anyway; an odd path is not repeated.
    expect(await next("/dashboard")).toBeNull();
    expect(await next("/dashboard/x%3Cscript%3E")).toBeNull();
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

describe("proxy: the page's Content-Security-Policy (issue 19, item 7)", () => {
  const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

  it("gives every page a fresh nonce, in the response's policy and in the request Next renders", async () => {
    const seen = new Set<string>();
    for (const path of ["/", "/ar", "/discovery", "/ar/auth", "/dashboard/favorites", "/manga-reader/1/2"]) {
      const res = await proxy(await request(path, { user, tokens }));
      const csp = res.headers.get("content-security-policy");
      const nonce = nonceOf(csp);
      expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      seen.add(nonce!);
      expect(csp, path).toContain("frame-ancestors 'none'");
      // NextResponse.next/rewrite hand the request headers on through x-middleware-request-*.
      expect(res.headers.get("x-middleware-request-x-nonce"), path).toBe(nonce);
      expect(res.headers.get("x-middleware-request-content-security-policy"), path).toBe(csp);
    }
    expect(seen.size).toBe(6);
  });

  it("replaces a policy the client sent with its own, and also covers paths that name files", async () => {
    const req = await request("/missing.txt");
    req.headers.set("content-security-policy", "script-src 'nonce-chosen'");
    const res = await proxy(req);
    expect(res.headers.get("x-intl")).toBeNull();
    expect(nonceOf(res.headers.get("content-security-policy"))).not.toBe("chosen");
    expect(res.headers.get("x-middleware-request-content-security-policy")).toBe(res.headers.get("content-security-policy"));
  });

  it("puts its policy on the guard's redirects too", async () => {
    const res = await proxy(await request("/dashboard"));
    expect(res.status).toBe(307);
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});

describe("proxy: the language cookie", () => {
  it("is Secure when SITE_URL is https", async () => {
    expect(intlConfigs.at(-1)?.localeCookie).toMatchObject({ name: "NEXT_LOCALE", secure: false });
    vi.resetModules();
    vi.stubEnv("SITE_URL", "https://manga.example");
    try {
      await import("./proxy");
      expect(intlConfigs.at(-1)?.localeCookie).toMatchObject({ name: "NEXT_LOCALE", secure: true });
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
