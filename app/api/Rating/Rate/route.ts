import { defineRoute } from "@/server/http/route";
import { rateBody } from "@/lib/validation/ratings";
import { rateManga } from "@/server/ratings/rate-manga";

/** Beyond the spec (issue 34, ADR 028): `{ mangaId, score }` (1–10); sets or changes my rating; answers `{ mangaId, score, counted, mean, count }`. */
export const POST = defineRoute({
  key: "POST /api/Rating/Rate",
  body: rateBody,
  handler: async ({ ctx, body }) => rateManga({ db: await ctx.db, viewer: ctx.viewer, mangaId: body.mangaId, score: body.score }),
});
