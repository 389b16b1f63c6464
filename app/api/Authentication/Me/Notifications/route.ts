import { listMyNotifications } from "@/server/auth/my-notifications";
import { defineRoute } from "@/server/http/route";

/** The caller's latest notifications. */
export const GET = defineRoute({
  key: "GET /api/Authentication/Me/Notifications",
  handler: async ({ ctx }) => listMyNotifications({ db: await ctx.db, userId: ctx.viewer.userId, locale: ctx.locale }),
});
