import { defineRoute } from "@/server/http/route";
import { uploadBody } from "@/server/http/form";
import { MANGA_REQUEST_MAX_BYTES, updateMangaInput } from "@/server/http/publishing-input";
import { updateManga } from "@/server/publishing/update-manga";

/** PUT /api/manga/UpdateManga (owner, root): `id` plus any fields and an optional new cover (ADR 013). */
export const PUT = defineRoute({
  key: "PUT /api/manga/UpdateManga",
  maxBodyBytes: MANGA_REQUEST_MAX_BYTES,
  body: uploadBody(updateMangaInput, { longTextFields: ["coverImage"] }),
  handler: async ({ body, ctx }) => updateManga({ db: await ctx.db, actor: ctx.viewer, ...body }),
});
