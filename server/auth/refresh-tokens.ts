import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { refreshTokens as refreshTokensTable, users } from "@/db/schema";
import type { Role } from "@/lib/enums";
import { unauthorized } from "@/server/core/errors";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { issueTokens } from "./issue-tokens";
import { lockRefreshFamilies, revokeRefreshFamily } from "./revoke-tokens";
import { hashSecret, isWellFormedSecret } from "./secure-token";
import type { TokenSet } from "./types";

/**
 * POST /api/Authentication/RefreshToken: trades a refresh token for a new token set (rotation). The
 * presented token is spent atomically; presenting a spent token again means it leaked (or a client
 * raced itself), so its whole family is revoked and the caller must sign in again. Unknown, expired,
 * revoked tokens and banned or deleted users are all the same 401. The new access token carries the
 * user's current role (e.g. after FirebaseMigration). Rotation and revocation of one family are serialized by the
 * family's lock (revoke-tokens.ts lockRefreshFamilies), so a family revoked for reuse has no live member.
 */
export async function refreshTokens(opts: {
  db: Db;
  refreshToken: string;
  /** The client's User-Agent; without one (next-auth's rotation) the presented token's is carried over. */
  userAgent?: string | null;
  now?: Date;
}): Promise<TokenSet> {
  const { db } = opts;
  const now = opts.now ?? new Date();
  if (!isWellFormedSecret(opts.refreshToken)) throw unauthorized("invalidToken");
  const hash = hashSecret(opts.refreshToken);

  // One transaction spends the token and stores its successor, so a failure leaves the presented token usable. A
  // refused token still commits what it did (revoking a leaked family) and is answered 401 after the commit.
  const tokens = await runUnitOfWork(db, async ({ tx }): Promise<TokenSet | null> => {
    // The family's lock first (issue 19, item 5): a concurrent rotation, reuse revocation or logout of this sign-in
    // waits for this transaction, and this one for theirs, so a revoked family never keeps a token issued beside it.
    const [presented] = await tx
      .select({ familyId: refreshTokensTable.familyId })
      .from(refreshTokensTable)
      .where(eq(refreshTokensTable.tokenHash, hash))
      .limit(1);
    if (!presented) return null;
    await lockRefreshFamilies(tx, [presented.familyId]);

    const [claimed] = await tx
      .update(refreshTokensTable)
      .set({ usedAt: now })
      .where(
        and(
          eq(refreshTokensTable.tokenHash, hash),
          isNull(refreshTokensTable.usedAt),
          isNull(refreshTokensTable.revokedAt),
          gt(refreshTokensTable.expiresAt, now),
          gt(refreshTokensTable.familyExpiresAt, now),
        ),
      )
      .returning({
        userId: refreshTokensTable.userId,
        familyId: refreshTokensTable.familyId,
        familyExpiresAt: refreshTokensTable.familyExpiresAt,
        userAgent: refreshTokensTable.userAgent,
      });

    if (!claimed) {
      const [known] = await tx
        .select({ usedAt: refreshTokensTable.usedAt })
        .from(refreshTokensTable)
        .where(eq(refreshTokensTable.tokenHash, hash))
        .limit(1);
      // A spent token presented again: it leaked or the client raced itself. The whole family goes, including any
      // successor a concurrent winner issued (it committed before this transaction got the lock, so it is seen here).
      if (known?.usedAt) await revokeRefreshFamily({ db: tx, familyId: presented.familyId, now });
      return null;
    }

    const [user] = await tx
      .select({ role: users.role, banned: users.banned })
      .from(users)
      .where(eq(users.id, claimed.userId))
      .limit(1);
    if (!user || user.banned) {
      await revokeRefreshFamily({ db: tx, familyId: claimed.familyId, now });
      return null;
    }

    return issueTokens({
      db: tx,
      userId: claimed.userId,
      role: user.role as Role,
      family: { id: claimed.familyId, expiresAt: claimed.familyExpiresAt },
      userAgent: opts.userAgent || claimed.userAgent,
      now,
    });
  });
  if (!tokens) throw unauthorized("invalidToken");
  return tokens;
}
