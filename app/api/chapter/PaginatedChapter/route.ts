import { listChapters } from "@/server/chapters/list-chapters";
import { chapterListQuery } from "@/server/chapters/schemas";
import { defineRoute } from "@/server/http/route";

/**
 * Spec §7 GET /chapter/PaginatedChapter "(body)": a GET body cannot be sent by browsers and is dropped by
 * servers, so the fields (mangaId, page, pageSize, searchTerm, chapterStatus, sortDirection) are query parameters.
 */
export const GET = defineRoute({
  key: "GET /api/chapter/PaginatedChapter",
  query: chapterListQuery,
  handler: async ({ query, ctx }) => listChapters({ db: await ctx.db, viewer: ctx.viewer, ...query }),
});
