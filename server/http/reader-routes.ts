import { listChapterImagePages } from "@/server/chapters/list-chapter-pages";
import { chapterPagesQuery } from "@/server/chapters/schemas";
import { defineRoute } from "./route";

/**
 * The reader's hot read, defined here so the custom server serves it directly (./direct-routes.ts) like the catalogue
 * reads (./catalogue-routes.ts): every page turn of every reader asks for it, and Next's request pipeline cost more
 * CPU than the read itself (issue 18's mixed load). The route file under app/api/chapter re-exports it.
 */

/** Spec §7: a chapter's pages (`pageNumber`, base64 JPEG `imageData`, plus URLs; `imageFormat=url` drops the base64). */
export const paginatedChapterImagePages = defineRoute({
  key: "GET /api/chapter/PaginatedChapterImagePages",
  query: chapterPagesQuery,
  handler: async ({ ctx, user, query }) => listChapterImagePages({ db: await ctx.db, viewer: user, ...query }),
});
