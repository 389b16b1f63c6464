import "server-only";
import { desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications } from "@/db/schema";

export interface MyNotification {
  id: number;
  message: string;
  /** 1 Info, 2 Success, 3 Warning, 4 Error. */
  type: number;
  isRead: boolean;
  createdAt: string;
  /** The site path the notification is about (docs/decisions/014), if any. */
  link: string | null;
}

export const MY_NOTIFICATIONS_LIMIT = 50;

/**
 * GET /api/Authentication/Me/Notifications: the caller's latest notifications (paged browsing is
 * /api/Notification/PaginatedNotification).
 */
export async function listMyNotifications(opts: { db: Db; userId: number }): Promise<MyNotification[]> {
  const rows = await opts.db
    .select({ id: notifications.id, message: notifications.message, type: notifications.type, isRead: notifications.isRead, createdAt: notifications.createdAt, link: notifications.link })
    .from(notifications)
    .where(eq(notifications.userId, opts.userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(MY_NOTIFICATIONS_LIMIT);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
