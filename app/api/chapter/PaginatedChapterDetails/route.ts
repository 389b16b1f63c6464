import { listChapterDetails } from "@/server/chapters/list-chapters";
import { chapterListQuery } from "@/server/chapters/schemas";
import { defineRoute } from "@/server/http/route";

/** Spec §7 GET /chapter/PaginatedChapterDetails: as PaginatedChapter (query parameters), with manga and review details. */
export const GET = defineRoute({
  key: "GET /api/chapter/PaginatedChapterDetails",
  query: chapterListQuery,
  handler: async ({ query, ctx }) => listChapterDetails({ db: await ctx.db, viewer: ctx.viewer, ...query }),
});
