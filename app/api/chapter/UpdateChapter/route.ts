import { defineRoute } from "@/server/http/route";
import { uploadBody } from "@/server/http/form";
import { CHAPTER_REQUEST_MAX_BYTES, updateChapterInput } from "@/server/http/publishing-input";
import { updateChapter } from "@/server/publishing/update-chapter";

/** PUT /api/chapter/UpdateChapter (owner, root): `chapterId` plus any of title, isPremium, publishAt, freeAt, number, files. */
export const PUT = defineRoute({
  key: "PUT /api/chapter/UpdateChapter",
  maxBodyBytes: CHAPTER_REQUEST_MAX_BYTES,
  body: uploadBody(updateChapterInput),
  handler: async ({ body, ctx }) => updateChapter({ db: await ctx.db, actor: ctx.viewer, locale: ctx.locale, ...body }),
});
