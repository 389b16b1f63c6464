import type { Db } from "@/db/client";
import { notificationPreferences } from "@/db/schema";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import type { SignedInViewer } from "@/server/core/viewer";
import { DEFAULT_PREFERENCES, PREFERENCE_KEYS, preferenceColumns, type NotificationPreferences } from "./preferences";

/**
 * PUT /api/Notification/Preferences (beyond the spec): changes the switches given, keeps the others; answers them all.
 * One upsert of the caller's row (created with the defaults plus the changes on the first save).
 */
export async function updateNotificationPreferences({ db, viewer, changes }: { db: Db; viewer: SignedInViewer; changes: Partial<NotificationPreferences> }): Promise<NotificationPreferences> {
  const given = Object.fromEntries(PREFERENCE_KEYS.filter((k) => typeof changes[k] === "boolean").map((k) => [k, changes[k]])) as Partial<NotificationPreferences>;
  return runUnitOfWork(db, async (uow) => {
    const [row] = await uow.tx
      .insert(notificationPreferences)
      .values({ userId: viewer.userId, ...DEFAULT_PREFERENCES, ...given })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...given, updatedAt: new Date() } })
      .returning(preferenceColumns);
    return row!;
  });
}
