import "server-only";
import type { Db } from "@/db/client";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { tombstoneIn } from "@/server/users/delete-user";

/**
 * A user deleting their own account (DeleteMe) makes the administration's tombstone (docs/decisions/015,
 * server/users/delete-user.ts `tombstoneIn`): the row stays anonymised, so manga keep their author ("Deleted user")
 * and transactions their owner; the last root that can act is refused (422). Audited as `user.delete` with `self`.
 */
export async function tombstoneAccount(opts: { db: Db; actorId: number; userId: number; now: Date }): Promise<{ id: number; deletedAt: string }> {
  return runUnitOfWork(opts.db, (uow) => tombstoneIn(uow, { actorId: opts.actorId, userId: opts.userId, now: opts.now, extra: { self: true } }));
}
