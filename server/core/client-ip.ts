import type { IncomingMessage } from "node:http";
import net from "node:net";

/**
 * The client's address, for everything that counts per address (rate limits, view de-duplication, the sign-in
 * limit), decided once per request by the server (`recordClientAddress` in server/main.ts) from `TRUST_PROXY_HOPS`:
 *
 * - 0 (the default, no proxy in front): the TCP peer. Any X-Forwarded-For or X-Real-IP the client sent is ignored,
 *   so nobody chooses their own address.
 * - N: the address N hops in from the right of the chain `X-Forwarded-For entries…, peer`, the peer being the
 *   nearest proxy. Each trusted proxy appends the address it saw (nginx: `$proxy_add_x_forwarded_for`), so entries
 *   left of that one may be forged and are never read. A chain shorter than N+1 gives its leftmost entry (a request
 *   that reached the app without passing every proxy; keep the app ports closed to anything but the proxies).
 *
 * The server replaces X-Forwarded-For with that one address and drops X-Real-IP, so route handlers (and Next) read
 * it with `clientIp(req)`.
 */
export function resolveClientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, hops: number): string | undefined {
  const nearest = peer ? normalizeAddress(peer) : undefined;
  if (hops <= 0 || !nearest) return nearest;
  const listed = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = [...listed, nearest];
  const picked = chain[Math.max(0, chain.length - 1 - hops)]!;
  const address = normalizeAddress(picked);
  // A trusted proxy wrote that entry, so anything but an address means a misconfigured chain: one shared bucket.
  return net.isIP(address) ? address : "unknown";
}

/** `::ffff:192.0.2.1` (IPv4 on a dual-stack socket) is 192.0.2.1, as a proxy in front would write it. */
function normalizeAddress(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return mapped ? mapped[1]! : trimmed;
}

/** TRUST_PROXY_HOPS as a whole number from 0 to 10; anything else is a configuration error. */
export function parseTrustProxyHops(raw: string | undefined): number {
  const value = raw?.trim() ?? "";
  if (value === "") return 0;
  if (!/^\d+$/.test(value) || Number(value) > 10) {
    throw new Error(`TRUST_PROXY_HOPS must be a whole number from 0 to 10 (the proxies in front of the app), not "${raw}"`);
  }
  return Number(value);
}

/** Replaces the request's X-Forwarded-For with the resolved client address and drops X-Real-IP (see above). */
export function setClientAddress(req: IncomingMessage, hops: number): void {
  const address = resolveClientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], hops);
  delete req.headers["x-real-ip"];
  if (address) req.headers["x-forwarded-for"] = address;
  else delete req.headers["x-forwarded-for"];
}

/**
 * The caller's address in a route handler, as everything per address counts it (`countingAddress`): the
 * X-Forwarded-For the server set (its last entry), else X-Real-IP, else "unknown" (all such callers share one
 * bucket). Behind server/main.ts the header holds exactly the address `resolveClientAddress` chose; handlers called
 * directly (unit tests) read what the test put there.
 */
export function clientIp(req: { headers: { get(name: string): string | null } }): string {
  const forwarded = req.headers.get("x-forwarded-for");
  const last = forwarded?.split(",").map((s) => s.trim()).filter(Boolean).at(-1);
  return countingAddress(last || req.headers.get("x-real-ip")?.trim() || "unknown");
}

/**
 * An address as the rate limits and view de-duplication count it. An IPv6 subscriber is given a whole /64 and may
 * use any address in it (privacy addresses change by themselves), so an IPv6 address counts as its /64 network,
 * written `2001:db8:1:2::/64`; IPv4 addresses and anything else are returned as they are.
 */
export function countingAddress(address: string): string {
  const bare = address.split("%")[0]!;
  if (!net.isIPv6(bare)) return address;
  // An IPv4 tail (`::ffff:0:192.0.2.1`, `64:ff9b::192.0.2.1`) is the last two groups.
  const ipv4Tail = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(bare);
  const hex = ipv4Tail
    ? `${bare.slice(0, ipv4Tail.index)}${((Number(ipv4Tail[1]) << 8) | Number(ipv4Tail[2])).toString(16)}:${((Number(ipv4Tail[3]) << 8) | Number(ipv4Tail[4])).toString(16)}`
    : bare;
  const [head = "", tail] = hex.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return `${groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(":")}::/64`;
}
