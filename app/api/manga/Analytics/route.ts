import { creatorAnalyticsQuery } from "@/lib/validation/creator-analytics";
import { defineRoute } from "@/server/http/route";
import { getCreatorAnalytics } from "@/server/manga/creator-analytics";

/**
 * GET /api/manga/Analytics?mangaId=N&days=30[&chapterId=M] (writer: their own manga; root: any; issue 16 §4):
 * views, favourites, completion and drop-off of one manga and its chapters (server/manga/creator-analytics.ts).
 */
export const GET = defineRoute({
  key: "GET /api/manga/Analytics",
  query: creatorAnalyticsQuery,
  handler: async ({ ctx, query }) => getCreatorAnalytics({ db: await ctx.db, viewer: ctx.viewer, ...query }),
});
