import { defineRoute } from "@/server/http/route";
import { closeMonth } from "@/server/monetization/close-month";
import { monetizationBody } from "@/server/monetization/input";

/** POST /api/Monetization/CloseMonth (root): `{ month: "YYYY-MM", income: "1234.56" }` enters and closes an ended month. */
export const POST = defineRoute({
  key: "POST /api/Monetization/CloseMonth",
  body: monetizationBody.closeMonth,
  handler: async ({ ctx, body }) => closeMonth({ db: await ctx.db, viewer: ctx.viewer, input: body }),
});
