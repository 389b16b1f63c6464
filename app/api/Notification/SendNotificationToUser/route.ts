import { defineRoute } from "@/server/http/route";
import { notificationBody } from "@/server/notifications/input";
import { sendNotificationToUser } from "@/server/notifications/send-notification-to-user";

/** Spec §7 POST /Notification/SendNotificationToUser { userId, message, type } (root): answers the stored notification. */
export const POST = defineRoute({
  key: "POST /api/Notification/SendNotificationToUser",
  body: notificationBody.sendToUser,
  handler: async ({ ctx, body }) => sendNotificationToUser({ db: await ctx.db, viewer: ctx.viewer, locale: ctx.locale, ...body }),
});
