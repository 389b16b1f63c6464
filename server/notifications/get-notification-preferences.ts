import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notificationPreferences } from "@/db/schema";
import type { SignedInViewer } from "@/server/core/viewer";
import { DEFAULT_PREFERENCES, preferenceColumns, type NotificationPreferences } from "./preferences";

/** GET /api/Notification/Preferences (beyond the spec): the caller's switches, the defaults when they never saved any. */
export async function getNotificationPreferences({ db, viewer }: { db: Db; viewer: SignedInViewer }): Promise<NotificationPreferences> {
  const [row] = await db.select(preferenceColumns).from(notificationPreferences).where(eq(notificationPreferences.userId, viewer.userId)).limit(1);
  return row ?? { ...DEFAULT_PREFERENCES };
}
