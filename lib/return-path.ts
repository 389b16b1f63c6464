/**
 * Where a visitor sent to sign in wanted to go: `/auth?next=/dashboard/favorites` (proxy.ts and the session keeper
 * write it, and so do the public preview's chapter links and its heart: issue 31). The login form goes there after
 * signing in, and so does registration, which hands over to the login form on the same page with the same query.
 * Only three kinds of path of this site, without their language prefix (the router adds the visitor's own), are ever
 * followed: a dashboard page, a chapter in the reader (`/manga-reader/{mangaId}/{chapterId}`), a manga's public
 * preview (`/discovery/manga/{id}`), the offline page (`/offline`: the preview's "Save for offline", issue 32) and a
 * writer's page (`/writers/{username}`, the username percent-encoded: its Follow button, issue 34).
 * Anything else (another host, `//host`, a backslash, another path, something
 * too long) is dropped, so the parameter cannot send anyone elsewhere. The links that write it: ./login-then.ts.
 */
export const RETURN_PARAM = "next";

/** A dashboard page, a chapter in the reader or a public preview, then an optional plain query (no fragment). */
const RETURN_PATHS =
  /^(?:\/dashboard(?:\/[A-Za-z0-9\-_./]*)?|\/manga-reader\/\d{1,9}\/\d{1,9}|\/discovery\/manga\/\d{1,9}|\/offline|\/writers\/[A-Za-z0-9\-_.~%]{1,500})(?:\?[A-Za-z0-9\-_.~%=&+]*)?$/;

/** The longest return path followed. */
export const RETURN_PATH_MAX = 512;

/** The path (and query) in `value` to return to after signing in, or undefined to use the default. */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || value.length > RETURN_PATH_MAX || value.includes("..")) return undefined;
  return RETURN_PATHS.test(value) ? value : undefined;
}

/** `/ar/dashboard/x?y=1` → `/dashboard/x?y=1`: what a page's own address gives as its return path. */
export function returnPathOf(pathname: string, search = ""): string | undefined {
  return safeReturnPath(`${pathname.replace(/^\/(?:en|ar)(?=\/|$)/, "") || "/"}${search}`);
}
