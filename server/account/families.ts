import "server-only";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import { refreshTokens } from "@/db/schema";
import type { Executor, UnitOfWork } from "@/server/core/unit-of-work";
import { lockUserRefreshFamilies } from "@/server/auth/revoke-tokens";
import { closeUserSockets } from "@/server/realtime/close-user-sockets";

/** A refresh family id (the access token's `sid`) is a UUID; anything else names no session. */
export function isSessionId(value: unknown): value is string {
  return typeof value === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/**
 * Revokes the user's sign-ins other than `keepSid` (every one without it) and returns the families it ended. The
 * caller's family stays usable, so the device that asked stays signed in.
 */
export async function revokeFamiliesExcept(opts: { db: Executor; userId: number; keepSid?: string | null; now: Date }): Promise<string[]> {
  const keep = isSessionId(opts.keepSid) ? opts.keepSid.toLowerCase() : null;
  // Each family's lock first, so a rotation racing this revocation cannot leave a live token behind (issue 19, item 5).
  await lockUserRefreshFamilies(opts.db, opts.userId);
  const rows = await opts.db
    .update(refreshTokens)
    .set({ revokedAt: opts.now })
    .where(
      and(
        eq(refreshTokens.userId, opts.userId),
        isNull(refreshTokens.revokedAt),
        // A family past its absolute end is over already: left as it is (and no socket message for it).
        gt(refreshTokens.familyExpiresAt, opts.now),
        keep ? ne(refreshTokens.familyId, keep) : undefined,
      ),
    )
    .returning({ familyId: refreshTokens.familyId });
  return [...new Set(rows.map((r) => r.familyId))];
}

/** After the commit, closes the notification sockets of each ended sign-in (on every process), leaving the others. */
export function closeFamiliesAfterCommit(uow: UnitOfWork, userId: number, familyIds: readonly string[], reason = "Signed out"): void {
  if (familyIds.length === 0) return;
  uow.afterCommit(async () => {
    for (const sid of familyIds) await closeUserSockets(userId, 1000, reason, sid);
  });
}
