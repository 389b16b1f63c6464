import { isDatabaseUnavailable } from "./database-unavailable";
import { log } from "./log";

/**
 * A process started while the database is away waits for it instead of exiting (docs/decisions/026): `open` (the
 * database handle: connect, migrate) is tried again after 0.5 s, doubled per failure up to `maxDelayMs` (10 s by
 * default, DATABASE_START_RETRY_MAX_MS), with one log line per retry. Only "cannot reach it" errors are retried
 * (server/core/database-unavailable.ts); anything else (a failing migration, a wrong password) ends the start as
 * before, since waiting would not mend it. `deadlineMs` (DATABASE_START_TIMEOUT_MS, none by default) gives up after
 * that long, for supervisors that prefer to restart the process themselves.
 */
export interface WaitOptions {
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Give up (rethrow the last error) once this much time has passed; 0 or unset waits as long as it takes. */
  deadlineMs?: number;
  log?: (line: string, details: { attempt: number; delayMs: number; reason: string }) => void;
  sleep?: (ms: number) => Promise<void>;
}

export async function waitForDatabase<T>(open: () => Promise<T>, options: WaitOptions = {}): Promise<T> {
  const base = options.baseDelayMs ?? 500;
  const max = options.maxDelayMs ?? positive(process.env.DATABASE_START_RETRY_MAX_MS, 10_000);
  const deadline = options.deadlineMs ?? positive(process.env.DATABASE_START_TIMEOUT_MS, 0);
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const write = options.log ?? ((line: string, details: { attempt: number; delayMs: number; reason: string }) => log.warn(details, line));
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await open();
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      const delayMs = Math.min(max, base * 2 ** (attempt - 1));
      if (deadline > 0 && Date.now() - started + delayMs > deadline) throw err;
      const reason = reasonOf(err);
      write(`[db] database unavailable at start (attempt ${attempt}: ${reason}); retrying in ${delayMs} ms`, { attempt, delayMs, reason });
      await sleep(delayMs);
    }
  }
}

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n >= 0 ? n : fallback;
}

/** The driver's own message at the bottom of the cause chain (no stack, no query parameters). */
function reasonOf(err: unknown): string {
  let current = err;
  for (let depth = 0; depth < 5 && current instanceof Error && current.cause instanceof Error; depth++) current = current.cause;
  if (!(current instanceof Error)) return String(current);
  const code = (current as { code?: unknown }).code;
  const message = current.message.split("\n")[0] || current.name;
  return typeof code === "string" && !message.includes(code) ? `${message} (${code})` : message;
}
