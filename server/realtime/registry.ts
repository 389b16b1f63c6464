import type { WebSocket } from "ws";
import type { Locale } from "@/i18n/routing";

/**
 * This process's open notification sockets, by user. It lives on globalThis so the custom server
 * (which accepts sockets) and Next's bundled route code (which publishes and logs users out) share it.
 * Other instances have their own: cross-instance delivery goes through the notification bus.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
export const MAX_SOCKETS_PER_USER = 20;
const OPEN = 1; // WebSocket.OPEN, without loading ws at run time here.

const KEY = Symbol.for("manga.realtime.registry");
type G = typeof globalThis & { [KEY]?: Map<number, Set<WebSocket>> };

function sockets(): Map<number, Set<WebSocket>> {
  const g = globalThis as G;
  return (g[KEY] ??= new Map());
}

/** The sign-in (refresh family) each socket was opened with, when its token named one. */
const SESSIONS_KEY = Symbol.for("manga.realtime.sessions");
type GS = typeof globalThis & { [SESSIONS_KEY]?: WeakMap<WebSocket, string> };
function sessionsOf(): WeakMap<WebSocket, string> {
  const g = globalThis as GS;
  return (g[SESSIONS_KEY] ??= new WeakMap());
}

/** The language each socket's page reads in (recorded at the upgrade), for what is rendered per reader. */
const LOCALES_KEY = Symbol.for("manga.realtime.locales");
type GL = typeof globalThis & { [LOCALES_KEY]?: WeakMap<WebSocket, Locale> };
function localesOf(): WeakMap<WebSocket, Locale> {
  const g = globalThis as GL;
  return (g[LOCALES_KEY] ??= new WeakMap());
}

/**
 * Opens under way (the account check between the cap's check and the socket's registration), by user: the cap counts
 * them with the open sockets, so many opens at once with one token cannot all pass the check before any registers.
 */
const PENDING_KEY = Symbol.for("manga.realtime.pending");
type GP = typeof globalThis & { [PENDING_KEY]?: Map<number, number> };
function pendingOf(): Map<number, number> {
  const g = globalThis as GP;
  return (g[PENDING_KEY] ??= new Map());
}

/**
 * Takes one of the user's MAX_SOCKETS_PER_USER places for an open under way, in the same synchronous step as the check
 * (no await between them): null when the open sockets and the opens under way already fill them. The returned
 * function gives the place back (call it once the socket is registered with addSocket, or the open failed).
 */
export function reserveSocket(userId: number): (() => void) | null {
  const pending = pendingOf();
  const inFlight = pending.get(userId) ?? 0;
  if (socketCount(userId) + inFlight >= MAX_SOCKETS_PER_USER) return null;
  pending.set(userId, inFlight + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (pending.get(userId) ?? 1) - 1;
    if (left <= 0) pending.delete(userId);
    else pending.set(userId, left);
  };
}

export function addSocket(userId: number, ws: WebSocket, sid?: string, locale?: Locale): void {
  if (sid) sessionsOf().set(ws, sid);
  if (locale) localesOf().set(ws, locale);
  const all = sockets();
  let set = all.get(userId);
  if (!set) all.set(userId, (set = new Set()));
  set.add(ws);
  ws.once("close", () => removeSocket(userId, ws));
}

export function removeSocket(userId: number, ws: WebSocket): void {
  const all = sockets();
  const set = all.get(userId);
  if (!set) return;
  set.delete(ws);
  if (set.size === 0) all.delete(userId);
}

export function socketCount(userId?: number): number {
  if (userId !== undefined) return sockets().get(userId)?.size ?? 0;
  let n = 0;
  for (const set of sockets().values()) n += set.size;
  return n;
}

/**
 * Sends `payload` as JSON to every open socket of the user; returns how many received it. A function payload is called
 * with each socket's language (English when none was recorded), once per language.
 * A client that has fallen more than 1 MiB behind is dropped instead of buffering without end.
 */
export function sendToUser(userId: number, payload: unknown): number {
  const set = sockets().get(userId);
  if (!set) return 0;
  const texts = new Map<Locale, string>();
  const textFor = (ws: WebSocket): string => {
    const locale = localesOf().get(ws) ?? "en";
    let text = texts.get(locale);
    if (text === undefined) texts.set(locale, (text = JSON.stringify(typeof payload === "function" ? (payload as (l: Locale) => unknown)(locale) : payload)));
    return text;
  };
  let sent = 0;
  for (const ws of set) {
    if (ws.readyState !== OPEN) continue;
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      ws.terminate();
      continue;
    }
    ws.send(textFor(ws));
    sent++;
  }
  return sent;
}

/**
 * Closes the user's sockets, or with `sid` only those of that sign-in (a logout leaves the user's other devices
 * connected). 1000 tells the client not to reconnect (spec §4).
 */
export function closeUser(userId: number, code = 1000, reason = "Signed out", sid?: string): void {
  const sessions = sessionsOf();
  for (const ws of [...(sockets().get(userId) ?? [])]) {
    if (sid === undefined || sessions.get(ws) === sid) ws.close(code, reason);
  }
}

/** Every socket of every user: each one, with the user it belongs to. */
export function* allSockets(): Generator<[number, WebSocket]> {
  for (const [userId, set] of sockets()) for (const ws of set) yield [userId, ws];
}

/** Closes every socket (1001 "going away" on shutdown). */
export function closeAll(code = 1001, reason = "Server shutting down"): void {
  for (const [, ws] of [...allSockets()]) ws.close(code, reason);
}

/** The users with at least one open socket in this process. */
export function connectedUserIds(): number[] {
  return [...sockets().keys()];
}
