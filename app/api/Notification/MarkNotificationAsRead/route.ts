import { defineRoute } from "@/server/http/route";
import { bodyShape, parseNotificationInput } from "@/server/notifications/input";
import { markNotificationAsRead } from "@/server/notifications/mark-notification-as-read";

/** Spec §7 POST /Notification/MarkNotificationAsRead { notificationId }: the caller's own only (else 404). */
export const POST = defineRoute({
  key: "POST /api/Notification/MarkNotificationAsRead",
  body: bodyShape.notificationId,
  handler: async ({ ctx, body }) => {
    const { notificationId } = parseNotificationInput("notificationId", body, ctx.locale);
    return markNotificationAsRead({ db: await ctx.db, viewer: ctx.viewer, locale: ctx.locale, notificationId });
  },
});
