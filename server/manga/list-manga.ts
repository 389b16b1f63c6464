import { and, asc, desc, eq, exists, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { GENRES, SortBy, Status, type Genre } from "@/db/schema/enums";
import { manga, mangaGenres, users } from "@/db/schema";
import { foldSearchText } from "@/lib/search-fold";
import { mediaUrl } from "@/lib/media-url";
import { PAGE_SIZE } from "@/lib/constants";

export interface MangaListItem {
  id: number;
  title: string;
  coverImageUrl: string | null;
  favorites: number;
  views: number;
  chapterCount: number;
  genres: Genre[];
  user: { username: string | null };
}

export interface Paged<T> {
  items: T[];
  pageNumber: number;
  pageSize: number;
  totalPages: number;
  totalRecords: number;
  totalDisplayRecords: number;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
}

export interface ListMangaOptions {
  db: Db;
  page?: number;
  pageSize?: number;
  sortBy?: SortBy;
  sortDirection?: "asc" | "desc";
  searchTerm?: string;
  genres?: readonly Genre[];
}

const SORT_COLUMNS = {
  [SortBy.CreatedDate]: manga.createdAt,
  [SortBy.Title]: sql`lower(${manga.title})`,
  [SortBy.Views]: manga.views,
  [SortBy.Favorites]: manga.favorites,
  [SortBy.ChapterCount]: manga.chapterCount,
  [SortBy.Popularity]: manga.popularity,
  [SortBy.UpdatedDate]: manga.updatedAt,
} as const;

function clampInt(value: number | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

/**
 * The public catalogue: accepted manga only, filtered by genre and folded search text, sorted and paged.
 * Two queries for the page (rows with their genres aggregated, and the counts); no query per item.
 */
export async function listManga(opts: ListMangaOptions): Promise<Paged<MangaListItem>> {
  const { db } = opts;
  const pageSize = clampInt(opts.pageSize, 1, PAGE_SIZE.max, PAGE_SIZE.discovery);
  const page = clampInt(opts.page, 1, 1_000_000, 1);
  const sortBy = opts.sortBy ?? SortBy.Popularity;
  const direction = opts.sortDirection ?? (sortBy === SortBy.Title ? "asc" : "desc");

  const visible: SQL = eq(manga.status, Status.Accepted);
  const filters: SQL[] = [visible];
  if (opts.genres?.length) {
    const ids = opts.genres.map((g) => GENRES.indexOf(g)).filter((i) => i >= 0);
    filters.push(
      exists(
        db.select({ one: sql`1` }).from(mangaGenres).where(and(eq(mangaGenres.mangaId, manga.id), inArray(mangaGenres.genre, ids))),
      ),
    );
  }
  const term = foldSearchText(opts.searchTerm ?? "");
  if (term) {
    const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`);
    filters.push(sql`${manga.searchText} like ${`%${escaped}%`}`);
  }
  const where = and(...filters);
  const order = direction === "asc" ? asc : desc;

  const genresAgg = sql<number[]>`coalesce((select array_agg(${mangaGenres.genre} order by ${mangaGenres.genre}) from ${mangaGenres} where ${mangaGenres.mangaId} = ${manga.id}), '{}')`;

  const [rows, counts] = await Promise.all([
    db
      .select({
        id: manga.id,
        title: manga.title,
        coverImageId: manga.coverImageId,
        favorites: manga.favorites,
        views: manga.views,
        chapterCount: manga.chapterCount,
        username: users.username,
        genres: genresAgg,
      })
      .from(manga)
      .leftJoin(users, eq(users.id, manga.authorId))
      .where(where)
      .orderBy(order(SORT_COLUMNS[sortBy]), order(manga.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({
        display: sql<number>`count(*) filter (where ${where})::int`,
        total: sql<number>`count(*)::int`,
      })
      .from(manga)
      .where(visible),
  ]);

  const totalDisplayRecords = Number(counts[0]?.display ?? 0);
  const totalRecords = Number(counts[0]?.total ?? 0);
  const totalPages = Math.max(1, Math.ceil(totalDisplayRecords / pageSize));
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      coverImageUrl: mediaUrl(r.coverImageId),
      favorites: r.favorites,
      views: r.views,
      chapterCount: r.chapterCount,
      genres: (r.genres ?? []).map((g) => GENRES[g]).filter((g): g is Genre => g !== undefined),
      user: { username: r.username },
    })),
    pageNumber: page,
    pageSize,
    totalPages,
    totalRecords,
    totalDisplayRecords,
    hasPreviousPage: page > 1,
    hasNextPage: page < totalPages,
  };
}
