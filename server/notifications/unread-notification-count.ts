import { and, count, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications } from "@/db/schema";
import type { SignedInViewer } from "@/server/core/viewer";

/** GET /api/Notification/GetUnreadNotificationCount: how many of the caller's notifications are unread (the partial index on unread rows). */
export async function unreadNotificationCount({ db, viewer }: { db: Db; viewer: SignedInViewer }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, viewer.userId), eq(notifications.isRead, false)));
  return Number(row?.n ?? 0);
}
