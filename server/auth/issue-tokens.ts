import "server-only";
import { randomUUID } from "node:crypto";
import { refreshTokens } from "@/db/schema";
import type { Role } from "@/lib/enums";
import type { Executor } from "@/server/core/unit-of-work";
import { storedUserAgent } from "@/server/account/device";
import { signAccessToken } from "./access-token";
import { AUTH_POLICY } from "./policy";
import { newSecret } from "./secure-token";
import type { TokenSet } from "./types";

export interface IssueTokensOptions {
  /** The database, or the transaction of the use case issuing them. */
  db: Executor;
  userId: number;
  role: Role;
  /** Continue a family (rotation); a new sign-in starts one. */
  family?: { id: string; expiresAt: Date };
  /** The client's User-Agent, for the sessions list (cut to 300 characters; server/account/device.ts). */
  userAgent?: string | null;
  now?: Date;
}

/** A new access token and a new refresh token (stored hashed) for the user. */
export async function issueTokens(opts: IssueTokensOptions): Promise<TokenSet> {
  const now = opts.now ?? new Date();
  const family = opts.family ?? { id: randomUUID(), expiresAt: new Date(now.getTime() + AUTH_POLICY.refreshFamilyTtlMs) };
  const expiresAt = new Date(Math.min(now.getTime() + AUTH_POLICY.refreshTokenTtlMs, family.expiresAt.getTime()));
  const refresh = newSecret();
  const access = await signAccessToken({ userId: opts.userId, role: opts.role, sid: family.id }, now);
  await opts.db.insert(refreshTokens).values({
    userId: opts.userId,
    tokenHash: refresh.hash,
    familyId: family.id,
    expiresAt,
    familyExpiresAt: family.expiresAt,
    userAgent: storedUserAgent(opts.userAgent),
    createdAt: now,
  });
  return {
    accessToken: access.token,
    refreshToken: refresh.token,
    accessTokenExpiresAt: access.expiresAt.toISOString(),
    refreshTokenExpiresAt: expiresAt.toISOString(),
  };
}
