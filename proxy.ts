import createMiddleware from "next-intl/middleware";
import { NextResponse, type NextRequest } from "next/server";
import { routing } from "./i18n/routing";
import { isLiveSession, readSessionToken } from "./server/auth/session";

const intl = createMiddleware(routing);

/** /dashboard and its sub-paths, in either language (`/ar/dashboard/...`). */
const DASHBOARD = /^(?:\/(en|ar))?\/dashboard(?:\/|$)/;

/**
 * Next 16's middleware: language routing (next-intl), plus the dashboard guard (spec §2 auth guard,
 * DESIGN §4): signed-out visitors — no session cookie, an errored session, or an expired refresh token —
 * go to /auth, and a signed-in user who still must choose a role goes to /auth/must-select-role.
 * The session cookie is only decoded here, never refreshed.
 */
export default async function proxy(req: NextRequest): Promise<NextResponse> {
  const match = DASHBOARD.exec(req.nextUrl.pathname);
  if (match) {
    const prefix = match[1] === "ar" ? "/ar" : "";
    const token = await readSessionToken(req.cookies);
    if (!isLiveSession(token)) return redirectTo(req, `${prefix}/auth`);
    if (token.user.mustSelectRole) return redirectTo(req, `${prefix}/auth/must-select-role`);
  }
  return intl(req);
}

function redirectTo(req: NextRequest, pathname: string): NextResponse {
  const url = req.nextUrl.clone();
  url.pathname = pathname;
  url.search = "";
  const res = NextResponse.redirect(url);
  res.headers.set("Cache-Control", "no-store");
  return res;
}

export const config = {
  // Pages only: not the API, media bytes, Next internals or files with an extension.
  matcher: ["/((?!api|media|_next|_vercel|.*\\..*).*)"],
};
