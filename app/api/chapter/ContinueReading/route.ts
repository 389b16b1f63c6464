import { continueReading } from "@/server/chapters/continue-reading";
import { continueReadingQuery } from "@/server/chapters/schemas";
import { defineRoute } from "@/server/http/route";

/** Beyond the spec: the signed-in user's unfinished chapters, one per manga, newest first (query pageSize, default 10). */
export const GET = defineRoute({
  key: "GET /api/chapter/ContinueReading",
  query: continueReadingQuery,
  handler: async ({ query, ctx }) => continueReading({ db: await ctx.db, userId: ctx.viewer.userId, limit: query.pageSize }),
});
