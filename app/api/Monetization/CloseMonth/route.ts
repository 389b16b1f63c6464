import { defineRoute } from "@/server/http/route";
import { closeMonth } from "@/server/monetization/close-month";
import { bodyShape, parseCloseMonth } from "@/server/monetization/input";

/** POST /api/Monetization/CloseMonth (root): `{ month: "YYYY-MM", income: "1234.56" }` enters and closes an ended month. */
export const POST = defineRoute({
  key: "POST /api/Monetization/CloseMonth",
  body: bodyShape.closeMonth,
  handler: async ({ ctx, body }) => closeMonth({ db: await ctx.db, viewer: ctx.viewer, input: parseCloseMonth(body, ctx.locale) }),
});
