import { defineRoute } from "@/server/http/route";
import { uploadBody } from "@/server/http/form";
import { decisionInput } from "@/server/http/publishing-input";
import { setMangaStatus } from "@/server/publishing/set-manga-status";

/** POST /api/manga/StatusManga (root): `{ mangaId, status: 1 | 2, note? }`; a rejection needs a note. */
export const POST = defineRoute({
  key: "POST /api/manga/StatusManga",
  maxBodyBytes: 64 * 1024,
  body: uploadBody((upload, locale) => decisionInput(upload, locale, ["mangaId", "id"])),
  handler: async ({ body: { ids, status, note }, ctx }) => setMangaStatus({ db: await ctx.db, actor: ctx.viewer, mangaId: ids[0]!, status, note }),
});
