import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { manga, media, users } from "@/db/schema";
import type { Genre } from "@/db/schema/enums";
import { mediaUrl } from "@/lib/media-url";
import { genreNames, genresOf, MY_LIST_LIMIT } from "./my-favorites";
import type { ImageFormat } from "./types";

export interface MyManga {
  id: number;
  title: string;
  description: string;
  coverImage: string | null;
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
  const withBytes = (opts.imageFormat ?? "base64") === "base64";
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
      bytes: withBytes ? media.bytes : sql<null>`null`,
    })
    .from(manga)
    .innerJoin(users, eq(users.id, manga.authorId))
    .leftJoin(media, withBytes ? eq(media.id, manga.coverImageId) : sql`false`)
    .where(eq(manga.authorId, opts.userId))
    .orderBy(desc(manga.createdAt), desc(manga.id))
    .limit(MY_LIST_LIMIT);
  return rows.map(({ bytes, coverImageId, genres, username, createdAt, updatedAt, ...r }) => ({
    ...r,
    coverImage: bytes ? Buffer.from(bytes).toString("base64") : null,
    coverImageUrl: mediaUrl(coverImageId),
    genres: genreNames(genres),
    user: { username },
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  }));
}
