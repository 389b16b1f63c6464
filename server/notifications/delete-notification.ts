import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications } from "@/db/schema";
import { notFound } from "@/server/core/errors";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import type { SignedInViewer } from "@/server/core/viewer";

/**
 * DELETE /api/Notification/DeleteNotification { notificationId }: deletes one of the caller's notifications.
 * Someone else's, like a missing one, is a 404 and changes nothing.
 */
export async function deleteNotification({ db, viewer, notificationId }: { db: Db; viewer: SignedInViewer; notificationId: number }): Promise<{ notificationId: number }> {
  return runUnitOfWork(db, async (uow) => {
    const [row] = await uow.tx
      .delete(notifications)
      .where(and(eq(notifications.id, notificationId), eq(notifications.userId, viewer.userId)))
      .returning({ id: notifications.id });
    if (!row) throw notFound("notificationNotFound");
    return { notificationId: row.id };
  });
}
