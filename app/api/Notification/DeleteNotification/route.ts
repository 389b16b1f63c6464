import { defineRoute } from "@/server/http/route";
import { notificationIdShape, parseNotificationInput } from "@/server/notifications/input";
import { deleteNotification } from "@/server/notifications/delete-notification";

/** Spec §7 DELETE /Notification/DeleteNotification { notificationId } (or `?notificationId=`): the caller's own only (else 404). */
export const DELETE = defineRoute({
  key: "DELETE /api/Notification/DeleteNotification",
  body: notificationIdShape,
  query: notificationIdShape,
  handler: async ({ ctx, body, query }) => {
    const { notificationId } = parseNotificationInput("notificationId", { notificationId: body.notificationId ?? query.notificationId }, ctx.locale);
    return deleteNotification({ db: await ctx.db, viewer: ctx.viewer, notificationId });
  },
});
