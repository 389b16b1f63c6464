import { getDb } from "@/db/client";
import { listChapterImagePages } from "@/server/chapters/list-chapter-pages";
import { chapterPagesQuery } from "@/server/chapters/schemas";
import { defineRoute } from "@/server/http/route";

/** Spec §7: a chapter's pages (`pageNumber`, base64 JPEG `imageData`, plus URLs; `imageFormat=url` drops the base64). */
export const GET = defineRoute({
  key: "GET /api/chapter/PaginatedChapterImagePages",
  query: chapterPagesQuery,
  handler: async ({ user, query }) => listChapterImagePages({ db: await getDb(), viewer: user, ...query }),
});
