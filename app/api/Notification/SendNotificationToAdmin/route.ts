import { defineRoute } from "@/server/http/route";
import { notificationBody } from "@/server/notifications/input";
import { sendNotificationToAdmin } from "@/server/notifications/send-notification-to-admin";

/** Spec §7 POST /Notification/SendNotificationToAdmin { message, type } (writer or root): every root; answers `{ recipients }`. */
export const POST = defineRoute({
  key: "POST /api/Notification/SendNotificationToAdmin",
  body: notificationBody.send,
  handler: async ({ ctx, body }) => sendNotificationToAdmin({ db: await ctx.db, viewer: ctx.viewer, ...body }),
});
