/**
 * The live connection's retry rule (spec §4, §9): after a close with any code but 1000 the next attempt waits 1 s,
 * then 2, 4, 8 … up to 30 s; an open connection resets the count; only one retry is ever pending; cancelling (leaving
 * the dashboard) drops the pending one. Pure apart from the injected timer functions, so fake timers test it.
 */
export const RETRY_BASE_MS = 1_000;
export const RETRY_MAX_MS = 30_000;

/** The delay before retry number `attempt` (0-based): 1 s × 2^attempt, capped at 30 s. */
export function retryDelay(attempt: number, baseMs = RETRY_BASE_MS, maxMs = RETRY_MAX_MS): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempt, 30)));
}

export interface ReconnectScheduler {
  /** Schedules `run` after the next delay unless a retry is already pending; answers the delay, or null when one was pending. */
  schedule(run: () => void): number | null;
  /** The connection opened: the next failure starts again at 1 s. */
  reset(): void;
  /** Drops the pending retry, if any. */
  cancel(): void;
  /** Whether a retry is waiting. */
  readonly pending: boolean;
  /** Retries scheduled since the last reset. */
  readonly attempts: number;
}

export function createReconnectScheduler({
  baseMs = RETRY_BASE_MS,
  maxMs = RETRY_MAX_MS,
  setTimer = (fn, ms) => setTimeout(fn, ms),
  clearTimer = (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
}: {
  baseMs?: number;
  maxMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (id: unknown) => void;
} = {}): ReconnectScheduler {
  let attempts = 0;
  let timer: unknown = null;
  return {
    schedule(run) {
      if (timer !== null) return null;
      const delay = retryDelay(attempts, baseMs, maxMs);
      attempts += 1;
      timer = setTimer(() => {
        timer = null;
        run();
      }, delay);
      return delay;
    },
    reset() {
      attempts = 0;
    },
    cancel() {
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
    get pending() {
      return timer !== null;
    },
    get attempts() {
      return attempts;
    },
  };
}

/** Spec §8: the console line for a socket close code (1000 normal, 1006 abnormal, 1008 policy, 1011 server, else unknown). */
export function closeReason(code: number): "normal" | "abnormal" | "policy" | "server" | "unknown" {
  return code === 1000 ? "normal" : code === 1006 ? "abnormal" : code === 1008 ? "policy" : code === 1011 ? "server" : "unknown";
}

const CLOSE_LINES = {
  normal: "WebSocket closed normally (1000)",
  abnormal: "WebSocket closed abnormally (1006): network problem",
  policy: "WebSocket closed by policy (1008)",
  server: "WebSocket closed by a server error (1011)",
  unknown: "WebSocket closed with an unknown code",
} as const;

export function closeLine(code: number): string {
  const reason = closeReason(code);
  return reason === "unknown" ? `${CLOSE_LINES.unknown} (${code})` : CLOSE_LINES[reason];
}

/** The socket URL of spec §7: ws:// on plain HTTP (local hosts), wss:// otherwise, on this page's host. */
export function socketUrl(location: { protocol: string; host: string }, accessToken: string): string {
  const scheme = location.protocol === "http:" ? "ws:" : "wss:";
  return `${scheme}//${location.host}/api/Notification/GetNotificationWebSocket?accesstoken=${encodeURIComponent(accessToken)}`;
}
