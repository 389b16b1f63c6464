import { cache } from "react";
import { cookies } from "next/headers";
import { decodeJwt } from "jose";
import { decode, type JWT } from "next-auth/jwt";
import { SESSION_END_PARAM, type SessionEndReason } from "@/lib/session-end";
import { env } from "@/server/env";
import type { SessionUser } from "@/types/session";
import { setScopeUser } from "@/server/core/log";

/**
 * Reading the browser session on the server without touching it: server components, the proxy and
 * the logout route decode next-auth's encrypted cookie here. Nothing in this file refreshes tokens
 * (a server component could not store rotated tokens); the client's session endpoint does that.
 * No "server-only" import: proxy.ts uses it too.
 */

/** Secure cookies (and the `__Secure-` name) when the site is served over HTTPS. */
export const SESSION_COOKIE_SECURE = env.siteUrl.startsWith("https://");
export const SESSION_COOKIE_NAME = `${SESSION_COOKIE_SECURE ? "__Secure-" : ""}next-auth.session-token`;
/** The browser session lasts at most as long as next-auth's cookie; the refresh token's own expiry also ends it. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export type LiveSessionToken = JWT & { tokens: NonNullable<JWT["tokens"]>; user: SessionUser };

/** A session that can still be used: not errored, with tokens, and the refresh token not yet expired. */
export function isLiveSession(token: JWT | null | undefined, now = Date.now()): token is LiveSessionToken {
  if (!token || token.error || !token.tokens || !token.user) return false;
  const refreshEnds = Date.parse(token.tokens.refreshTokenExpiresAt);
  return !Number.isFinite(refreshEnds) || refreshEnds > now;
}

interface CookieReader {
  get(name: string): { value: string } | undefined;
  getAll(): Array<{ name: string; value: string }>;
}

/** next-auth's session cookie, joined from its chunks (`name.0`, `name.1`, …) when it was split. */
function sessionCookie(jar: CookieReader): string | undefined {
  const whole = jar.get(SESSION_COOKIE_NAME)?.value;
  if (whole) return whole;
  const prefix = `${SESSION_COOKIE_NAME}.`;
  const chunks = jar
    .getAll()
    .filter((c) => c.name.startsWith(prefix) && /^\d+$/.test(c.name.slice(prefix.length)))
    .sort((a, b) => Number(a.name.slice(prefix.length)) - Number(b.name.slice(prefix.length)));
  return chunks.length ? chunks.map((c) => c.value).join("") : undefined;
}

/** The decoded session JWT from a cookie jar (a request's or next/headers'), or null. Never refreshes. */
export async function readSessionToken(jar: CookieReader): Promise<JWT | null> {
  const value = sessionCookie(jar);
  if (!value) return null;
  try {
    return await decode({ token: value, secret: env.authSecret });
  } catch {
    return null;
  }
}

export interface SessionUserWithToken extends SessionUser {
  /** The access token as last stored; it may have expired (the client session refreshes it). */
  accessToken: string;
}

/**
 * The signed-in user of the current request for server components and route handlers, or null when
 * signed out or when the session can no longer be refreshed. Cached per request.
 */
export const getSessionUser = cache(async (): Promise<SessionUserWithToken | null> => {
  const token = await readSessionToken(await cookies());
  if (!isLiveSession(token)) return null;
  // A banned or deleted account's session ends at its next page; a changed role applies to pages at once.
  const { accountStanding } = await import("./account-standing");
  const { standing, role } = await accountStanding(token.user.id, undefined, undefined, sessionIdOf(token.tokens.accessToken));
  if (standing !== "ok") return null;
  setScopeUser(token.user.id); // on this page's log lines (server/core/log.ts)
  return { ...token.user, role: role ?? token.user.role, accessToken: token.tokens.accessToken };
});

/**
 * Why a session cookie no longer signs anyone in, from the cookie alone (proxy.ts): an errored session says why if the
 * server could tell, an expired one "ended"; no cookie or a cookie of no session answers null (a plain visitor: no text).
 */
export function deadSessionReason(token: JWT | null | undefined, now = Date.now()): SessionEndReason | null {
  if (!token) return null;
  if (token.error) return token.endReason ?? "ended";
  if (!token.tokens || !token.user) return null;
  return isLiveSession(token, now) ? null : "ended";
}

/**
 * Why the current request has no signed-in user though it came with a session (issue 31, 6c), for the redirect to the
 * sign-in page: the cookie's own reason, else, for a session the server refused (getSessionUser: revoked, banned,
 * deleted), what it finds (server/auth/session-end-reason.ts). Null without a session. Call it after getSessionUser
 * answered null.
 */
export const endedSessionReason = cache(async (): Promise<SessionEndReason | null> => {
  const token = await readSessionToken(await cookies());
  if (!isLiveSession(token)) return deadSessionReason(token);
  const [{ sessionEndReason }, { getDb }] = await Promise.all([import("./session-end-reason"), import("@/db/client")]);
  try {
    return await sessionEndReason({ db: await getDb(), userId: token.user.id, sessionRole: token.user.role });
  } catch {
    return "ended";
  }
});

/** `/auth`, with why the session ended when there is a reason (lib/session-end.ts). */
export async function signInHref(): Promise<string> {
  const reason = await endedSessionReason();
  return reason ? `/auth?${SESSION_END_PARAM}=${reason}` : "/auth";
}

/** The sign-in (refresh token family) an access token was issued to; the token came from our encrypted cookie. */
function sessionIdOf(accessToken: string): string | undefined {
  try {
    const { sid } = decodeJwt(accessToken);
    return typeof sid === "string" ? sid : undefined;
  } catch {
    return undefined;
  }
}
