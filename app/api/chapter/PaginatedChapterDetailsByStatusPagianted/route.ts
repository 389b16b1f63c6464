import { listChaptersByStatus } from "@/server/chapters/list-chapters-by-status";
import { chaptersByStatusQuery } from "@/server/chapters/schemas";
import { defineRoute } from "@/server/http/route";

/** Spec §7 (its spelling): page, chapterStatus, pageSize, searchTerm. Writers see their own manga's chapters, root all. */
export const GET = defineRoute({
  key: "GET /api/chapter/PaginatedChapterDetailsByStatusPagianted",
  query: chaptersByStatusQuery,
  handler: async ({ query, ctx }) => listChaptersByStatus({ db: await ctx.db, viewer: ctx.viewer, ...query }),
});
