import { getChapter } from "@/server/chapters/get-chapter";
import { chapterIdParams } from "@/server/chapters/schemas";
import { defineRoute } from "@/server/http/route";

/** Spec §7 GET /chapter/GetChapter/{chapterid}: 404 for a missing or hidden chapter, 403 for premium without access. */
export const GET = defineRoute({
  key: "GET /api/chapter/GetChapter/{chapterid}",
  params: chapterIdParams,
  handler: async ({ params, ctx }) => getChapter({ db: await ctx.db, chapterId: params.chapterid, viewer: ctx.viewer }),
});
