import { defineRoute } from "@/server/http/route";
import { readUpload } from "@/server/http/form";
import { idInput } from "@/server/http/publishing-input";
import { deleteManga } from "@/server/publishing/delete-manga";

/** DELETE /api/manga/DeleteManga (owner, root): `{ mangaId }` in the body or the query string. */
export const DELETE = defineRoute({
  key: "DELETE /api/manga/DeleteManga",
  handler: async ({ req, ctx }) => {
    const mangaId = idInput(await readUpload(req, 64 * 1024), req, "mangaId", ctx.locale);
    return deleteManga({ db: await ctx.db, actor: ctx.viewer, mangaId });
  },
});
