import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications } from "@/db/schema";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import type { SignedInViewer } from "@/server/core/viewer";

/**
 * POST /api/Notification/MarkAllNotificationsAsRead (beyond the spec, for the notifications page): every unread
 * notification of the caller read in one statement. Answers how many changed.
 */
export async function markAllNotificationsAsRead({ db, viewer }: { db: Db; viewer: SignedInViewer }): Promise<{ updated: number }> {
  return runUnitOfWork(db, async (uow) => {
    const rows = await uow.tx
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.userId, viewer.userId), eq(notifications.isRead, false)))
      .returning({ id: notifications.id });
    return { updated: rows.length };
  });
}
