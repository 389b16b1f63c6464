/**
 * Where a visitor sent to sign in wanted to go: `/auth?next=/dashboard/favorites` (proxy.ts and the session keeper
 * write it, the login form goes there after signing in). Only a dashboard path of this site, without its language
 * prefix (the router adds the visitor's own), is ever followed: anything else (another host, `//host`, a
 * backslash, a path outside the dashboard, something too long) is dropped, so the parameter cannot send anyone
 * elsewhere.
 */
export const RETURN_PARAM = "next";

const DASHBOARD_PATH = /^\/dashboard(?:\/[A-Za-z0-9\-_./]*)?(?:\?[A-Za-z0-9\-_.~%=&+]*)?$/;

/** The dashboard path (and query) in `value` to return to after signing in, or undefined to use the default. */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || value.length > 512 || value.includes("..")) return undefined;
  return DASHBOARD_PATH.test(value) ? value : undefined;
}

/** `/ar/dashboard/x?y=1` → `/dashboard/x?y=1`: what a page's own address gives as its return path. */
export function returnPathOf(pathname: string, search = ""): string | undefined {
  return safeReturnPath(`${pathname.replace(/^\/(?:en|ar)(?=\/|$)/, "") || "/"}${search}`);
}
