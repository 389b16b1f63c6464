import { z } from "zod";
import { notificationPreferences } from "@/db/schema";

/**
 * A user's notification preferences (issue 14, beyond the spec), as the API answers and takes them. No stored row means
 * the defaults: every kind in-app, no e-mail, no daily digest. Root's messages and announcements are always shown
 * in-app (only their e-mail can be switched); new chapters are not e-mailed one by one (the digest carries them).
 */
export const PREFERENCE_KEYS = [
  "reviewInApp", "reviewEmail", "newChapterInApp", "submissionsInApp", "submissionsEmail", "announcementsEmail", "followedWriterInApp", "followedWriterEmail", "digest",
] as const;
export type PreferenceKey = (typeof PREFERENCE_KEYS)[number];
export type NotificationPreferences = Record<PreferenceKey, boolean>;

export const DEFAULT_PREFERENCES: NotificationPreferences = {
  reviewInApp: true,
  reviewEmail: false,
  newChapterInApp: true,
  submissionsInApp: true,
  submissionsEmail: false,
  announcementsEmail: false,
  // A followed writer's new manga (issue 34): in-app, and by e-mail when asked; the digest carries it like any unread row.
  followedWriterInApp: true,
  followedWriterEmail: false,
  digest: false,
};

/** PUT body: any of the switches (booleans), the others unchanged; unknown keys are refused. */
export const preferencesBody = z
  .object(Object.fromEntries(PREFERENCE_KEYS.map((k) => [k, z.boolean().optional()])) as Record<PreferenceKey, z.ZodOptional<z.ZodBoolean>>)
  .strict();

export const preferenceColumns = Object.fromEntries(PREFERENCE_KEYS.map((k) => [k, notificationPreferences[k]])) as {
  [K in PreferenceKey]: (typeof notificationPreferences)[K];
};
