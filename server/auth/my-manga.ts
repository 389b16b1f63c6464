import "server-only";
import { desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { manga, users } from "@/db/schema";
import type { Genre } from "@/lib/enums";
import { coverFields, genreNames, genresOf, listCovers, MY_LIST_LIMIT } from "./my-lists";
import type { ImageFormat } from "./types";

export interface MyManga {
  id: number;
  title: string;
  description: string;
  coverImage?: string | null;
  coverImageUrl: string | null;
  /** 0 Pending, 1 Accepted, 2 Rejected. */
  status: number;
  reviewNote: string | null;
  isPremium: boolean;
  views: number;
  favorites: number;
  chapterCount: number;
  genres: Genre[];
  user: { username: string };
  createdAt: string;
  updatedAt: string;
}

/** GET /api/Authentication/Me/Manga: the manga the caller created, in every status, newest first. One query. */
export async function listMyManga(opts: { db: Db; userId: number; imageFormat?: ImageFormat }): Promise<MyManga[]> {
  const rows = await opts.db
    .select({
      id: manga.id,
      title: manga.title,
      description: manga.description,
      coverImageId: manga.coverImageId,
      status: manga.status,
      reviewNote: manga.reviewNote,
      isPremium: manga.isPremium,
      views: manga.views,
      favorites: manga.favorites,
      chapterCount: manga.chapterCount,
      genres: genresOf,
      username: users.username,
      createdAt: manga.createdAt,
      updatedAt: manga.updatedAt,
    })
    .from(manga)
    .innerJoin(users, eq(users.id, manga.authorId))
    .where(eq(manga.authorId, opts.userId))
    .orderBy(desc(manga.createdAt), desc(manga.id))
    .limit(MY_LIST_LIMIT);
  const covers = await listCovers(opts.db, rows.map((r) => r.coverImageId), opts.imageFormat);
  return rows.map(({ coverImageId, genres, username, createdAt, updatedAt, ...r }, i) => ({
    ...r,
    ...coverFields(covers[i], coverImageId),
    genres: genreNames(genres),
    user: { username },
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  }));
}
