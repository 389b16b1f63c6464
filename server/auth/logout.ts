import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { refreshTokens } from "@/db/schema";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { closeUserSockets } from "@/server/realtime/close-user-sockets";
import { revokeRefreshFamily } from "./revoke-tokens";
import { hashSecret, isWellFormedSecret } from "./secure-token";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /api/Authentication/Logout: revokes the sign-in (the refresh token's family) when the token
 * belongs to the caller, and closes that sign-in's notification sockets with 1000 on every process (the user's
 * other devices stay connected). The bearer access token's own sign-in (its `sid`, `sessionId` here) is ended too
 * (issue 27, item 11): a client that sends only the bearer token (body `{}`) is signed out as well, so "You have been
 * signed out." is never said while the token keeps working. Idempotent: an unknown, foreign or already revoked token
 * changes nothing and is not an error. Returns whether a sign-in of the caller's was found (live or already ended).
 */
export async function logout(opts: { db: Db; userId: number; refreshToken: string; sessionId?: string }): Promise<boolean> {
  const { userId } = opts;
  return runUnitOfWork(opts.db, async ({ tx, afterCommit }) => {
    const families = new Set<string>();
    if (isWellFormedSecret(opts.refreshToken)) {
      const [row] = await tx
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.tokenHash, hashSecret(opts.refreshToken)), eq(refreshTokens.userId, userId)))
        .limit(1);
      if (row) families.add(row.familyId);
    }
    if (opts.sessionId && UUID.test(opts.sessionId)) {
      const [row] = await tx
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.familyId, opts.sessionId), eq(refreshTokens.userId, userId)))
        .limit(1);
      if (row) families.add(row.familyId);
    }
    for (const familyId of families) {
      await revokeRefreshFamily({ db: tx, familyId });
      afterCommit(() => closeUserSockets(userId, 1000, "Signed out", familyId));
    }
    return families.size > 0;
  });
}
