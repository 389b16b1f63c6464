import { defineRoute } from "@/server/http/route";
import { readUpload } from "@/server/http/form";
import { idInput } from "@/server/http/publishing-input";
import { deleteChapter } from "@/server/publishing/delete-chapter";

/** DELETE /api/chapter/DeleteChapter (owner, root): `{ chapterId }` in the body or the query string. */
export const DELETE = defineRoute({
  key: "DELETE /api/chapter/DeleteChapter",
  handler: async ({ req, ctx }) => {
    const chapterId = idInput(await readUpload(req, 64 * 1024), req, "chapterId", ctx.locale);
    return deleteChapter({ db: await ctx.db, actor: ctx.viewer, chapterId });
  },
});
