import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/server/env";
import { MAX_ID } from "@/lib/validation/numbers";

/**
 * Signed URLs of premium page images (issue 19, item 11; docs/decisions/018).
 *
 * A page of a chapter that is premium right now is handed out only as `/media/{id}?u={userId}&exp={unix s}&sig={mac}`
 * (with `w={width}` first when a width copy is asked for), to a viewer who may read it. The MAC is HMAC-SHA-256, cut to
 * 128 bits, over the media id, the width (empty without one), the user and the expiry, keyed with a key derived from
 * AUTH_SECRET (never the secret itself), so every process that shares the secret signs and checks the same URLs. The
 * route (app/media/[id]/route.ts) serves a premium-only image to a valid, unexpired signature only, cached `private`
 * until the expiry.
 *
 * Expiries are rounded up to a window (a quarter of the life): every URL of one image for one user is the same string
 * for the whole window, so the browser reuses its cached copy across page loads, and every process makes the same one.
 */

/** The signature's length in base64url characters (16 bytes). */
const SIG_CHARS = 22;

let keyFor: { secret: string; key: Buffer } | null = null;

/** The signing key: HMAC(AUTH_SECRET, label), so the secret itself never signs anything a visitor can see. */
function signingKey(): Buffer {
  const secret = env.authSecret;
  if (keyFor?.secret !== secret) keyFor = { secret, key: createHmac("sha256", secret).update("manganova/media-url/v1").digest() };
  return keyFor.key;
}

/** The signed text: id, width, then the format of an AVIF copy on a line of its own (letters: never a user id). */
function mac(id: string, width: number | null, userId: number, exp: number, format: "avif" | null = null): string {
  const what = format ? `${id}\n${width ?? ""}\n${format}` : `${id}\n${width ?? ""}`;
  return createHmac("sha256", signingKey()).update(`${what}\n${userId}\n${exp}`).digest().subarray(0, 16).toString("base64url");
}

/** The expiry (unix seconds) of URLs signed at `nowMs`: at least the configured life away, rounded up to its window. */
export function mediaUrlExpiry(nowMs = Date.now(), ttl = env.mediaUrlTtlSeconds): number {
  const window = Math.max(1, Math.floor(ttl / 4));
  return Math.ceil((Math.floor(nowMs / 1000) + ttl) / window) * window;
}

export interface MediaGrant {
  userId: number;
  /** Expiry, unix seconds. */
  exp: number;
}

/** `/media/{id}` signed for this user until `exp` (optionally a width copy, `w=`, and an AVIF one, `f=avif`). */
export function signedMediaUrl(id: string, grant: MediaGrant, width: number | null = null, format: "avif" | null = null): string {
  const w = width === null ? "" : `w=${width}&`;
  const f = format === null ? "" : `f=${format}&`;
  return `/media/${id}?${w}${f}u=${grant.userId}&exp=${grant.exp}&sig=${mac(id, width, grant.userId, grant.exp, format)}`;
}

/** Whether the query carries a signature at all (a URL without one is a plain, public one). */
export function hasSignature(params: URLSearchParams): boolean {
  return params.has("sig") || params.has("exp") || params.has("u");
}

const USER = /^[1-9]\d{0,9}$/;
const EXP = /^[1-9]\d{0,11}$/;
const SIG = new RegExp(`^[A-Za-z0-9_-]{${SIG_CHARS}}$`);

/**
 * The grant a request's signature carries when it is valid for this media id, width and format and not expired; null
 * otherwise (missing, malformed, tampered, for another image, width, format or user, or expired). The MAC is compared
 * in constant time.
 */
export function verifyMediaUrl(id: string, width: number | null, params: URLSearchParams, nowMs = Date.now(), format: "avif" | null = null): MediaGrant | null {
  const u = params.get("u");
  const e = params.get("exp");
  const sig = params.get("sig");
  if (u === null || e === null || sig === null || !USER.test(u) || !EXP.test(e) || !SIG.test(sig)) return null;
  const userId = Number(u);
  const exp = Number(e);
  if (userId > MAX_ID || exp * 1000 <= nowMs) return null;
  const expected = Buffer.from(mac(id, width, userId, exp, format));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { userId, exp } : null;
}
