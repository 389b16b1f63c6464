import { defineRoute } from "@/server/http/route";
import { myRatingQuery } from "@/lib/validation/ratings";
import { getMyRating } from "@/server/ratings/get-my-rating";

/** Beyond the spec (issue 34, ADR 028): `?mangaId=`; my score (null: none) with the manga's counted mean and count. */
export const GET = defineRoute({
  key: "GET /api/Rating/Mine",
  query: myRatingQuery,
  handler: async ({ ctx, query }) => getMyRating({ db: await ctx.db, viewer: ctx.viewer, mangaId: query.mangaId }),
});
