import { getDb } from "@/db/client";
import { notFound } from "@/server/core/errors";
import { defineRoute } from "@/server/http/route";
import { isFavoriteOf } from "@/server/favorites/list-favorites";
import { mangaDetailResponse } from "@/server/manga/api-shapes";
import { getMangaById } from "@/server/manga/get-manga";
import { getMangaByIdQuery } from "@/server/manga/query-params";

/** Spec §7 GET /manga/GetMangaById: one manga with the chapters the caller may see (404 when it may not see the manga). */
export const GET = defineRoute({
  key: "GET /api/manga/GetMangaById",
  query: getMangaByIdQuery,
  handler: async ({ user, query }) => {
    const db = await getDb();
    const [detail, isFavorite] = await Promise.all([
      getMangaById({
        db,
        id: query.id,
        viewer: user,
        mangaStatusTypes: query["Filters.MangaStatusTypes"],
        chapterStatusTypes: query["Filters.ChapterStatusTypes"],
        isPremium: query["Filters.IsPremium"],
        chapterSortBy: query.chapterSortBy,
        sortDirection: query.sortDirection,
      }),
      user ? isFavoriteOf({ db, userId: user.userId, mangaId: query.id }) : Promise.resolve(false),
    ]);
    if (!detail) throw notFound("mangaNotFound");
    return mangaDetailResponse(db, detail, query.imageFormat, user ? isFavorite : undefined);
  },
});
