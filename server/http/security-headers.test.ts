import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { API_CSP, applySecurityHeaders, newNonce, pageCsp, rawSecurityHeaderLines, securityHeaders, socketOrigin } from "./security-headers";

/** Issue 19, item 7: no response carried a CSP, nosniff, a referrer policy, a frame restriction, a permissions policy or HSTS. */
const HTTP = { siteUrl: "http://localhost:3000" };
const HTTPS = { siteUrl: "https://manga.example" };

function directives(csp: string): Map<string, string> {
  return new Map(csp.split(";").map((d) => d.trim()).filter(Boolean).map((d) => {
    const [name = "", ...sources] = d.split(/\s+/);
    return [name, sources.join(" ")];
  }));
}

describe("nonce", () => {
  it("is 128 random bits in base64, fresh each time", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const nonce = newNonce();
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(1000);
  });
});

describe("a page's policy", () => {
  it("runs only scripts with the nonce (and what they load), never eval or inline, and cannot be framed", () => {
    const d = directives(pageCsp("abc123==", HTTP));
    expect(d.get("script-src")).toBe("'self' 'nonce-abc123==' 'strict-dynamic'");
    expect(d.get("default-src")).toBe("'self'");
    expect(d.get("object-src")).toBe("'none'");
    expect(d.get("base-uri")).toBe("'self'");
    expect(d.get("form-action")).toBe("'self'");
    expect(d.get("frame-ancestors")).toBe("'none'");
    expect(d.get("font-src")).toBe("'self'");
    expect(d.get("img-src")).toBe("'self' data: blob:");
    expect(d.get("style-src")).toBe("'self' 'unsafe-inline'");
    const csp = pageCsp("abc123==", HTTP);
    expect(csp).not.toContain("unsafe-eval");
    expect(d.get("script-src")).not.toContain("unsafe-inline");
  });

  it("lets pages open the notification socket: ws: over http, wss: over https", () => {
    expect(directives(pageCsp("n", HTTP)).get("connect-src")).toBe("'self' ws://localhost:3000");
    expect(directives(pageCsp("n", HTTPS)).get("connect-src")).toBe("'self' wss://manga.example");
    expect(socketOrigin("https://manga.example:8443/")).toBe("wss://manga.example:8443");
  });

  it("upgrades insecure requests only on an https site", () => {
    expect(directives(pageCsp("n", HTTP)).has("upgrade-insecure-requests")).toBe(false);
    expect(directives(pageCsp("n", HTTPS)).has("upgrade-insecure-requests")).toBe(true);
  });

  it("allows eval under `next dev` only", () => {
    expect(directives(pageCsp("n", { ...HTTP, dev: true })).get("script-src")).toBe("'self' 'nonce-n' 'strict-dynamic' 'unsafe-eval'");
    expect(pageCsp("n", { ...HTTPS, dev: false })).not.toContain("unsafe-eval");
  });
});

describe("every response's headers", () => {
  it("over http: nosniff, referrer policy, DENY framing, permissions policy, the strict policy, no HSTS", () => {
    const h = securityHeaders(HTTP);
    expect(h).toEqual({
      "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
      "Permissions-Policy": expect.any(String),
    });
    const features = new Map(h["Permissions-Policy"]!.split(", ").map((f) => f.split("=") as [string, string]));
    for (const off of ["camera", "microphone", "geolocation", "payment", "usb", "serial", "display-capture"]) expect(features.get(off), off).toBe("()");
    expect(features.get("fullscreen")).toBe("(self)");
    // Chromium logs "Unrecognized feature" on every page for a feature it does not know (it does not know bluetooth).
    expect(features.has("bluetooth")).toBe(false);
  });

  it("over https: HSTS for two years, subdomains included", () => {
    expect(securityHeaders(HTTPS)["Strict-Transport-Security"]).toBe("max-age=63072000; includeSubDomains");
  });

  it("are on a Node response, under what a handler writes with writeHead, and in raw header lines", async () => {
    const server = http.createServer((_req, res) => {
      applySecurityHeaders(res, HTTPS);
      res.writeHead(405, { "Content-Type": "application/json", Allow: "GET" }).end("{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/x`);
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("GET");
      expect(res.headers.get("content-security-policy")).toBe(API_CSP);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    const lines = rawSecurityHeaderLines(HTTP);
    expect(lines).toMatch(/^(?:[A-Za-z-]+: [^\r\n]+\r\n)+$/);
    expect(lines).toContain("X-Content-Type-Options: nosniff\r\n");
    expect(lines).not.toContain("Strict-Transport-Security");
  });
});
