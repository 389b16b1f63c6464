import { jwtVerify, SignJWT } from "jose";
import { Role } from "@/lib/enums";
import { env } from "@/server/env";

/**
 * Access tokens (DESIGN §4): HS256 JWTs signed with AUTH_SECRET, valid 15 minutes, carrying the user id
 * (`sub`) and role. Verification pins the algorithm, issuer and audience; anything else is "no user".
 * No "server-only" import: the custom server (plain Node) uses this for the notification socket.
 */
export const ACCESS_TOKEN_ISSUER = "manga-site";
export const ACCESS_TOKEN_AUDIENCE = "manga-site:api";
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessClaims {
  userId: number;
  role: Role;
  /** The sign-in (refresh token family) the token was issued to: logging that session out closes its sockets only. */
  sid?: string;
}

const ROLES: readonly number[] = Object.values(Role);
const isRole = (value: unknown): value is Role => typeof value === "number" && ROLES.includes(value);

/**
 * The signing key, imported once per secret (every authenticated request verifies a token: importing the raw secret
 * each time cost a third of the verification).
 */
let cached: { secret: string; key: Promise<CryptoKey> } | undefined;
function key(): Promise<CryptoKey> {
  const secret = env.authSecret;
  if (cached?.secret !== secret) {
    const imported = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    cached = { secret, key: imported };
  }
  return cached.key;
}

export async function signAccessToken(
  claims: AccessClaims,
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expires = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT(claims.sid ? { role: claims.role, sid: claims.sid } : { role: claims.role })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(claims.userId))
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expires)
    .sign(await key());
  return { token, expiresAt: new Date(expires * 1000) };
}

/** The caller behind a token, or null when it is malformed, forged, expired or not ours. */
export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  if (!token || token.length > 4096) return null;
  try {
    const { payload } = await jwtVerify(token, await key(), {
      algorithms: ["HS256"],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      requiredClaims: ["sub", "exp", "iat"],
    });
    const userId = Number(payload.sub);
    const role = payload.role;
    if (!Number.isSafeInteger(userId) || userId <= 0 || String(userId) !== payload.sub) return null;
    if (!isRole(role)) return null;
    return typeof payload.sid === "string" && payload.sid.length <= 64 ? { userId, role, sid: payload.sid } : { userId, role };
  } catch {
    return null;
  }
}
