import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { favorites, manga, users } from "@/db/schema";
import { Status, type Genre } from "@/lib/enums";
import { coverFields, genreNames, genresOf, listCovers, MY_LIST_LIMIT } from "./my-lists";
import type { ImageFormat } from "./types";

export interface MyFavorite {
  mangaId: number;
  id: number;
  title: string;
  /** Base64 JPEG (spec §3); null with imageFormat=url. */
  coverImage?: string | null;
  coverImageUrl: string | null;
  favorites: number;
  views: number;
  chapterCount: number;
  genres: Genre[];
  user: { username: string | null };
  createdAt: string;
}

/**
 * GET /api/Authentication/Me/Favorites: the caller's favourites (spec §3: entries with mangaId), newest
 * first, as manga cards; only accepted manga (what the catalogue shows). One query.
 */
export async function listMyFavorites(opts: { db: Db; userId: number; imageFormat?: ImageFormat }): Promise<MyFavorite[]> {
  const rows = await opts.db
    .select({
      mangaId: manga.id,
      title: manga.title,
      coverImageId: manga.coverImageId,
      favorites: manga.favorites,
      views: manga.views,
      chapterCount: manga.chapterCount,
      genres: genresOf,
      username: users.username,
      createdAt: favorites.createdAt,
    })
    .from(favorites)
    .innerJoin(manga, eq(manga.id, favorites.mangaId))
    .leftJoin(users, eq(users.id, manga.authorId))
    .where(and(eq(favorites.userId, opts.userId), eq(manga.status, Status.Accepted)))
    .orderBy(desc(favorites.createdAt), desc(manga.id))
    .limit(MY_LIST_LIMIT);
  const covers = await listCovers(opts.db, rows.map((r) => r.coverImageId), opts.imageFormat);
  return rows.map((r, i) => ({
    mangaId: r.mangaId,
    id: r.mangaId,
    title: r.title,
    ...coverFields(covers[i], r.coverImageId),
    favorites: r.favorites,
    views: r.views,
    chapterCount: r.chapterCount,
    genres: genreNames(r.genres),
    user: { username: r.username },
    createdAt: r.createdAt.toISOString(),
  }));
}
