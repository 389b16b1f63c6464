import { defineRoute } from "@/server/http/route";
import { bodyShape, parseNotificationInput } from "@/server/notifications/input";
import { sendGlobalNotification } from "@/server/notifications/send-global-notification";

/** Spec §7 POST /Notification/SendGlobalNotification { message, type } (root): every account; answers `{ recipients }`. */
export const POST = defineRoute({
  key: "POST /api/Notification/SendGlobalNotification",
  body: bodyShape.send,
  handler: async ({ ctx, body }) => sendGlobalNotification({ db: await ctx.db, viewer: ctx.viewer, ...parseNotificationInput("send", body, ctx.locale) }),
});
