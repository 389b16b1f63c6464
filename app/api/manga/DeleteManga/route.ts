import { defineRoute } from "@/server/http/route";
import { uploadBody } from "@/server/http/form";
import { idInput } from "@/server/http/publishing-input";
import { deleteManga } from "@/server/publishing/delete-manga";

/** DELETE /api/manga/DeleteManga (owner, root): `{ mangaId }` in the body or the query string. */
export const DELETE = defineRoute({
  key: "DELETE /api/manga/DeleteManga",
  maxBodyBytes: 64 * 1024,
  body: uploadBody((upload, locale, req) => idInput(upload, req, "mangaId", locale)),
  handler: async ({ body: mangaId, ctx }) => deleteManga({ db: await ctx.db, actor: ctx.viewer, mangaId }),
});
