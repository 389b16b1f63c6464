"use client";

import { signOutSession } from "./session-store";

export const BACKEND_LOGOUT_FAILED = "Backend logout failed — continuing with local logout.";
export const MISSING_TOKENS = "Missing tokens for logout.";

/** A path in the language of the page being shown (English has no prefix). */
export function localizedPath(path: string): string {
  const lang = typeof document === "undefined" ? "en" : document.documentElement.lang;
  return lang === "ar" ? `/ar${path === "/" ? "" : path}` : path;
}

/**
 * Signing out (spec §4, §8): the backend logout is attempted with both tokens (read server-side from the
 * session cookie; skipped when either is missing), then — success or not — the next-auth session is
 * cleared and the browser goes to /auth with a full page load, which also empties every client cache.
 * `redirectTo: null` stays on the page (a dead session on a public page).
 */
export async function endSession({ redirectTo = "/auth" }: { redirectTo?: string | null } = {}): Promise<void> {
  try {
    const res = await fetch("/api/auth/logout", { method: "POST", credentials: "same-origin" });
    const body = (await res.json().catch(() => null)) as { ok?: boolean; reason?: string } | null;
    if (!body?.ok) {
      console.warn(BACKEND_LOGOUT_FAILED, body?.reason === "missingTokens" ? MISSING_TOKENS : (body?.reason ?? res.status));
    }
  } catch (err) {
    console.warn(BACKEND_LOGOUT_FAILED, err);
  }
  try {
    await signOutSession();
  } catch {
    // The cookie may already be gone; the page load below starts clean either way.
  }
  if (redirectTo !== null) window.location.replace(localizedPath(redirectTo));
}
