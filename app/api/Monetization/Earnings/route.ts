import { defineRoute } from "@/server/http/route";
import { getEarnings } from "@/server/monetization/get-earnings";

/** GET /api/Monetization/Earnings (writer, root): the caller's balance, impressions, statements, chapters and payouts. */
export const GET = defineRoute({
  key: "GET /api/Monetization/Earnings",
  handler: async ({ ctx }) => getEarnings({ db: await ctx.db, userId: ctx.viewer.userId }),
});
