"use client";

import { useSyncExternalStore } from "react";
import type { Session } from "next-auth";

/**
 * The browser's view of the next-auth session, without next-auth's React client (DESIGN §4; docs/decisions/010-first-load-weight.md).
 * It speaks to the same endpoints (/api/auth/session, /csrf, /callback/credentials, /signout) and keeps one shared
 * snapshot that every component reads through useSession(). Other tabs hear of sign-in, sign-out and token
 * rotation on a BroadcastChannel and read the session again.
 */
export type SessionStatus = "loading" | "authenticated" | "unauthenticated";
export interface SessionSnapshot {
  data: Session | null;
  status: SessionStatus;
}

const LOADING: SessionSnapshot = { data: null, status: "loading" };
let snapshot: SessionSnapshot = LOADING;
const listeners = new Set<() => void>();
const CHANNEL = "session";
let channel: BroadcastChannel | null = null;

function publish(data: Session | null): Session | null {
  snapshot = { data, status: data ? "authenticated" : "unauthenticated" };
  for (const listener of listeners) listener();
  return data;
}

/** Tells the other tabs of this browser that the session changed, so they read it again. */
function announce(): void {
  channel?.postMessage("changed");
}

async function readJson(res: Response): Promise<unknown> {
  return res.json().catch(() => null);
}

/** next-auth answers `{}` when nobody is signed in. */
function sessionOf(body: unknown): Session | null {
  return body && typeof body === "object" && Object.keys(body).length > 0 ? (body as Session) : null;
}

async function csrfToken(): Promise<string> {
  const body = (await readJson(await fetch("/api/auth/csrf", { credentials: "same-origin", cache: "no-store" }))) as { csrfToken?: unknown } | null;
  return typeof body?.csrfToken === "string" ? body.csrfToken : "";
}

let reading: Promise<Session | null> | null = null;

/** Reads the session from the server (concurrent callers share one request). On a network failure the last one stays. */
export function getSession(): Promise<Session | null> {
  reading ??= (async () => {
    try {
      const res = await fetch("/api/auth/session", { credentials: "same-origin", cache: "no-store" });
      if (!res.ok) return snapshot.data;
      return publish(sessionOf(await readJson(res)));
    } catch {
      if (snapshot.status === "loading") publish(null);
      return snapshot.data;
    } finally {
      reading = null;
    }
  })();
  return reading;
}

/**
 * Runs next-auth's jwt callback with `trigger: "update"` (server/auth/next-auth.ts): `{ refresh: true }` rotates the
 * tokens, `{ reloadUser: true }` re-reads the user; without data tokens that are due are rotated. Null on failure.
 */
export async function updateSession(data?: Record<string, unknown>): Promise<Session | null> {
  try {
    const res = await fetch("/api/auth/session", {
      method: "POST",
      credentials: "same-origin",
      cache: "no-store",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ csrfToken: await csrfToken(), data }),
    });
    if (!res.ok) return null;
    const session = publish(sessionOf(await readJson(res)));
    announce();
    return session;
  } catch {
    return null;
  }
}

export interface SignInResult {
  ok: boolean;
  status: number;
  /** next-auth's error code or message (the authorize() failure text), or null. */
  error: string | null;
  /** Where next-auth would send the browser; "…?csrf=true" when the CSRF cookie did not match. */
  url: string | null;
}

/** Signs in with the Credentials provider without leaving the page, then reads the new session. */
export async function signInWithCredentials(fields: Record<string, string>): Promise<SignInResult> {
  const res = await fetch("/api/auth/callback/credentials", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body: new URLSearchParams({ ...fields, csrfToken: await csrfToken(), callbackUrl: window.location.href, json: "true" }),
  });
  const body = (await readJson(res)) as { url?: unknown } | null;
  const url = typeof body?.url === "string" ? body.url : null;
  const error = url ? new URL(url, window.location.origin).searchParams.get("error") : "Configuration";
  if (res.ok && !error) {
    await getSession();
    announce();
  }
  return { ok: res.ok, status: res.status, error, url: error ? null : url };
}

/** Clears the next-auth session cookie (the backend logout is end-session.ts's business). */
export async function signOutSession(): Promise<void> {
  try {
    await fetch("/api/auth/signout", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
      body: new URLSearchParams({ csrfToken: await csrfToken(), callbackUrl: window.location.href, json: "true" }),
    });
  } finally {
    publish(null);
    announce();
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session snapshot; "loading" on the server and until the first read ends. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribe, () => snapshot, () => LOADING);
}

/**
 * Starts keeping the snapshot fresh: the first read, a re-read every `pollSeconds` and when the tab becomes visible,
 * and when another tab announces a change. Returns the stop function (for an effect's cleanup).
 */
export function startSessionSync({ pollSeconds }: { pollSeconds: number }): () => void {
  if (snapshot.status === "loading") void getSession();
  const timer = setInterval(() => void getSession(), pollSeconds * 1000);
  const onVisible = () => {
    if (document.visibilityState === "visible") void getSession();
  };
  document.addEventListener("visibilitychange", onVisible);
  channel ??= typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL);
  const onMessage = () => void getSession();
  channel?.addEventListener("message", onMessage);
  return () => {
    clearInterval(timer);
    document.removeEventListener("visibilitychange", onVisible);
    channel?.removeEventListener("message", onMessage);
  };
}
