/**
 * Whether an error means "the database cannot be reached right now" rather than "this request is wrong" or "the code
 * has a bug" (docs/decisions/019, Faults): a restart, a failover, a network cut, a full pool. Those are answered 503
 * with Retry-After, never 500. Plain JavaScript without imports, so the HTTP layer, the socket upgrade and Next's
 * instrumentation hook (any runtime) can all use it.
 *
 * Drizzle wraps a driver's error in its own (`cause`), so the whole cause chain is read.
 */

/** PostgreSQL SQLSTATEs of an unavailable server (class 08 is matched as a class). */
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown: the server is stopping (pg_ctl stop, a restart)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: the server is starting up or in recovery
  "57P05", // idle_session_timeout
  "53300", // too_many_connections
  "57014", // query_canceled: the statement timeout (a stuck or overloaded database)
  "25P03", // idle_in_transaction_session_timeout
]);

/** Node's socket and DNS errors on the way to the database. */
const UNAVAILABLE_NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** node-postgres and pg-pool say these in words only. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/i, // "… unexpectedly", "… due to connection timeout"
  /timeout exceeded when trying to connect/i, // pg-pool: no client within connectionTimeoutMillis
  /is not queryable/i, // a client whose connection died
  /^Query read timeout/i,
  /the database system is (?:starting up|shutting down|in recovery mode|not yet accepting connections)/i,
  /terminating connection due to administrator command/i,
];

function codeOf(err: object): string | undefined {
  const code = (err as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 6 && typeof current === "object" && current !== null; depth++) {
    const code = codeOf(current);
    if (code !== undefined) {
      if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_NODE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    const message = (current as { message?: unknown }).message;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true; // AggregateError
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client is asked to wait before retrying (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;
