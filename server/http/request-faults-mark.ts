import { isDatabaseUnavailable } from "@/server/core/database-unavailable";

/**
 * The half of ./request-faults.ts that Next's instrumentation hook imports: no Node modules, so it builds for any
 * runtime. It finds the custom server's request scope on globalThis (absent outside the custom server: a no-op).
 */
export const REQUEST_FAULTS_KEY = Symbol.for("manga.request-faults");

export interface RequestFaults {
  databaseUnavailable: boolean;
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
