import { defineRoute } from "@/server/http/route";
import { monetizationBody } from "@/server/monetization/input";
import { resolvePayout } from "@/server/monetization/resolve-payout";

/** POST /api/Monetization/ResolvePayout (root): `{ transactionId, outcome: "paid" | "failed", referenceId?, note? }`. */
export const POST = defineRoute({
  key: "POST /api/Monetization/ResolvePayout",
  body: monetizationBody.resolve,
  handler: async ({ ctx, body }) => resolvePayout({ db: await ctx.db, viewer: ctx.viewer, input: body }),
});
