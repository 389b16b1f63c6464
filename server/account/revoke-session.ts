import "server-only";
import { lockRefreshFamilies } from "@/server/auth/revoke-tokens";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { refreshTokens } from "@/db/schema";
import { audit } from "@/server/core/audit";
import { notFound } from "@/server/core/errors";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import type { SignedInViewer } from "@/server/core/viewer";
import { closeFamiliesAfterCommit, isSessionId } from "./families";

/**
 * POST /api/Authentication/Sessions/Revoke `{ sessionId }` (issue 16): signs one of the caller's sign-ins out — its
 * refresh family revoked, its notification sockets closed on every process after the commit. Another user's session,
 * an ended one or a malformed id: 404 (nothing tells whose a session id is). Audited as `auth.session.revoke`.
 */
export async function revokeSession(opts: { db: Db; viewer: SignedInViewer; sessionId: unknown; now?: Date }): Promise<{ id: string; revoked: true }> {
  const { viewer } = opts;
  const now = opts.now ?? new Date();
  if (!isSessionId(opts.sessionId)) throw notFound("sessionNotFound");
  const sessionId = opts.sessionId.toLowerCase();
  return runUnitOfWork(opts.db, async (uow) => {
    // The family's lock first: a rotation racing this revocation cannot leave a live token behind (issue 19, item 5).
    await lockRefreshFamilies(uow.tx, [sessionId]);
    const rows = await uow.tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(refreshTokens.familyId, sessionId),
          eq(refreshTokens.userId, viewer.userId),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.familyExpiresAt, now),
        ),
      )
      .returning({ id: refreshTokens.id, usedAt: refreshTokens.usedAt, expiresAt: refreshTokens.expiresAt });
    // Active means a live token remained: a family whose last token already expired was not a session any more.
    if (!rows.some((r) => r.usedAt === null && r.expiresAt > now)) throw notFound("sessionNotFound");
    await audit(uow.tx, { actorId: viewer.userId, action: "auth.session.revoke", subject: { type: "user", id: viewer.userId }, details: { sessionId } });
    closeFamiliesAfterCommit(uow, viewer.userId, [sessionId]);
    return { id: sessionId, revoked: true as const };
  });
}
