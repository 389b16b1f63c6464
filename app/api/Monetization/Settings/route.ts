import { defineRoute } from "@/server/http/route";
import { monetizationBody } from "@/server/monetization/input";
import { setPayoutThreshold } from "@/server/monetization/set-payout-threshold";

/** POST /api/Monetization/Settings (root): `{ threshold: "50.00" }`, the balance a payout request needs. */
export const POST = defineRoute({
  key: "POST /api/Monetization/Settings",
  body: monetizationBody.threshold,
  handler: async ({ ctx, body }) => setPayoutThreshold({ db: await ctx.db, viewer: ctx.viewer, input: body }),
});
