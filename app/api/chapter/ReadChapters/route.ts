import { readChapters } from "@/server/chapters/read-chapters";
import { readChaptersQuery } from "@/server/chapters/schemas";
import { defineRoute } from "@/server/http/route";

/** Beyond the spec: which of these chapters (query ids=1,2,3; at most 100) the signed-in user has opened. */
export const GET = defineRoute({
  key: "GET /api/chapter/ReadChapters",
  query: readChaptersQuery,
  handler: async ({ query, ctx }) => readChapters({ db: await ctx.db, userId: ctx.viewer.userId, chapterIds: query.ids }),
});
