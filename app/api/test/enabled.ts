import { notFound } from "@/server/core/errors";

/**
 * The /api/test/* routes exist for the browser tests only: they answer 404, as if absent, unless the
 * process was started with E2E_TEST_ROUTES=1 (scripts/e2e-server.ts sets it; nothing else does). The
 * check is each route's `guard` (defineRoute runs it before any input is read), so a disabled route gives nothing away.
 */
export function assertTestRoutesEnabled(): void {
  if (process.env.E2E_TEST_ROUTES !== "1") throw notFound();
}
