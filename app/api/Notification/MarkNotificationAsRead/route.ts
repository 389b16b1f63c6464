import { defineRoute } from "@/server/http/route";
import { notificationBody } from "@/server/notifications/input";
import { markNotificationAsRead } from "@/server/notifications/mark-notification-as-read";

/** Spec §7 POST /Notification/MarkNotificationAsRead { notificationId }: the caller's own only (else 404). */
export const POST = defineRoute({
  key: "POST /api/Notification/MarkNotificationAsRead",
  body: notificationBody.notificationId,
  handler: async ({ ctx, body }) => markNotificationAsRead({ db: await ctx.db, viewer: ctx.viewer, locale: ctx.locale, notificationId: body.notificationId }),
});
