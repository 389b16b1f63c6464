import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications, users } from "@/db/schema";
import { audit } from "@/server/core/audit";
import { notFound } from "@/server/core/errors";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import type { SignedInViewer } from "@/server/core/viewer";
import { itemColumns, toItem, type NotificationItem } from "./item";
import { publishNotification, type NotificationType } from "./publish-notification";

/**
 * POST /api/Notification/SendNotificationToUser { userId, message, type } (root): one notification to one account,
 * stored as written (docs/decisions/014), audited in the same transaction, live on the user's sockets after commit.
 * Answers the stored notification; an unknown user is a 404.
 */
export async function sendNotificationToUser({ db, viewer, userId, message, type }: { db: Db; viewer: SignedInViewer; userId: number; message: string; type: NotificationType }): Promise<NotificationItem> {
  return runUnitOfWork(db, async (uow) => {
    const [target] = await uow.tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!target) throw notFound("userNotFound");
    const [id] = await publishNotification(uow, { to: [target.id], message, type });
    await audit(uow.tx, { actorId: viewer.userId, action: "notification.user", subject: { type: "user", id: target.id }, details: { notificationId: id, type, message } });
    const [row] = await uow.tx.select(itemColumns).from(notifications).where(eq(notifications.id, id!));
    return toItem(row!);
  });
}
