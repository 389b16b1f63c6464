import { getDb } from "@/db/client";
import { defineRoute } from "@/server/http/route";
import { mangaListResponse } from "@/server/manga/api-shapes";
import { listManga } from "@/server/manga/list-manga";
import { listOptionsOf, paginatedMangaQuery } from "@/server/manga/query-params";

/** Spec §7 GET /manga/PaginatedManga: the catalogue the caller may see, filtered, searched, sorted and paged. */
export const GET = defineRoute({
  key: "GET /api/manga/PaginatedManga",
  query: paginatedMangaQuery,
  handler: async ({ user, query }) => {
    const db = await getDb();
    const page = await listManga({ db, viewer: user, ...listOptionsOf(query) });
    return mangaListResponse(db, page, query.imageFormat);
  },
});
