import { defineRoute } from "@/server/http/route";
import { listMonths } from "@/server/monetization/list-months";

/** GET /api/Monetization/Months (root): the last 12 months' impressions and, once closed, their income. */
export const GET = defineRoute({
  key: "GET /api/Monetization/Months",
  handler: async ({ ctx }) => listMonths({ db: await ctx.db }),
});
