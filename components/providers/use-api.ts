"use client";

import { useCallback } from "react";
import { useLocale } from "@/i18n/client";
import { apiRequest, type ApiRequestOptions, type SessionBridge } from "@/lib/api-client";
import { updateSession, useSession } from "./session-store";

let refreshing: Promise<string | null> | null = null;
/** Why the last refused refresh ended the session, when the server said (lib/session-end.ts), for the sign-in page. */
let endReason: string | undefined;

/**
 * Forces the next-auth JWT callback to rotate the token set (`updateSession({ refresh: true })`) and returns the new
 * access token, or null when the session cannot be refreshed. Concurrent callers share one refresh.
 */
export function refreshSessionToken(): Promise<string | null> {
  refreshing ??= (async () => {
    try {
      const session = await updateSession({ refresh: true });
      endReason = session?.endReason;
      return session && !session.error && typeof session.accessToken === "string" ? session.accessToken : null;
    } finally {
      setTimeout(() => (refreshing = null), 0);
    }
  })();
  return refreshing;
}

/** The browser session as the API client's 401 handler: rotate once, else sign out (spec §8). */
export const nextAuthBridge: SessionBridge = {
  refresh: refreshSessionToken,
  async signOut() {
    const { endSession } = await import("./end-session");
    // A 401 the session could not recover from: the session ended, and the sign-in page says why (issue 31, 6c).
    await endSession({ redirectTo: `/auth?reason=${endReason ?? "ended"}` });
  },
};

export type BoundApiRequest = <T>(path: string, options?: Omit<ApiRequestOptions, "token" | "session">) => Promise<T>;

/**
 * `const api = useApi(); await api<User>("/api/Authentication/Me")`: attaches the session's access token and the
 * page language; a 401 rotates the tokens (once, shared by concurrent callers) and repeats the call, else signs out
 * and goes to /auth. The language comes from the route segment, not next-intl's context, so it works on public
 * pages, which have no next-intl client provider (ADR 010).
 */
export function useApi(): BoundApiRequest {
  const { data } = useSession();
  const locale = useLocale();
  const token = data && !data.error ? (data.accessToken ?? null) : null;
  return useCallback<BoundApiRequest>(
    (path, options = {}) => apiRequest(path, { locale, ...options, token, session: nextAuthBridge }),
    [token, locale],
  );
}
