import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { follows, manga, users } from "@/db/schema";
import { Status, type Genre } from "@/lib/enums";
import { mediaUrl } from "@/lib/media-url";
import { isPublicationStatus } from "@/lib/publication-status";
import { ACCOUNT_LIMITS } from "@/lib/validation/auth";
import { lowerEq } from "@/server/auth/find-user";
import { genreNames, genresOf } from "@/server/auth/my-lists";
import type { Viewer } from "@/server/core/viewer";
import { mangaRating, type MangaListItem } from "@/server/manga/list-manga";
import { followable, followerCountOf, WRITER_PAGE_MANGA } from "./rules";

export interface WriterProfile {
  id: number;
  /** The name the site shows for a writer everywhere ("by {author}"); the account's full name stays private. */
  username: string;
  followers: number;
  /** Whether the viewer follows them; null for a visitor. */
  isFollowing: boolean | null;
  /** Their public manga (accepted; newest first) as catalogue cards. */
  manga: MangaListItem[];
}


/**
 * A writer's public profile (issue 34, item 4): the page /writers/{username} and GET /api/Follow/Writer. Found by
 * username (case-insensitive, live accounts only) among those who can be followed (./rules.ts); anyone else is null,
 * which the page answers 404. Only their accepted manga are listed, whoever asks: the page is the same for everyone
 * (a writer's own pending work stays in their dashboard).
 */
export async function getWriterProfile({ db, viewer, username }: { db: Db; viewer: Viewer; username: string }): Promise<WriterProfile | null> {
  const name = username.trim();
  if (name === "" || name.length > ACCOUNT_LIMITS.usernameMax) return null;
  const [writer] = await db
    .select({
      id: users.id,
      username: users.username,
      followers: followerCountOf(users.id),
      isFollowing: viewer
        ? sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${viewer.userId} and ${follows.writerId} = ${users.id})`
        : sql<null>`null`,
    })
    .from(users)
    .where(and(lowerEq(users.username, name), followable()))
    .limit(1);
  if (!writer) return null;
  const rows = await db
    .select({
      id: manga.id,
      title: manga.title,
      coverImageId: manga.coverImageId,
      favorites: manga.favorites,
      views: manga.views,
      chapterCount: manga.chapterCount,
      status: manga.status,
      publicationStatus: manga.publicationStatus,
      ratingSum: manga.ratingSum,
      ratingCount: manga.ratingCount,
      genres: genresOf,
    })
    .from(manga)
    .where(and(eq(manga.authorId, writer.id), eq(manga.status, Status.Accepted)))
    .orderBy(desc(manga.createdAt), desc(manga.id))
    .limit(WRITER_PAGE_MANGA);
  return {
    id: writer.id,
    username: writer.username,
    followers: writer.followers,
    isFollowing: viewer ? writer.isFollowing === true || String(writer.isFollowing) === "true" : null,
    manga: rows.map((r) => ({
      id: r.id,
      title: r.title,
      coverImageUrl: mediaUrl(r.coverImageId),
      favorites: r.favorites,
      views: r.views,
      chapterCount: r.chapterCount,
      status: r.status as Status,
      publicationStatus: isPublicationStatus(r.publicationStatus) ? r.publicationStatus : "ongoing",
      genres: genreNames(r.genres) as Genre[],
      user: { username: writer.username },
      rating: mangaRating(r.ratingSum, r.ratingCount),
    })),
  };
}
