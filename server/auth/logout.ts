import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { refreshTokens } from "@/db/schema";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { closeUserSockets } from "@/server/realtime/close-user-sockets";
import { revokeRefreshFamily } from "./revoke-tokens";
import { hashSecret, isWellFormedSecret } from "./secure-token";

/**
 * POST /api/Authentication/Logout: revokes the sign-in (the refresh token's family) when the token
 * belongs to the caller, and closes that sign-in's notification sockets with 1000 on every process (the user's
 * other devices stay connected). Idempotent: an unknown, foreign or already revoked token changes nothing and is
 * not an error.
 */
export async function logout(opts: { db: Db; userId: number; refreshToken: string }): Promise<void> {
  const { userId } = opts;
  await runUnitOfWork(opts.db, async ({ tx, afterCommit }) => {
    if (isWellFormedSecret(opts.refreshToken)) {
      const [row] = await tx
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.tokenHash, hashSecret(opts.refreshToken)), eq(refreshTokens.userId, userId)))
        .limit(1);
      if (row) {
        await revokeRefreshFamily({ db: tx, familyId: row.familyId });
        const familyId = row.familyId;
        afterCommit(() => closeUserSockets(userId, 1000, "Signed out", familyId));
      }
    }
  });
}
