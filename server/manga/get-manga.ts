import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chapters, manga, mangaGenres, users } from "@/db/schema";
import { GENRES, Status, type Genre } from "@/db/schema/enums";
import { mediaUrl } from "@/lib/media-url";

export interface MangaDetail {
  id: number;
  title: string;
  description: string;
  coverImageUrl: string | null;
  bannerImageUrl: string | null;
  genres: Genre[];
  chapters: Array<{ id: number; title: string; number: number; isPremium: boolean; pageCount: number }>;
  views: number;
  favorites: number;
  readingDirection: number;
  createdAt: Date;
  updatedAt: Date;
  user: { username: string | null };
}

/**
 * A manga with its genres and chapters, as the public sees it: only when the manga is accepted, and only its
 * accepted chapters, in reading order. Returns null when there is no such manga (or it is not public).
 * Three small indexed queries, whatever the number of chapters.
 */
export async function getPublicManga({ db, id }: { db: Db; id: number }): Promise<MangaDetail | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await db
    .select({
      id: manga.id,
      title: manga.title,
      description: manga.description,
      coverImageId: manga.coverImageId,
      bannerImageId: manga.bannerImageId,
      views: manga.views,
      favorites: manga.favorites,
      readingDirection: manga.readingDirection,
      createdAt: manga.createdAt,
      updatedAt: manga.updatedAt,
      username: users.username,
    })
    .from(manga)
    .leftJoin(users, eq(users.id, manga.authorId))
    .where(and(eq(manga.id, id), eq(manga.status, Status.Accepted)));
  if (!row) return null;
  const [genreRows, chapterRows] = await Promise.all([
    db.select({ genre: mangaGenres.genre }).from(mangaGenres).where(eq(mangaGenres.mangaId, id)).orderBy(asc(mangaGenres.genre)),
    db
      .select({ id: chapters.id, title: chapters.title, number: chapters.number, isPremium: chapters.isPremium, pageCount: chapters.pageCount })
      .from(chapters)
      .where(and(eq(chapters.mangaId, id), inArray(chapters.status, [Status.Accepted])))
      .orderBy(asc(chapters.number), asc(chapters.id)),
  ]);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    coverImageUrl: mediaUrl(row.coverImageId),
    bannerImageUrl: mediaUrl(row.bannerImageId),
    genres: genreRows.map((g) => GENRES[g.genre]).filter((g): g is Genre => g !== undefined),
    chapters: chapterRows,
    views: row.views,
    favorites: row.favorites,
    readingDirection: row.readingDirection,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    user: { username: row.username },
  };
}

/** Ids and update times of every public manga, for the sitemap. */
export async function listPublicMangaIds({ db }: { db: Db }) {
  return db
    .select({ id: manga.id, updatedAt: manga.updatedAt, coverImageId: manga.coverImageId, title: manga.title })
    .from(manga)
    .where(eq(manga.status, Status.Accepted))
    .orderBy(sql`${manga.id}`);
}
