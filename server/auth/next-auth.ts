import "server-only";
import { createHash } from "node:crypto";
import type { CallbacksOptions, NextAuthOptions, Session } from "next-auth";
import type { JWT } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/db/client";
import { isLocale, type Locale } from "@/i18n/routing";
import { looksLikeEmail } from "@/lib/validation/auth";
import { env } from "@/server/env";
import { isDatabaseUnavailable } from "@/server/core/database-unavailable";
import { AppError } from "@/server/core/errors";
import { apiMessage, chosenLocale } from "@/server/core/messages";
import { clientIp } from "@/server/core/client-ip";
import type { SessionEndReason } from "@/lib/session-end";
import { SESSION_REFRESH_ERROR, type SessionUpdateRequest, type SessionUser } from "@/types/session";
import { getCurrentUser } from "./get-current-user";
import { login } from "./login";
import { refreshTokens } from "./refresh-tokens";
import { SESSION_COOKIE_SECURE, SESSION_MAX_AGE_SECONDS } from "./session";
import { sessionEndReason } from "./session-end-reason";
import { saveAccountLocale } from "./set-locale";
import type { CurrentUser, TokenSet } from "./types";
import { log } from "@/server/core/log";

/**
 * The browser session (DESIGN §4): next-auth v4 with JWT sessions. The Credentials provider calls the
 * same `login` as POST /api/Authentication/Login; the encrypted session cookie keeps the spec's token
 * set, and the JWT callback rotates it shortly before the access token expires (or when the client asks,
 * after a 401 or a role change). The session the browser sees has the access token and a small user —
 * never the refresh token. When rotation fails the session is marked errored and the client signs out.
 *
 * Only the /api/auth routes run these callbacks: server components read the cookie without refreshing
 * (server/auth/session.ts), because a refresh there could not store the rotated tokens.
 *
 * The account's language follows the person (issue 28, docs/decisions/016): every page reads the session endpoint
 * once as it loads, and a language switch (the top bar's or the profile's) is a full page load that has just written
 * the NEXT_LOCALE cookie. When that cookie names another language than the one this session last kept on the account
 * (`token.locale`; none yet at sign-in), the account takes it (users.locale) and the session remembers it: one write per
 * switch, no request of its own, nothing on public pages' client code. No cookie (never switched) changes nothing.
 */

// next-auth v4 builds its absolute URLs from NEXTAUTH_URL; the site URL is the one place that is configured.
process.env.NEXTAUTH_URL ||= env.siteUrl;

/** Rotate when the access token has less than this left. */
export const REFRESH_MARGIN_MS = 60_000;

export function toSessionUser(user: CurrentUser): SessionUser {
  return {
    id: user.id,
    role: user.role,
    username: user.username,
    fullName: user.fullName,
    mustSelectRole: user.mustSelectRole,
    profileImageUrl: user.profileImageUrl,
    theme: user.theme,
  };
}

/** A failed sign-in travels to the client in next-auth's `error` query value as this JSON. */
export interface SignInFailure {
  status: number;
  message: string;
}

function failure(status: number, message: string): Error {
  return new Error(JSON.stringify({ status, message } satisfies SignInFailure));
}

function headerValue(headers: unknown, name: string): string | undefined {
  if (!headers || typeof headers !== "object") return undefined;
  const value = (headers as Record<string, unknown>)[name];
  return typeof value === "string" ? value : Array.isArray(value) && typeof value[0] === "string" ? value[0] : undefined;
}

/** The caller's address for the sign-in rate limit, read exactly as the API routes read it. */
function ipOf(headers: unknown): string {
  const forwarded = new Headers();
  for (const name of ["x-forwarded-for", "x-real-ip"]) {
    const value = headerValue(headers, name);
    if (value) forwarded.set(name, value);
  }
  return clientIp(new Request("http://localhost/", { headers: forwarded }));
}

/* Concurrent refreshes of one token set (two tabs, a 401 retry racing the timer) share one rotation,
 * so the second caller does not present a spent refresh token and trip reuse detection. */
const RECENT_MS = 30_000;
const RECENT_KEY = Symbol.for("manga.auth.recentRefreshes");
type Recent = Map<string, { at: number; result: Promise<TokenSet> }>;
function recentRefreshes(): Recent {
  const g = globalThis as typeof globalThis & { [RECENT_KEY]?: Recent };
  return (g[RECENT_KEY] ??= new Map());
}

export async function rotateOnce(refreshToken: string): Promise<TokenSet> {
  const recent = recentRefreshes();
  const now = Date.now();
  for (const [k, v] of recent) if (now - v.at > RECENT_MS) recent.delete(k);
  const key = createHash("sha256").update(refreshToken).digest("hex");
  const hit = recent.get(key);
  if (hit) return hit.result;
  const result = (async () => refreshTokens({ db: await getDb(), refreshToken }))();
  recent.set(key, { at: now, result });
  result.catch(() => recent.delete(key));
  return result;
}

/**
 * The language this browser chose, from a request to the session endpoints: the NEXT_LOCALE cookie, which only the
 * visitor's own choice writes (the language switch, the profile; never the server, proxy.ts). Not Accept-Language:
 * a browser's default is no choice, and must not overwrite the account's language.
 */
export function chosenLocaleOf(req: Request): Locale | undefined {
  return chosenLocale(req.headers.get("cookie"));
}

/**
 * The chosen language kept on the account when this session has not kept it yet. A failure leaves the token as it was,
 * so the next read of the session tries again.
 */
async function followChosenLocale(token: JWT, chosen: Locale | undefined): Promise<JWT> {
  if (!chosen || token.locale === chosen || token.error || !token.tokens || !token.user) return token;
  try {
    await saveAccountLocale(await getDb(), token.user.id, chosen);
    return { ...token, locale: chosen };
  } catch (err) {
    if (!isDatabaseUnavailable(err)) log.error({ err }, "[auth] keeping the account's language failed");
    return token;
  }
}

function isUpdateRequest(value: unknown): value is SessionUpdateRequest {
  return typeof value === "object" && value !== null;
}

async function refreshed(token: JWT): Promise<JWT> {
  const tokens = token.tokens;
  const userId = token.user?.id;
  if (!tokens || !userId) return { ...token, tokens: undefined, error: SESSION_REFRESH_ERROR };
  let next: TokenSet | undefined;
  try {
    next = await rotateOnce(tokens.refreshToken);
    // The user is reloaded with every rotation: a new role, name or picture reaches the session.
    const user = await getCurrentUser({ db: await getDb(), userId, imageFormat: "url" });
    if (!user) return { ...token, tokens: undefined, error: SESSION_REFRESH_ERROR };
    return { ...token, tokens: next, user: toSessionUser(user), error: undefined };
  } catch (err) {
    // A database that is away for a moment does not sign anyone out: the session keeps its tokens (the new ones when
    // the rotation committed) and the next request tries again (docs/decisions/019, Faults).
    if (isDatabaseUnavailable(err)) return next ? { ...token, tokens: next } : token;
    if (!(err instanceof AppError)) log.error({ err }, "[auth] token refresh failed");
    return { ...token, tokens: undefined, error: SESSION_REFRESH_ERROR, endReason: await endReasonOf(userId, token.user?.role) };
  }
}

/** Why the server refused this session's refresh, for the sign-in page (issue 31, 6c); "ended" when it cannot tell. */
async function endReasonOf(userId: number, sessionRole: number | undefined): Promise<SessionEndReason> {
  if (sessionRole === undefined) return "ended";
  try {
    return await sessionEndReason({ db: await getDb(), userId, sessionRole });
  } catch {
    return "ended";
  }
}

type JwtParams = Parameters<CallbacksOptions["jwt"]>[0];

/** The session token after a sign-in, a read or an update (tokens rotated when due or asked for). */
async function nextToken({ token, user, trigger, session }: JwtParams): Promise<JWT> {
  if (user) {
    // Sign-in: keep the token set and the small user; nothing else from the provider.
    return { sub: user.id, tokens: user.tokens, user: user.profile };
  }
  if (token.error || !token.tokens) return token;
  const request = trigger === "update" && isUpdateRequest(session) ? session : {};
  const expiresAt = Date.parse(token.tokens.accessTokenExpiresAt);
  const due = !Number.isFinite(expiresAt) || expiresAt - Date.now() < REFRESH_MARGIN_MS;
  if (request.refresh === true || due) return refreshed(token);
  if (request.reloadUser === true && token.user) {
    try {
      const user = await getCurrentUser({ db: await getDb(), userId: token.user.id, imageFormat: "url" });
      return user ? { ...token, user: toSessionUser(user) } : token;
    } catch {
      return token;
    }
  }
  return token;
}

/**
 * next-auth's options for one request to its endpoints; `chosenLocale` is the language that request's browser chose
 * (chosenLocaleOf), which the account then follows. `authOptions` is the same without a choice.
 */
export function authOptionsFor(chosenLocale?: Locale): NextAuthOptions {
  return {
    // Read at request time, so importing this module (e.g. while building) needs no secret.
    get secret() {
      return env.authSecret;
    },
    useSecureCookies: SESSION_COOKIE_SECURE,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    // next-auth never shows its own pages: sign-in and errors belong to /auth.
    pages: { signIn: "/auth", error: "/auth", signOut: "/auth" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Credentials",
        credentials: {
          username: { label: "Username or e-mail", type: "text" },
          password: { label: "Password", type: "password" },
          locale: { label: "Locale", type: "text" },
        },
        async authorize(credentials, req) {
          const locale: Locale = isLocale(credentials?.locale) ? credentials.locale : "en";
          const identifier = credentials?.username?.trim() ?? "";
          const password = credentials?.password ?? "";
          try {
            const { tokens, user } = await login({
              db: await getDb(),
              ...(looksLikeEmail(identifier) ? { email: identifier } : { username: identifier }),
              password,
              ip: ipOf(req.headers),
              userAgent: headerValue(req.headers, "user-agent"),
            });
            return { id: String(user.id), tokens, profile: toSessionUser(user) };
          } catch (err) {
            if (err instanceof AppError) throw failure(err.httpStatus, apiMessage(locale, err.messageKey, err.params));
            if (isDatabaseUnavailable(err)) throw failure(503, apiMessage(locale, "serviceUnavailable"));
            log.error({ err }, "[auth] sign-in failed");
            throw failure(500, apiMessage(locale, "internal"));
          }
        },
      }),
    ],
    callbacks: {
      async jwt(params) {
        return followChosenLocale(await nextToken(params), chosenLocale);
      },
      async session({ session, token }): Promise<Session> {
        if (token.error || !token.tokens || !token.user) {
          return { expires: session.expires, error: token.error ?? SESSION_REFRESH_ERROR, ...(token.endReason ? { endReason: token.endReason } : {}) };
        }
        return {
          expires: session.expires,
          accessToken: token.tokens.accessToken,
          accessTokenExpiresAt: token.tokens.accessTokenExpiresAt,
          user: token.user,
        };
      },
    },
  };
}

export const authOptions: NextAuthOptions = authOptionsFor();
