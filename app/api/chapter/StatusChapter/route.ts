import { defineRoute } from "@/server/http/route";
import { uploadBody } from "@/server/http/form";
import { decisionInput } from "@/server/http/publishing-input";
import { setChapterStatus } from "@/server/publishing/set-chapter-status";

/**
 * POST /api/chapter/StatusChapter (root): `{ chapterId, status: 1 | 2, note? }`, or `chapterIds: [...]` to decide
 * several chapters together (favouriters are told once per manga). Answers the chapter (or the list, for chapterIds).
 */
export const POST = defineRoute({
  key: "POST /api/chapter/StatusChapter",
  maxBodyBytes: 64 * 1024,
  body: uploadBody((upload, locale) => ({
    ...decisionInput(upload, locale, ["chapterId", "id"], { many: true }),
    listed: Object.keys(upload.fields).some((k) => k.toLowerCase() === "chapterids"),
  })),
  handler: async ({ body: { ids, status, note, listed }, ctx }) => {
    const chapters = await setChapterStatus({ db: await ctx.db, actor: ctx.viewer, chapterIds: ids, status, note });
    return ids.length === 1 && !listed ? chapters[0] : chapters;
  },
});
