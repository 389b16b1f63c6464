import { defineRoute } from "@/server/http/route";
import { removeRatingBody } from "@/lib/validation/ratings";
import { removeRating } from "@/server/ratings/remove-rating";

/** Beyond the spec (issue 34, ADR 028): `{ mangaId }`; removes my rating (idempotent); answers `{ mangaId, score: null, counted, mean, count }`. */
export const POST = defineRoute({
  key: "POST /api/Rating/Remove",
  body: removeRatingBody,
  handler: async ({ ctx, body }) => removeRating({ db: await ctx.db, viewer: ctx.viewer, mangaId: body.mangaId }),
});
