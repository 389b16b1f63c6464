import { defineRoute } from "@/server/http/route";
import { readUpload } from "@/server/http/form";
import { decisionInput } from "@/server/http/publishing-input";
import { setMangaStatus } from "@/server/publishing/set-manga-status";

/** POST /api/manga/StatusManga (root): `{ mangaId, status: 1 | 2, note? }`; a rejection needs a note. */
export const POST = defineRoute({
  key: "POST /api/manga/StatusManga",
  handler: async ({ req, ctx }) => {
    const { ids, status, note } = decisionInput(await readUpload(req, 64 * 1024), ctx.locale, ["mangaId", "id"]);
    return setMangaStatus({ db: await ctx.db, actor: ctx.viewer, mangaId: ids[0]!, status, note });
  },
});
