import { defineRoute } from "@/server/http/route";
import { getNotificationPreferences } from "@/server/notifications/get-notification-preferences";
import { preferencesBody } from "@/server/notifications/preferences";
import { updateNotificationPreferences } from "@/server/notifications/update-notification-preferences";

/** Beyond the spec (issue 14): the caller's notification preferences, per event kind in-app and e-mail, and the daily digest. */
export const GET = defineRoute({
  key: "GET /api/Notification/Preferences",
  handler: async ({ ctx }) => getNotificationPreferences({ db: await ctx.db, viewer: ctx.viewer }),
});

export const PUT = defineRoute({
  key: "PUT /api/Notification/Preferences",
  body: preferencesBody,
  handler: async ({ ctx, body }) => updateNotificationPreferences({ db: await ctx.db, viewer: ctx.viewer, changes: body }),
});
