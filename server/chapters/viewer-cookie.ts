import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "@/server/env";
import { isHttpsSite } from "@/server/core/site-url";

/**
 * Anonymous visitors are told apart for view counting by a random id in an httpOnly cookie (never shown to
 * scripts, never tied to an account). A missing, malformed or forged cookie gets a fresh id, set on the response.
 * The id is signed (`{random}.{HMAC}` with AUTH_SECRET): a client cannot mint visitors of its own by sending made-up
 * values, each of which used to count as a new viewer (issue 19, item 4).
 */
export const VIEWER_COOKIE = "mn_viewer";
const VALID = /^([A-Za-z0-9_-]{22,64})\.([A-Za-z0-9_-]{22})$/;
const ONE_YEAR = 60 * 60 * 24 * 365;

export function readViewerCookie(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === VIEWER_COOKIE) {
      const value = part.slice(eq + 1).trim();
      const match = VALID.exec(value);
      return match && signatureMatches(match[1]!, match[2]!) ? value : null;
    }
  }
  return null;
}

export function newViewerId(): string {
  const id = randomBytes(18).toString("base64url");
  return `${id}.${signatureOf(id)}`;
}

function signatureOf(id: string): string {
  return createHmac("sha256", env.authSecret).update(`viewer:${id}`).digest("base64url").slice(0, 22);
}

function signatureMatches(id: string, signature: string): boolean {
  return timingSafeEqual(Buffer.from(signatureOf(id)), Buffer.from(signature));
}

export function viewerCookieHeader(value: string, secure: boolean): string {
  return `${VIEWER_COOKIE}=${value}; Path=/; Max-Age=${ONE_YEAR}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * Whether the cookie must be Secure: the site is public over https (SITE_URL, issue 19 item 7: whatever a proxy in
 * front says), or the request reached us over HTTPS (directly, or through a proxy that says so: X-Forwarded-Proto is
 * believed only behind a trusted proxy, TRUST_PROXY_HOPS > 0, as the client address is).
 */
export function isSecureRequest(req: Request): boolean {
  if (isHttpsSite(env.siteUrl)) return true;
  const forwarded = env.trustProxyHops > 0 ? req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() : undefined;
  return forwarded ? forwarded === "https" : new URL(req.url).protocol === "https:";
}
