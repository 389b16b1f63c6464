import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { favorites, manga, mangaGenres, media, users } from "@/db/schema";
import { GENRES, Status, type Genre } from "@/db/schema/enums";
import { mediaUrl } from "@/lib/media-url";
import type { ImageFormat } from "./types";

export interface MyFavorite {
  mangaId: number;
  id: number;
  title: string;
  /** Base64 JPEG (spec §3); null with imageFormat=url. */
  coverImage: string | null;
  coverImageUrl: string | null;
  favorites: number;
  views: number;
  chapterCount: number;
  genres: Genre[];
  user: { username: string | null };
  createdAt: string;
}

/** Most favourites returned in one answer (the spec shows no paging for this call). */
export const MY_LIST_LIMIT = 500;

export const genresOf = sql<number[]>`coalesce((select array_agg(${mangaGenres.genre} order by ${mangaGenres.genre}) from ${mangaGenres} where ${mangaGenres.mangaId} = ${manga.id}), '{}')`;

export function genreNames(ids: readonly number[] | null): Genre[] {
  return (ids ?? []).map((g) => GENRES[g]).filter((g): g is Genre => g !== undefined);
}

/**
 * GET /api/Authentication/Me/Favorites: the caller's favourites (spec §3: entries with mangaId), newest
 * first, as manga cards; only accepted manga (what the catalogue shows). One query.
 */
export async function listMyFavorites(opts: { db: Db; userId: number; imageFormat?: ImageFormat }): Promise<MyFavorite[]> {
  const withBytes = (opts.imageFormat ?? "base64") === "base64";
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
      bytes: withBytes ? media.bytes : sql<null>`null`,
    })
    .from(favorites)
    .innerJoin(manga, eq(manga.id, favorites.mangaId))
    .leftJoin(users, eq(users.id, manga.authorId))
    .leftJoin(media, withBytes ? eq(media.id, manga.coverImageId) : sql`false`)
    .where(and(eq(favorites.userId, opts.userId), eq(manga.status, Status.Accepted)))
    .orderBy(desc(favorites.createdAt), desc(manga.id))
    .limit(MY_LIST_LIMIT);
  return rows.map((r) => ({
    mangaId: r.mangaId,
    id: r.mangaId,
    title: r.title,
    coverImage: r.bytes ? Buffer.from(r.bytes).toString("base64") : null,
    coverImageUrl: mediaUrl(r.coverImageId),
    favorites: r.favorites,
    views: r.views,
    chapterCount: r.chapterCount,
    genres: genreNames(r.genres),
    user: { username: r.username },
    createdAt: r.createdAt.toISOString(),
  }));
}
