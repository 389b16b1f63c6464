import "server-only";
import { desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications } from "@/db/schema";
import type { Locale } from "@/i18n/routing";
import { itemColumns, toItem, type NotificationItem } from "@/server/notifications/item";

/** A notification as every notification read answers it (server/notifications/item.ts). */
export type MyNotification = NotificationItem;

export const MY_NOTIFICATIONS_LIMIT = 50;

/**
 * GET /api/Authentication/Me/Notifications: the caller's latest notifications (paged browsing is
 * /api/Notification/PaginatedNotification), in the request's language.
 */
export async function listMyNotifications(opts: { db: Db; userId: number; locale: Locale }): Promise<MyNotification[]> {
  const rows = await opts.db
    .select(itemColumns)
    .from(notifications)
    .where(eq(notifications.userId, opts.userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(MY_NOTIFICATIONS_LIMIT);
  return rows.map((r) => toItem(r, opts.locale));
}
