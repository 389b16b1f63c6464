import "server-only";
import type { Db } from "@/db/client";
import { audit } from "@/server/core/audit";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import type { SignedInViewer } from "@/server/core/viewer";
import { closeFamiliesAfterCommit, revokeFamiliesExcept } from "./families";

/**
 * POST /api/Authentication/Sessions/RevokeOthers (issue 16): "sign out everywhere else". Every sign-in of the caller but
 * the one asking (`currentSid`, the access token's `sid`) is revoked and its sockets closed after the commit. A token
 * without a sid (issued before sids existed) cannot name its own sign-in, so every one is revoked; that device then
 * stays signed in only until its access token ends. Audited as `auth.session.revoke_others` with the count.
 */
export async function revokeOtherSessions(opts: { db: Db; viewer: SignedInViewer; currentSid?: string | null; now?: Date }): Promise<{ revoked: number }> {
  const { viewer } = opts;
  const now = opts.now ?? new Date();
  return runUnitOfWork(opts.db, async (uow) => {
    const families = await revokeFamiliesExcept({ db: uow.tx, userId: viewer.userId, keepSid: opts.currentSid, now });
    if (families.length > 0) {
      await audit(uow.tx, {
        actorId: viewer.userId,
        action: "auth.session.revoke_others",
        subject: { type: "user", id: viewer.userId },
        details: { sessionsRevoked: families.length, kept: opts.currentSid ?? null },
      });
    }
    closeFamiliesAfterCommit(uow, viewer.userId, families);
    return { revoked: families.length };
  });
}
