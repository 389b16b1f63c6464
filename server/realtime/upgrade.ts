import type { IncomingMessage } from "node:http";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { decodeJwt } from "jose";
import { WebSocketServer, type WebSocket } from "ws";
import { getDb } from "@/db/client";
import { verifyAccessToken } from "@/server/auth/access-token";
import { accountStanding } from "@/server/auth/account-standing";
import { isDatabaseUnavailable } from "@/server/core/database-unavailable";
import { localeOf } from "@/server/core/messages";
import { decide } from "@/server/core/access-table";
import { env } from "@/server/env";
import { addSocket, closeAll, MAX_BUFFERED_BYTES, reserveSocket } from "./registry";
import { log } from "@/server/core/log";

/**
 * The live notification channel (spec §7, DESIGN §5): `GET /api/Notification/GetNotificationWebSocket
 * ?accesstoken=<jwt>` upgraded to a WebSocket. Checks the Origin (when sent) against the allow-list (or the
 * request's own host) and
 * the token against the access table and the account (a banned or deleted one is refused), then registers the
 * socket under its user and closes it with 1008 when the token expires, so the client reconnects with a fresh one
 * (spec §4 retries every code but 1000). The query string holds the token, so it is never logged. The socket's language
 * (what it pushes is rendered in) is the page's, by the API's rule (server/core/messages.ts localeOf): a browser's upgrade
 * carries the site's language cookie (NEXT_LOCALE, the language the reader chose) and Accept-Language. A language switch
 * reloads the dashboard under the other prefix, so its socket is opened again.
 */
export const NOTIFICATION_SOCKET_PATH = "/api/Notification/GetNotificationWebSocket";
const ACCESS_KEY = "GET /api/Notification/GetNotificationWebSocket";
export const PING_INTERVAL_MS = 30_000;
export const MAX_PAYLOAD_BYTES = 64 * 1024;
/** setTimeout's ceiling (about 24.8 days); access tokens live 15 minutes. */
const MAX_TIMER_MS = 2 ** 31 - 1;

let wss: WebSocketServer | undefined;
let pinger: NodeJS.Timeout | undefined;
const alive = new WeakMap<WebSocket, boolean>();

/**
 * A page of this very host opening the socket (the site reached by another name than SITE_URL, such as localhost
 * beside 127.0.0.1): the Origin's host is the Host the request came to. Foreign origins stay refused.
 */
export function isSameOrigin(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") && url.host === host.toLowerCase();
  } catch {
    return false;
  }
}

export function isNotificationSocketRequest(req: IncomingMessage): boolean {
  return pathOf(req.url) === NOTIFICATION_SOCKET_PATH;
}

export async function handleNotificationUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
  socket.on("error", () => socket.destroy());
  let release: (() => void) | null = null;
  try {
    const origin = req.headers.origin;
    if (origin !== undefined && !env.allowedOrigins.includes(origin) && !isSameOrigin(origin, req.headers.host)) return refuse(socket, 403);
    const token = new URL(req.url ?? "/", "http://localhost").searchParams.get("accesstoken");
    const user = token ? await verifyAccessToken(token) : null;
    if (!user) return refuse(socket, 401);
    if (decide(ACCESS_KEY, user.role) !== "allow") return refuse(socket, 403);
    // The cap counts opens still under way (the account check below awaits the database): checked and taken in one
    // step, so many opens at once with one token get at most MAX_SOCKETS_PER_USER sockets.
    release = reserveSocket(user.userId);
    if (!release) return refuse(socket, 429);
    // A token outlives a ban, a deletion or its sign-in's end (logout, revoked session) by up to 15 minutes; the live
    // channel does not (server/auth/account-standing.ts: one query).
    const { standing, found } = await accountStanding(user.userId, undefined, await getDb(), user.sid);
    if (!found || standing === "banned" || standing === "deleted") return refuse(socket, 403);
    if (standing === "revoked") return refuse(socket, 401);
    const expiresAt = (decodeJwt(token!).exp ?? 0) * 1000;
    if (socket.destroyed) return;
    // ws completes the handshake and calls back synchronously (no verifyClient, no extension negotiation to await), so
    // the socket is registered before the reservation is given back in `finally`.
    server().handleUpgrade(req, socket, head, (ws) => {
      const expiry = setTimeout(() => ws.close(1008, "Token expired"), Math.min(MAX_TIMER_MS, Math.max(0, expiresAt - Date.now())));
      expiry.unref();
      ws.once("close", () => clearTimeout(expiry));
      alive.set(ws, true);
      ws.on("pong", () => alive.set(ws, true));
      ws.on("error", () => ws.terminate());
      // The channel only pushes; anything a client sends is ignored (maxPayload bounds it).
      ws.on("message", () => undefined);
      addSocket(user.userId, ws, user.sid, localeOf(req));
    });
  } catch (err) {
    // The account check needs the database: while it is away the client is told to come back (it retries anyway).
    if (isDatabaseUnavailable(err)) return refuse(socket, 503);
    log.error({ err }, `[realtime] upgrade of ${pathOf(req.url)} failed`);
    refuse(socket, 400);
  } finally {
    release?.();
  }
}

/** One heartbeat round: drops peers that missed the last ping or are over 1 MiB behind, pings the rest. */
export function heartbeat(): void {
  for (const ws of wss?.clients ?? []) {
    if (alive.get(ws) === false || ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      ws.terminate();
      continue;
    }
    alive.set(ws, false);
    ws.ping();
  }
}

/** Closes every socket (1001 on shutdown) and stops the heartbeat. */
export async function closeNotificationSockets(code = 1001, reason = "Server shutting down"): Promise<void> {
  closeAll(code, reason);
  if (pinger) clearInterval(pinger);
  pinger = undefined;
  const current = wss;
  wss = undefined;
  if (!current) return;
  // ws waits for every client's close handshake; a silent peer is cut after a moment.
  const cut = setTimeout(() => current.clients.forEach((ws) => ws.terminate()), 2000).unref();
  await new Promise<void>((resolve) => current.close(() => resolve()));
  clearTimeout(cut);
}

function server(): WebSocketServer {
  if (!wss) {
    wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES, perMessageDeflate: false });
    pinger = setInterval(heartbeat, PING_INTERVAL_MS).unref();
  }
  return wss;
}

function refuse(socket: Duplex, status: number): void {
  if (socket.destroyed) return;
  socket.once("finish", () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function pathOf(url: string | undefined): string {
  const q = (url ?? "/").indexOf("?");
  return q === -1 ? (url ?? "/") : (url ?? "/").slice(0, q);
}
