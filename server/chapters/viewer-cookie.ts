import { randomBytes } from "node:crypto";

/**
 * Anonymous visitors are told apart for view counting by a random id in an httpOnly cookie (never shown to
 * scripts, never tied to an account). A missing or malformed cookie gets a fresh id, set on the response.
 */
export const VIEWER_COOKIE = "mn_viewer";
const VALID = /^[A-Za-z0-9_-]{22,64}$/;
const ONE_YEAR = 60 * 60 * 24 * 365;

export function readViewerCookie(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === VIEWER_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return VALID.test(value) ? value : null;
    }
  }
  return null;
}

export function newViewerId(): string {
  return randomBytes(18).toString("base64url");
}

export function viewerCookieHeader(value: string, secure: boolean): string {
  return `${VIEWER_COOKIE}=${value}; Path=/; Max-Age=${ONE_YEAR}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Whether the request reached us over HTTPS (directly or through a proxy that says so). */
export function isSecureRequest(req: Request): boolean {
  const forwarded = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return forwarded ? forwarded === "https" : new URL(req.url).protocol === "https:";
}
