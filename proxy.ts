import createMiddleware from "next-intl/middleware";
import { NextRequest, NextResponse } from "next/server";
import { LOCALE_COOKIE, routing } from "./i18n/routing";
import { deadSessionReason, isLiveSession, readSessionToken } from "./server/auth/session";
import { isHttpsSite } from "./server/core/site-url";
import { newNonce, pageCsp } from "./server/http/security-headers";
import { env } from "./server/env";
import { RETURN_PARAM, returnPathOf } from "./lib/return-path";
import { SESSION_END_PARAM } from "./lib/session-end";

// The language cookie is Secure when the site is served over https (issue 19, item 7).
const intl = createMiddleware({ ...routing, localeCookie: { ...LOCALE_COOKIE, secure: isHttpsSite(env.siteUrl) } });

/** /dashboard and its sub-paths, in either language (`/ar/dashboard/...`). */
const DASHBOARD = /^(?:\/(en|ar))?\/dashboard(?:\/|$)/;

/** A path naming a file (`/name.ext`) or inside Next's own `/_next/`: no language routing (Next answers it, or its 404). */
const NOT_ROUTED = /^\/_next\/|\/[^/]*\.[^/]*$/;

/**
 * Next 16's middleware: language routing (next-intl), plus the dashboard guard (spec §2 auth guard,
 * DESIGN §4): signed-out visitors — no session cookie, an errored session, or an expired refresh token —
 * go to /auth (with `?next=` the page they asked for, lib/return-path.ts), and a signed-in user who still must choose a role goes to /auth/must-select-role.
 * The session cookie is only decoded here, never refreshed.
 *
 * Every page gets a fresh nonce and its Content-Security-Policy (server/http/security-headers.ts): the policy goes
 * on the response and, with `x-nonce`, on the request Next renders, which is where Next reads the nonce it puts on
 * its own scripts (the layout reads `x-nonce` for ours). The server's strict API policy is replaced by it.
 */
export default async function proxy(req: NextRequest): Promise<NextResponse> {
  const nonce = newNonce();
  const csp = pageCsp(nonce, { siteUrl: env.siteUrl, dev: process.env.NODE_ENV === "development" });
  const headers = new Headers(req.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", csp);
  const res = await route(req, headers);
  res.headers.set("Content-Security-Policy", csp);
  return res;
}

async function route(req: NextRequest, headers: Headers): Promise<NextResponse> {
  if (NOT_ROUTED.test(req.nextUrl.pathname)) return NextResponse.next({ request: { headers } });
  const match = DASHBOARD.exec(req.nextUrl.pathname);
  if (match) {
    const prefix = match[1] === "ar" ? "/ar" : "";
    const token = await readSessionToken(req.cookies);
    if (!isLiveSession(token)) {
      // The login form brings the visitor back here afterwards (a plain /dashboard needs no return path).
      const back = returnPathOf(req.nextUrl.pathname, req.nextUrl.search);
      // An ended session (not a visitor's missing one) says why on the sign-in page (lib/session-end.ts).
      const reason = deadSessionReason(token);
      return redirectTo(req, `${prefix}/auth`, { ...(reason ? { [SESSION_END_PARAM]: reason } : {}), ...(back && back !== "/dashboard" ? { [RETURN_PARAM]: back } : {}) });
    }
    if (token.user.mustSelectRole) return redirectTo(req, `${prefix}/auth/must-select-role`);
  }
  // next-intl hands the request's headers on to the page (a copy of them, plus its locale header).
  const res = intl(new NextRequest(req.url, { headers, method: req.method }));
  // Only the visitor's own choice writes the language cookie, in the browser (the language switcher, the profile's
  // language setting). next-intl would also set it on any /ar page it answers (so opening one Arabic link would send
  // every later visit to `/` to /ar), but never on a cached page, which must not set cookies (ADR 019). One rule for
  // every page: the server never does.
  res.headers.delete("set-cookie");
  res.headers.delete("x-middleware-set-cookie");
  return res;
}

function redirectTo(req: NextRequest, pathname: string, query: Record<string, string> = {}): NextResponse {
  const url = req.nextUrl.clone();
  url.pathname = pathname;
  url.search = new URLSearchParams(query).toString();
  const res = NextResponse.redirect(url);
  res.headers.set("Cache-Control", "no-store");
  return res;
}

export const config = {
  // Pages (and the 404 of any other path): not the API, media bytes, Next's assets, robots, the sitemaps or the icon.
  matcher: ["/((?!api(?:/|$)|media(?:/|$)|_next/static/|_next/image(?:/|$)|_vercel/|robots\\.txt$|sitemap\\.xml$|sitemaps/|feeds/|icon\\.svg$|favicon\\.ico$).*)"],
};
