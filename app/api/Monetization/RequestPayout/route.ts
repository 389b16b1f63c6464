import { defineRoute } from "@/server/http/route";
import { requestPayout } from "@/server/monetization/request-payout";

/** POST /api/Monetization/RequestPayout (writer, root): asks for the whole balance to go to the payout e-mail. */
export const POST = defineRoute({
  key: "POST /api/Monetization/RequestPayout",
  handler: async ({ ctx }) => requestPayout({ db: await ctx.db, viewer: ctx.viewer, locale: ctx.locale }),
});
