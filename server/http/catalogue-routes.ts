import { notFound } from "@/server/core/errors";
import { isFavoriteOf } from "@/server/favorites/list-favorites";
import { mangaDetailResponse, mangaListResponse } from "@/server/manga/api-shapes";
import { getMangaById as findMangaById } from "@/server/manga/get-manga";
import { listManga } from "@/server/manga/list-manga";
import { getMangaByIdQuery, listOptionsOf, paginatedMangaQuery } from "@/server/manga/query-params";
import { defineRoute } from "./route";

/**
 * The two hot catalogue reads, defined here so the custom server serves them directly (./direct-routes.ts) without
 * importing app/: the route files under app/api/manga re-export them, so Next and the direct path run one handler.
 */

/** Spec §7 GET /manga/PaginatedManga: the catalogue the caller may see, filtered, searched, sorted and paged. */
export const paginatedManga = defineRoute({
  key: "GET /api/manga/PaginatedManga",
  query: paginatedMangaQuery,
  handler: async ({ ctx, query }) => {
    const db = await ctx.db;
    const page = await listManga({ db, viewer: ctx.viewer, ...listOptionsOf(query) });
    return mangaListResponse(db, page, query.imageFormat);
  },
});

/** Spec §7 GET /manga/GetMangaById: one manga with the chapters the caller may see (404 when it may not see the manga). */
export const getMangaById = defineRoute({
  key: "GET /api/manga/GetMangaById",
  query: getMangaByIdQuery,
  handler: async ({ ctx, query }) => {
    const { viewer } = ctx;
    const db = await ctx.db;
    const [detail, isFavorite] = await Promise.all([
      findMangaById({
        db,
        id: query.id,
        viewer,
        mangaStatusTypes: query["Filters.MangaStatusTypes"],
        chapterStatusTypes: query["Filters.ChapterStatusTypes"],
        isPremium: query["Filters.IsPremium"],
        chapterSortBy: query.chapterSortBy,
        sortDirection: query.sortDirection,
      }),
      viewer ? isFavoriteOf({ db, userId: viewer.userId, mangaId: query.id }) : Promise.resolve(false),
    ]);
    if (!detail) throw notFound("mangaNotFound");
    return mangaDetailResponse(db, detail, query.imageFormat, viewer ? isFavorite : undefined);
  },
});
