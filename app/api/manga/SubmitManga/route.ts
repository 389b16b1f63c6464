import { defineRoute } from "@/server/http/route";
import { uploadBody } from "@/server/http/form";
import { MANGA_REQUEST_MAX_BYTES, submitMangaInput } from "@/server/http/publishing-input";
import { submitManga } from "@/server/publishing/submit-manga";

/** POST /api/manga/SubmitManga (writer, root): multipart with the cover file, or JSON with a base64 cover (ADR 013). */
export const POST = defineRoute({
  key: "POST /api/manga/SubmitManga",
  maxBodyBytes: MANGA_REQUEST_MAX_BYTES,
  body: uploadBody(submitMangaInput, { longTextFields: ["coverImage"] }),
  handler: async ({ body, ctx }) => submitManga({ db: await ctx.db, actor: ctx.viewer, ...body }),
});
