import { defineRoute } from "@/server/http/route";
import { markAllNotificationsAsRead } from "@/server/notifications/mark-all-notifications-as-read";

/** Beyond the spec: POST /Notification/MarkAllNotificationsAsRead marks every unread notification of the caller read. */
export const POST = defineRoute({
  key: "POST /api/Notification/MarkAllNotificationsAsRead",
  handler: async ({ ctx }) => markAllNotificationsAsRead({ db: await ctx.db, viewer: ctx.viewer }),
});
