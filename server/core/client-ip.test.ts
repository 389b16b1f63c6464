import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientIp, countingAddress, parseTrustProxyHops, resolveClientAddress, setClientAddress } from "./client-ip";

/** What a route handler would read after the server recorded the address: `clientIp` of the rewritten headers. */
function seenByRoutes(peer: string | undefined, headers: Record<string, string | string[]>, hops: number): string {
  const req = { socket: { remoteAddress: peer }, headers: { ...headers } } as unknown as IncomingMessage;
  setClientAddress(req, hops);
  const forwarded = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) forwarded.set(name, String(value));
  return clientIp(new Request("http://localhost/", { headers: forwarded }));
}

describe("client address (TRUST_PROXY_HOPS)", () => {
  it("with 0 hops is the TCP peer, whatever X-Forwarded-For or X-Real-IP the client sent", () => {
    expect(resolveClientAddress("203.0.113.9", undefined, 0)).toBe("203.0.113.9");
    expect(resolveClientAddress("203.0.113.9", "1.2.3.4", 0)).toBe("203.0.113.9");
    expect(seenByRoutes("203.0.113.9", { "x-forwarded-for": "1.2.3.4, 5.6.7.8" }, 0)).toBe("203.0.113.9");
    expect(seenByRoutes("203.0.113.9", { "x-real-ip": "1.2.3.4" }, 0)).toBe("203.0.113.9");
    expect(seenByRoutes("203.0.113.9", {}, 0)).toBe("203.0.113.9");
  });

  it("with 1 hop is the address the proxy appended, not the entries a client put before it", () => {
    // nginx (the peer, 10.0.0.2) appended the client it saw, 198.51.100.7; "6.6.6.6" was forged by that client.
    expect(resolveClientAddress("10.0.0.2", "198.51.100.7", 1)).toBe("198.51.100.7");
    expect(resolveClientAddress("10.0.0.2", "6.6.6.6, 198.51.100.7", 1)).toBe("198.51.100.7");
    expect(resolveClientAddress("10.0.0.2", ["6.6.6.6", "198.51.100.7"], 1)).toBe("198.51.100.7");
    expect(seenByRoutes("10.0.0.2", { "x-forwarded-for": "6.6.6.6,198.51.100.7", "x-real-ip": "6.6.6.6" }, 1)).toBe("198.51.100.7");
  });

  it("with 2 hops skips the two proxies (a CDN, then nginx)", () => {
    // client → CDN (appends client) → nginx (appends CDN's address) → app (peer: nginx).
    expect(resolveClientAddress("10.0.0.2", "198.51.100.7, 192.0.2.50", 2)).toBe("198.51.100.7");
    expect(resolveClientAddress("10.0.0.2", "6.6.6.6, 198.51.100.7, 192.0.2.50", 2)).toBe("198.51.100.7");
  });

  it("a chain shorter than the hops (no header, a request that skipped a proxy) gives its leftmost entry", () => {
    expect(resolveClientAddress("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.2", "", 1)).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.2", " , ", 2)).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.2", "198.51.100.7", 3)).toBe("198.51.100.7");
  });

  it("reads IPv4 on a dual-stack socket as IPv4, keeps IPv6, and gives one shared bucket for a garbled entry", () => {
    expect(resolveClientAddress("::ffff:127.0.0.1", undefined, 0)).toBe("127.0.0.1");
    expect(resolveClientAddress("::1", "2001:db8::7", 1)).toBe("2001:db8::7");
    expect(resolveClientAddress("::ffff:10.0.0.2", "::ffff:198.51.100.7", 1)).toBe("198.51.100.7");
    expect(resolveClientAddress("10.0.0.2", "not-an-address", 1)).toBe("unknown");
  });

  it("without a peer (a socket already gone) routes see 'unknown', even with forged headers", () => {
    expect(resolveClientAddress(undefined, "1.2.3.4", 1)).toBeUndefined();
    expect(seenByRoutes(undefined, { "x-forwarded-for": "1.2.3.4", "x-real-ip": "1.2.3.4" }, 0)).toBe("unknown");
  });

  it("counts an IPv6 client by its /64 (any address in it is theirs), IPv4 and 'unknown' as they are", () => {
    const network = "2001:db8:1:2::/64";
    for (const address of ["2001:db8:1:2::1", "2001:0DB8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2:a::7", "2001:db8:1:2::c000:201", "2001:db8:1:2::192.0.2.1"]) {
      expect(countingAddress(address), address).toBe(network);
    }
    expect(countingAddress("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(countingAddress("::1")).toBe("0:0:0:0::/64");
    expect(countingAddress("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(countingAddress("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
    expect(countingAddress("198.51.100.7")).toBe("198.51.100.7");
    expect(countingAddress("unknown")).toBe("unknown");
    // What route handlers read: two addresses of one network are one caller to every limit.
    expect(seenByRoutes("2001:db8:1:2::aaaa", {}, 0)).toBe(network);
    expect(seenByRoutes("10.0.0.2", { "x-forwarded-for": "2001:db8:1:2:ffff::1" }, 1)).toBe(network);
  });

  it("accepts 0 to 10 and refuses anything else", () => {
    expect(parseTrustProxyHops(undefined)).toBe(0);
    expect(parseTrustProxyHops("")).toBe(0);
    expect(parseTrustProxyHops(" 2 ")).toBe(2);
    for (const bad of ["-1", "1.5", "one", "11", "true"]) expect(() => parseTrustProxyHops(bad)).toThrow(/TRUST_PROXY_HOPS/);
  });
});
