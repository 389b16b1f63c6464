import type http from "node:http";
import { isHttpsSite } from "@/server/core/site-url";

/**
 * The security headers of every response (issue 19, item 7; docs/decisions/018). Two callers:
 * - the custom server (server/main.ts) stamps every response — pages, API, media, sitemap, robots, Next's assets,
 *   its own direct routes and 405 answers — with the common headers and the strict API policy;
 * - the proxy (proxy.ts) replaces that policy on pages with the nonce policy built here. A header the proxy sets on
 *   its response is written with `setHeader` after the server's, so it replaces it (one CSP header, never two).
 * Raw answers written to the socket (431/400 in ./method-guard.ts) take `rawSecurityHeaderLines`.
 */

export interface SecuritySettings {
  /** Public origin (SITE_URL): https turns on HSTS, `upgrade-insecure-requests` and names the socket's wss: origin. */
  siteUrl: string;
  /** `next dev`: React rebuilds server error stacks with eval, so scripts may eval there (never in production). */
  dev?: boolean;
}

/** Policy of everything that is not a page: nothing may load, nothing may frame it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Powerful features, off except what the site uses: fullscreen, by the reader itself (`self`). Only features Chromium
 * knows: an unknown one is reported as an error in the console (Chromium 156 does not know `bluetooth`).
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "encrypted-media=()",
  "fullscreen=(self)",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "idle-detection=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "picture-in-picture=()",
  "publickey-credentials-get=()",
  "screen-wake-lock=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

export const HSTS = "max-age=63072000; includeSubDomains";

/** A fresh nonce: 128 random bits, base64 (the form CSP's `'nonce-…'` takes). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** The notification socket's origin (ws: or wss:, from SITE_URL), for `connect-src`. */
export function socketOrigin(siteUrl: string): string {
  const url = new URL(siteUrl);
  return `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
}

/**
 * A page's policy. Scripts: only those carrying this response's nonce (Next puts it on its own, the layout on the
 * theme script) and what they load (`strict-dynamic`); `'self'` is only the fallback of browsers without
 * `strict-dynamic`. Styles may be inline (React `style` attributes, Next's font and streaming styles): style
 * injection cannot run code. Images: own (`/media`, `/icon.svg`), `data:` (the profile cropper's result) and `blob:`
 * (previews of picked files: covers, banners, chapter pages, the profile image). Connections: own API, next-auth and
 * the notification socket (`'self'` covers same-host ws:/wss: in current browsers; the SITE_URL socket origin is
 * named for the others).
 */
export function pageCsp(nonce: string, settings: SecuritySettings): string {
  const https = isHttpsSite(settings.siteUrl);
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${settings.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${socketOrigin(settings.siteUrl)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** The headers every response carries, with the strict policy (pages get theirs from the proxy). */
export function securityHeaders(settings: SecuritySettings): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": API_CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": PERMISSIONS_POLICY,
  };
  if (isHttpsSite(settings.siteUrl)) headers["Strict-Transport-Security"] = HSTS;
  return headers;
}

/** Sets them on a Node response before anything answers it (headers given later to `writeHead` still add to them). */
export function applySecurityHeaders(res: http.ServerResponse, settings: SecuritySettings): void {
  let entries = headerEntries.get(settings);
  if (!entries) headerEntries.set(settings, (entries = Object.entries(securityHeaders(settings))));
  for (const [name, value] of entries) res.setHeader(name, value);
}
/** Every response sets the same few headers: worked out once per settings object (the server keeps one). */
const headerEntries = new WeakMap<SecuritySettings, Array<[string, string]>>();

/** The same headers as raw HTTP/1.1 header lines (each ending in CRLF), for answers written to the socket. */
export function rawSecurityHeaderLines(settings: SecuritySettings): string {
  return Object.entries(securityHeaders(settings)).map(([name, value]) => `${name}: ${value}\r\n`).join("");
}
