"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { endSession } from "./end-session";
import { startSessionSync, updateSession, useSession } from "./session-store";

/** Ask for fresh tokens this long before the access token expires (the server rotates within 60 s of it). */
const REFRESH_LEAD_MS = 45_000;
/** The session endpoint is also polled, which rotates tokens that are due. */
const SESSION_POLL_SECONDS = 5 * 60;

/**
 * Keeps the browser session alive: asks the session endpoint for rotated tokens shortly before the access
 * token expires, and signs out when the server marked the session errored (the tokens could not be
 * refreshed, spec §8). On a public page the dead session is cleared in place; elsewhere the user goes to /auth.
 */
function SessionKeeper() {
  const { data } = useSession();
  const expiresAt = data?.accessTokenExpiresAt;
  const errored = Boolean(data?.error);
  const endReason = data?.endReason ?? "ended";
  const ending = useRef(false);

  useEffect(() => {
    if (!expiresAt) return;
    const due = Date.parse(expiresAt) - Date.now() - REFRESH_LEAD_MS;
    if (!Number.isFinite(due)) return;
    const timer = setTimeout(() => void updateSession(), Math.max(due, 5_000));
    return () => clearTimeout(timer);
  }, [expiresAt]);

  useEffect(() => startSessionSync({ pollSeconds: SESSION_POLL_SECONDS }), []);

  useEffect(() => {
    if (!errored || ending.current) return;
    ending.current = true;
    const path = window.location.pathname.replace(/^\/ar(?=\/|$)/, "") || "/";
    const protectedArea = path.startsWith("/dashboard") || path.startsWith("/auth/must-select-role");
    // Sent to sign in again, and brought back to this page afterwards: the login form follows `next` only when it is a
    // dashboard path (lib/return-path.ts, not imported here: this runs on every public page, ADR 010).
    const back = path.startsWith("/dashboard/") ? `&next=${encodeURIComponent(path + window.location.search)}` : "";
    // The sign-in page says why the session ended (lib/session-end.ts; the server's reason, else the generic one).
    void endSession({ redirectTo: protectedArea ? `/auth?reason=${endReason}${back}` : null });
  }, [errored, endReason]);

  return null;
}

/** What every page shares on the client: the session keeper (TanStack Query is provided where it is used). */
export function SessionProviders({ children }: { children: ReactNode }) {
  return (
    <>
      <SessionKeeper />
      {children}
    </>
  );
}
