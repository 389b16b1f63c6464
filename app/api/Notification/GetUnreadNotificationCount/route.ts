import { defineRoute } from "@/server/http/route";
import { unreadNotificationCount } from "@/server/notifications/unread-notification-count";

/** Spec §7 GET /Notification/GetUnreadNotificationCount: `data` is the number. */
export const GET = defineRoute({
  key: "GET /api/Notification/GetUnreadNotificationCount",
  handler: async ({ ctx }) => unreadNotificationCount({ db: await ctx.db, viewer: ctx.viewer }),
});
