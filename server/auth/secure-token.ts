import { createHash, randomBytes } from "node:crypto";

/**
 * Opaque secrets handed to users (refresh tokens, e-mail links): 256 random bits, base64url. Only their
 * SHA-256 is stored, so a database leak reveals no usable token; lookups are by that hash.
 */
export function newSecret(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashSecret(token) };
}

export function hashSecret(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Cheap shape check before a database lookup (43 base64url characters for 32 bytes). */
export function isWellFormedSecret(token: unknown): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}
