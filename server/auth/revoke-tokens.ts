import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Executor } from "@/server/core/unit-of-work";
import { refreshTokens } from "@/db/schema";

/**
 * Revokes every refresh token of the user: password reset, ban, account deletion. (Access tokens are
 * stateless and end within 15 minutes; the user's notification sockets are closed by the caller.)
 */
export async function revokeUserRefreshTokens(opts: { db: Executor; userId: number; now?: Date }): Promise<number> {
  const rows = await opts.db
    .update(refreshTokens)
    .set({ revokedAt: opts.now ?? new Date() })
    .where(and(eq(refreshTokens.userId, opts.userId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length;
}

/** Revokes one sign-in's chain of rotated tokens (logout, or reuse of a spent token). */
export async function revokeRefreshFamily(opts: { db: Executor; familyId: string; now?: Date }): Promise<number> {
  const rows = await opts.db
    .update(refreshTokens)
    .set({ revokedAt: opts.now ?? new Date() })
    .where(and(eq(refreshTokens.familyId, opts.familyId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length;
}
