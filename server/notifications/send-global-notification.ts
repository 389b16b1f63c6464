import type { Db } from "@/db/client";
import { audit } from "@/server/core/audit";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import type { SignedInViewer } from "@/server/core/viewer";
import { publishNotification, type NotificationType } from "./publish-notification";

/**
 * POST /api/Notification/SendGlobalNotification { message, type } (root): an announcement to every account, one row
 * per user in a single INSERT … SELECT (ADR 003), audited in the same transaction, pushed live after commit.
 * Answers how many accounts it reached.
 */
export async function sendGlobalNotification({ db, viewer, message, type }: { db: Db; viewer: SignedInViewer; message: string; type: NotificationType }): Promise<{ recipients: number }> {
  return runUnitOfWork(db, async (uow) => {
    const ids = await publishNotification(uow, { to: "everyone", message, type });
    await audit(uow.tx, { actorId: viewer.userId, action: "notification.global", subject: { type: "notification" }, details: { type, message, recipients: ids.length } });
    return { recipients: ids.length };
  });
}
