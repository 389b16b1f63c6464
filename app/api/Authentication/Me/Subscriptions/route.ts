import { listMySubscriptions } from "@/server/auth/my-subscriptions";
import { defineRoute } from "@/server/http/route";

/** The caller's subscriptions (spec §3: type, duration, remaining days). */
export const GET = defineRoute({
  key: "GET /api/Authentication/Me/Subscriptions",
  handler: async ({ ctx }) => listMySubscriptions({ db: await ctx.db, userId: ctx.viewer.userId }),
});
