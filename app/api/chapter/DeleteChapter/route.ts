import { defineRoute } from "@/server/http/route";
import { uploadBody } from "@/server/http/form";
import { idInput } from "@/server/http/publishing-input";
import { deleteChapter } from "@/server/publishing/delete-chapter";

/** DELETE /api/chapter/DeleteChapter (owner, root): `{ chapterId }` in the body or the query string. */
export const DELETE = defineRoute({
  key: "DELETE /api/chapter/DeleteChapter",
  maxBodyBytes: 64 * 1024,
  body: uploadBody((upload, locale, req) => idInput(upload, req, "chapterId", locale)),
  handler: async ({ body: chapterId, ctx }) => deleteChapter({ db: await ctx.db, actor: ctx.viewer, chapterId }),
});
