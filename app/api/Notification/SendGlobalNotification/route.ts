import { defineRoute } from "@/server/http/route";
import { notificationBody } from "@/server/notifications/input";
import { sendGlobalNotification } from "@/server/notifications/send-global-notification";

/** Spec §7 POST /Notification/SendGlobalNotification { message, type } (root): every account; answers `{ recipients }`. */
export const POST = defineRoute({
  key: "POST /api/Notification/SendGlobalNotification",
  body: notificationBody.send,
  handler: async ({ ctx, body }) => sendGlobalNotification({ db: await ctx.db, viewer: ctx.viewer, ...body }),
});
