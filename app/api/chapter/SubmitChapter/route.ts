import { defineRoute } from "@/server/http/route";
import { uploadBody } from "@/server/http/form";
import { CHAPTER_REQUEST_MAX_BYTES, submitChapterInput } from "@/server/http/publishing-input";
import { submitChapter } from "@/server/publishing/submit-chapter";

/**
 * POST /api/chapter/SubmitChapter (the manga's owner, root): multipart `mangaId`, `title`, `isPremium?`,
 * `publishAt?`, `freeAt?` (a premium chapter's free date, in the future), and `pages` (images in reading order, or one zip) or one `pdf` (≤ 50 MB, rendered in the background).
 */
export const POST = defineRoute({
  key: "POST /api/chapter/SubmitChapter",
  maxBodyBytes: CHAPTER_REQUEST_MAX_BYTES,
  body: uploadBody(submitChapterInput),
  handler: async ({ body, ctx }) => submitChapter({ db: await ctx.db, actor: ctx.viewer, ...body }),
});
