import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "@/server/core/unit-of-work";
import { refreshTokens } from "@/db/schema";

/** The first key of the family locks (pg_advisory_xact_lock's two-key space, apart from the migrations' one-key lock). */
const FAMILY_LOCK_SPACE = 19_005;

/**
 * Takes the lock of each sign-in (refresh token family) until the transaction ends (issue 19, item 5). Every change to a
 * family takes it first: a rotation (refresh-tokens.ts), a revocation for reuse, logout, revoking one session or the
 * others, a password change or reset, a ban and a deletion. So a rotation and a revocation of one family never
 * interleave: the revocation's update runs after the rotation committed and sees its new token, or the rotation runs
 * after the revocation and finds the token revoked. There is no family row to lock (the family is its tokens' family_id),
 * hence an advisory lock on the id. Ids are locked in sorted order, so two callers locking several never deadlock.
 * Call it inside a transaction (with a plain connection the lock would end with the statement).
 */
export async function lockRefreshFamilies(db: Executor, familyIds: readonly string[]): Promise<void> {
  for (const id of [...new Set(familyIds.map((f) => f.toLowerCase()))].sort()) {
    await db.execute(sql`select pg_advisory_xact_lock(${FAMILY_LOCK_SPACE}, hashtext(${id}))`);
  }
}

/** Locks the user's live families (see lockRefreshFamilies) and returns their ids. */
export async function lockUserRefreshFamilies(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  const ids = rows.map((r) => r.familyId);
  await lockRefreshFamilies(db, ids);
  return ids;
}

/**
 * Revokes every refresh token of the user: password reset, ban, account deletion. (Access tokens are
 * stateless and end within 15 minutes; the user's notification sockets are closed by the caller.)
 */
export async function revokeUserRefreshTokens(opts: { db: Executor; userId: number; now?: Date }): Promise<number> {
  await lockUserRefreshFamilies(opts.db, opts.userId);
  const rows = await opts.db
    .update(refreshTokens)
    .set({ revokedAt: opts.now ?? new Date() })
    .where(and(eq(refreshTokens.userId, opts.userId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length;
}

/** Revokes one sign-in's chain of rotated tokens (logout, or reuse of a spent token). */
export async function revokeRefreshFamily(opts: { db: Executor; familyId: string; now?: Date }): Promise<number> {
  await lockRefreshFamilies(opts.db, [opts.familyId]);
  const rows = await opts.db
    .update(refreshTokens)
    .set({ revokedAt: opts.now ?? new Date() })
    .where(and(eq(refreshTokens.familyId, opts.familyId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length;
}
