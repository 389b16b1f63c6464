import { isDatabaseUnavailable } from "@/server/core/database-unavailable";

/**
 * The half of ./request-faults.ts that Next's instrumentation hook imports: no Node modules, so it builds for any
 * runtime. It finds the custom server's request scope on globalThis (absent outside the custom server: a no-op).
 */
export const REQUEST_FAULTS_KEY = Symbol.for("manga.request-faults");

export interface RequestFaults {
  databaseUnavailable: boolean;
  /** The page rendered its own not-found content (markNotFound): its 200 is written as 404. */
  notFound?: boolean;
  /** The page rendered the 403 view (markForbidden): its 200 is written as 403, uncached. */
  forbidden?: boolean;
  /** Next reported a render error (onRequestError) that is not the database's: the page is written as 500, uncached. */
  failed?: boolean;
}

interface Scope {
  getStore(): RequestFaults | undefined;
}

/** Marks the current request as failed by the database being away, when `err` says so. */
export function markUnavailable(err: unknown): void {
  if (!isDatabaseUnavailable(err)) return;
  const scope = (globalThis as Record<symbol, Scope | undefined>)[REQUEST_FAULTS_KEY]?.getStore();
  if (scope) scope.databaseUnavailable = true;
}

/**
 * Says that the page being rendered is its not-found page, so the response is a 404 (docs/decisions/021). A page
 * renders its not-found content itself and calls this, instead of throwing Next's `notFound()`: in a production
 * render that throw escapes to Next's error shell (`<html id="__next_error__">`, no language, an empty body) and the
 * not-found text arrives only with JavaScript. A no-op outside the custom server.
 */
export function markNotFound(): void {
  const scope = (globalThis as Record<symbol, Scope | undefined>)[REQUEST_FAULTS_KEY]?.getStore();
  if (scope) scope.notFound = true;
}

/**
 * Says that the page being rendered is the 403 view ("Access denied", components/dashboard/Forbidden.tsx), so the
 * response is a 403 and is not cached (docs/decisions/026). A no-op outside the custom server.
 */
export function markForbidden(): void {
  const scope = (globalThis as Record<symbol, Scope | undefined>)[REQUEST_FAULTS_KEY]?.getStore();
  if (scope) scope.forbidden = true;
}

/**
 * Next's onRequestError (instrumentation.ts): the database away marks a 503; any other render error a 500, also one
 * thrown inside a Suspense boundary after the page's first bytes (the custom server holds a page's head until its
 * render is done: ./request-faults.ts).
 */
export function markRequestError(err: unknown): void {
  if (isDatabaseUnavailable(err)) return markUnavailable(err);
  const scope = (globalThis as Record<symbol, Scope | undefined>)[REQUEST_FAULTS_KEY]?.getStore();
  if (scope) scope.failed = true;
}
