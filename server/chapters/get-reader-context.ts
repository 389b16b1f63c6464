import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { pick } from "@/db/columns";
import { publicChapter } from "@/server/visibility";
import { chapters, favorites, manga, mangaGenres, readingProgress, users } from "@/db/schema";
import { GENRES, Status, type Genre } from "@/lib/enums";
import { mediaUrl } from "@/lib/media-url";
import type { Viewer } from "./types";

export interface ReaderChapter {
  id: number;
  title: string;
  number: number;
  status: number;
  isPremium: boolean;
  /** A timed premium window (issue 16): ISO instant from which the chapter is free for everyone, or null. */
  freeAt: string | null;
  pageCount: number;
  /** The viewer's saved position in this chapter, if any. */
  progress: { pageNumber: number; completed: boolean } | null;
}

export interface ReaderContext {
  manga: {
    id: number;
    title: string;
    description: string;
    coverImageUrl: string | null;
    genres: Genre[];
    author: string | null;
    views: number;
    favorites: number;
    /** 0 right-to-left, 1 left-to-right, 2 vertical. */
    readingDirection: number;
  };
  /** The chapters the viewer may open, in reading order (all of them for the author and root). */
  chapters: ReaderChapter[];
  isFavorite: boolean;
  /** Issue 32: when the manga's next scheduled chapter comes out (ISO instant; accepted, not yet released), or null. */
  nextRelease: string | null;
}

/** Read once per call; built once per process. */
const READER_MANGA_COLUMNS = pick(manga, "id", "title", "description", "coverImageId", "views", "favorites", "readingDirection");

/**
 * Everything the reader page shows around the pages: the manga (details tab), its chapter list for the
 * dropdown with the viewer's progress per chapter, and whether the viewer favourited it.
 * The caller has already checked that the viewer may see the chapter (visibility.ts); `privileged` (author or
 * root) widens the chapter list to every status. Five small queries, run in parallel.
 */
export async function getReaderContext({ db, mangaId, viewer, privileged }: { db: Db; mangaId: number; viewer: Viewer; privileged: boolean }): Promise<ReaderContext | null> {
  const userId = viewer?.userId;
  const [mangaRows, genreRows, chapterRows, progressRows, favoriteRows, releaseRows] = await Promise.all([
    db
      .select({
        ...READER_MANGA_COLUMNS,
        // A deleted author (a tombstone, docs/decisions/015) has no public name: the reader shows "Deleted user".
        author: sql<string | null>`case when ${users.deletedAt} is null then ${users.username} end`,
      })
      .from(manga)
      .leftJoin(users, eq(users.id, manga.authorId))
      .where(eq(manga.id, mangaId))
      .limit(1),
    db.select({ genre: mangaGenres.genre }).from(mangaGenres).where(eq(mangaGenres.mangaId, mangaId)).orderBy(asc(mangaGenres.genre)),
    db
      .select({ id: chapters.id, title: chapters.title, number: chapters.number, status: chapters.status, isPremium: chapters.isPremium, freeAt: chapters.freeAt, pageCount: chapters.pageCount })
      .from(chapters)
      .where(and(eq(chapters.mangaId, mangaId), privileged ? undefined : publicChapter()))
      .orderBy(asc(chapters.number), asc(chapters.id)),
    userId === undefined
      ? Promise.resolve([])
      : db
          .select({ chapterId: readingProgress.chapterId, pageNumber: readingProgress.pageNumber, completed: readingProgress.completed })
          .from(readingProgress)
          .where(and(eq(readingProgress.userId, userId), eq(readingProgress.mangaId, mangaId))),
    userId === undefined
      ? Promise.resolve([])
      : db.select({ mangaId: favorites.mangaId }).from(favorites).where(and(eq(favorites.userId, userId), eq(favorites.mangaId, mangaId))).limit(1),
    db
      .select({ at: chapters.publishAt })
      .from(chapters)
      .where(and(eq(chapters.mangaId, mangaId), eq(chapters.status, Status.Accepted), gt(chapters.publishAt, sql`now()`)))
      .orderBy(asc(chapters.publishAt))
      .limit(1),
  ]);
  const m = mangaRows[0];
  if (!m) return null;
  const progress = new Map(progressRows.map((p) => [p.chapterId, { pageNumber: p.pageNumber, completed: p.completed }]));
  return {
    manga: {
      id: m.id,
      title: m.title,
      description: m.description,
      coverImageUrl: mediaUrl(m.coverImageId),
      genres: genreRows.map((g) => GENRES[g.genre]).filter((g): g is Genre => g !== undefined),
      author: m.author,
      views: m.views,
      favorites: m.favorites,
      readingDirection: m.readingDirection,
    },
    chapters: chapterRows.map((c) => ({ ...c, freeAt: c.freeAt?.toISOString() ?? null, progress: progress.get(c.id) ?? null })),
    isFavorite: favoriteRows.length > 0,
    nextRelease: releaseRows[0]?.at?.toISOString() ?? null,
  };
}
