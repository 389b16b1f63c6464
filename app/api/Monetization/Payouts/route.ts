import { defineRoute } from "@/server/http/route";
import { payoutsQuery } from "@/server/monetization/input";
import { listPayouts } from "@/server/monetization/list-payouts";

/** GET /api/Monetization/Payouts?status=pending|settled&page&pageSize (root): the payouts queue. */
export const GET = defineRoute({
  key: "GET /api/Monetization/Payouts",
  query: payoutsQuery,
  handler: async ({ ctx, query }) => listPayouts({ db: await ctx.db, ...query }),
});
