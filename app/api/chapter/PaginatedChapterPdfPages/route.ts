import { listChapterPdfPages } from "@/server/chapters/list-chapter-pages";
import { chapterPagesQuery } from "@/server/chapters/schemas";
import { defineRoute } from "@/server/http/route";

/** Spec §7: a PDF chapter's pages (`pdfPageNumber`, base64 JPEG `pdfPageData`, plus URLs; `imageFormat=url` drops the base64). */
export const GET = defineRoute({
  key: "GET /api/chapter/PaginatedChapterPdfPages",
  query: chapterPagesQuery,
  handler: async ({ query, ctx }) => listChapterPdfPages({ db: await ctx.db, viewer: ctx.viewer, ...query }),
});
