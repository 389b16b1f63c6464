import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications } from "@/db/schema";
import type { Locale } from "@/i18n/routing";
import { notFound } from "@/server/core/errors";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import type { SignedInViewer } from "@/server/core/viewer";
import { itemColumns, toItem, type NotificationItem } from "./item";

/**
 * POST /api/Notification/MarkNotificationAsRead { notificationId }: marks one of the caller's notifications read
 * (again is fine) and answers it, in the request's language. Someone else's, like a missing one, is a 404 and changes nothing.
 */
export async function markNotificationAsRead({ db, viewer, locale, notificationId }: { db: Db; viewer: SignedInViewer; locale: Locale; notificationId: number }): Promise<NotificationItem> {
  return runUnitOfWork(db, async (uow) => {
    const [row] = await uow.tx
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.id, notificationId), eq(notifications.userId, viewer.userId)))
      .returning(itemColumns);
    if (!row) throw notFound("notificationNotFound");
    return toItem(row, locale);
  });
}
