import { markRequestError } from "./server/http/request-faults-mark";

/**
 * Next calls this for every error of a render or route: a page that failed because the database is away is answered
 * 503 with Retry-After instead of 500 (server/http/request-faults.ts, docs/decisions/019), and a page whose render
 * failed otherwise, even inside a Suspense boundary after its shell, 500 (docs/decisions/026).
 */
export function onRequestError(err: unknown): void {
  markRequestError(err);
}
