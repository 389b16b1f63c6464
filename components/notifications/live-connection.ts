import { toNotification, type AppNotification } from "./notification-model";
import type { ConnectionStatus } from "./notification-state";
import { closeLine, createReconnectScheduler, type ReconnectScheduler } from "./reconnect";

/** The part of the browser's WebSocket the connection uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(code?: number): void;
}

const CONNECTING = 0;

export interface LiveConnectionOptions {
  /**
   * The access token to connect with, or null (then no connection is made, spec §4). `fresh` is set after the server
   * closed the socket by policy (1008: the token expired or the session was revoked): the token in hand would be
   * refused at the upgrade, so a new one is taken first, and none comes for a session that has ended.
   */
  getToken: (request: { fresh: boolean }) => Promise<string | null>;
  /** The socket URL for a token (reconnect.ts socketUrl). */
  urlFor: (token: string) => string;
  onStatus: (status: ConnectionStatus) => void;
  onNotification: (notification: AppNotification) => void;
  createSocket?: (url: string) => SocketLike;
  scheduler?: ReconnectScheduler;
  /** Console lines of spec §8 (info for a normal close, warn otherwise; never console.error). */
  log?: Pick<Console, "info" | "warn">;
}

export interface LiveConnection {
  start(): void;
  /** Leaving the dashboard: closes normally (1000) and cancels a pending retry. */
  stop(): void;
}

/**
 * The dashboard's live notification channel (spec §4, §7, §8): connecting → open (retry count reset) → closed; a close
 * with any code but 1000 schedules one retry (1, 2, 4 … 30 s); stop() closes with 1000 and cancels the retry.
 */
export function createLiveConnection(options: LiveConnectionOptions): LiveConnection {
  const scheduler = options.scheduler ?? createReconnectScheduler();
  const log = options.log ?? console;
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  let socket: SocketLike | null = null;
  let stopped = true;
  let generation = 0;
  let closedByPolicy = false;

  const connect = async () => {
    const mine = ++generation;
    const token = await options.getToken({ fresh: closedByPolicy }).catch(() => null);
    if (stopped || mine !== generation) return;
    if (!token) {
      options.onStatus("disconnected");
      return;
    }
    options.onStatus("connecting");
    const ws = createSocket(options.urlFor(token));
    socket = ws;
    ws.onopen = () => {
      closedByPolicy = false;
      scheduler.reset();
      options.onStatus("open");
    };
    ws.onmessage = (event) => {
      if (typeof event.data !== "string") return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(event.data);
      } catch {
        return;
      }
      const notification = toNotification(parsed);
      if (notification) options.onNotification(notification);
    };
    ws.onerror = () => undefined; // a close event follows with the code
    ws.onclose = (event) => {
      if (socket === ws) socket = null;
      if (stopped) return;
      closedByPolicy = event.code === 1008;
      const line = closeLine(event.code);
      if (event.code === 1000) log.info(line);
      else log.warn(line);
      options.onStatus("closed");
      if (event.code !== 1000) scheduler.schedule(() => void connect());
    };
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      void connect();
    },
    stop() {
      stopped = true;
      generation++;
      scheduler.cancel();
      const ws = socket;
      socket = null;
      if (ws) {
        ws.onmessage = null;
        ws.onclose = null;
        // Closing a socket that is still connecting makes the browser log an error: close it once it opens instead.
        if (ws.readyState === CONNECTING) ws.onopen = () => ws.close(1000);
        else {
          ws.onopen = null;
          ws.close(1000);
        }
      }
      options.onStatus("disconnected");
    },
  };
}

/** Seconds left in the access token (a JWT's `exp`), or null when it cannot be read. */
export function tokenSecondsLeft(token: string, now = Date.now()): number | null {
  const exp = tokenClaims(token)?.exp;
  return typeof exp === "number" ? exp - now / 1000 : null;
}

/** The access token's claims as the client may read them (not verified: only for timing and the user's id). */
export function tokenClaims(token: string): { exp?: unknown; sub?: unknown } | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    return JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { exp?: unknown; sub?: unknown };
  } catch {
    return null;
  }
}
