import { asc, eq, inArray, sql } from "drizzle-orm";
import { isMangaLanguage, type MangaLanguage } from "@/lib/manga-language";
import { isPublicationStatus, type PublicationStatus } from "@/lib/publication-status";
import { chapters, manga, mangaGenres, users } from "@/db/schema";
import { pick } from "@/db/columns";
import { GENRES, Role, type Genre, type Status } from "@/lib/enums";
import { mediaUrl } from "@/lib/media-url";
import type { Executor } from "@/server/core/unit-of-work";
import { type SignedInViewer } from "@/server/core/viewer";
import { isRowId } from "@/lib/validation/numbers";

/** The server itself (background jobs, timers): root's rights over content, no account. */
export const SYSTEM_ACTOR: SignedInViewer = { userId: 0, role: Role.root };

/** Chapter processing (chapters.processing). */
export const Processing = { Ready: 0, Processing: 1, Failed: 2 } as const;
export type Processing = (typeof Processing)[keyof typeof Processing];

/** A chapter as its author and root see it (docs/decisions/013). Dates are ISO strings. */
export interface ManagedChapter {
  id: number;
  mangaId: number;
  title: string;
  number: number;
  status: Status;
  reviewNote: string | null;
  isPremium: boolean;
  publishAt: string | null;
  /** A timed premium window (issue 16): free for everyone from this ISO instant (null: premium for good). */
  freeAt: string | null;
  processing: Processing;
  processingError: string | null;
  pageCount: number;
  views: number;
  createdAt: string;
  updatedAt: string;
}

/** A manga as its author and root see it, with every chapter in reading order. */
export interface ManagedManga {
  id: number;
  title: string;
  description: string;
  genres: Genre[];
  readingDirection: number;
  /** lib/manga-language.ts */
  language: MangaLanguage;
  /** lib/publication-status.ts */
  publicationStatus: PublicationStatus;
  status: Status;
  reviewNote: string | null;
  coverImageUrl: string | null;
  bannerImageUrl: string | null;
  views: number;
  favorites: number;
  /** Public chapters (accepted and released). */
  chapterCount: number;
  createdAt: string;
  updatedAt: string;
  author: { id: number | null; username: string | null; role: number | null; trusted: boolean };
  chapters: ManagedChapter[];
}

export const managedChapterColumns = {
  id: chapters.id,
  mangaId: chapters.mangaId,
  title: chapters.title,
  number: chapters.number,
  status: chapters.status,
  reviewNote: chapters.reviewNote,
  isPremium: chapters.isPremium,
  publishAt: chapters.publishAt,
  freeAt: chapters.freeAt,
  processing: chapters.processing,
  processingError: chapters.processingError,
  pageCount: chapters.pageCount,
  views: chapters.views,
  createdAt: chapters.createdAt,
  updatedAt: chapters.updatedAt,
};

interface ChapterColumns {
  id: number; mangaId: number; title: string; number: number; status: number; reviewNote: string | null; isPremium: boolean;
  publishAt: Date | null; freeAt: Date | null; processing: number; processingError: string | null; pageCount: number; views: number;
  createdAt: Date; updatedAt: Date;
}

export function toManagedChapter(row: ChapterColumns): ManagedChapter {
  return {
    ...row,
    status: row.status as Status,
    processing: row.processing as Processing,
    publishAt: row.publishAt ? row.publishAt.toISOString() : null,
    freeAt: row.freeAt ? row.freeAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const genreNamesOf = (values: readonly number[]): Genre[] =>
  [...values].sort((a, b) => a - b).map((g) => GENRES[g]).filter((g): g is Genre => g !== undefined);

/**
 * One manga with its genres and all its chapters, for its author and root (three indexed queries); null when it does
 * not exist. Callers check `mayManage` (server/core/viewer.ts) on `author.id` (a writer asking for someone else's manga gets a 404).
 */
export async function loadManagedManga(db: Executor, mangaId: number): Promise<ManagedManga | null> {
  if (!isRowId(mangaId)) return null;
  const [row] = await db
    .select({
      ...pick(manga, "id", "title", "description", "readingDirection", "language", "publicationStatus", "status", "reviewNote", "coverImageId", "bannerImageId", "views", "favorites", "chapterCount", "createdAt", "updatedAt", "authorId"),
      username: users.username,
      authorRole: users.role,
      trusted: sql<boolean>`coalesce(${users.trusted}, false)`,
    })
    .from(manga)
    .leftJoin(users, eq(users.id, manga.authorId))
    .where(eq(manga.id, mangaId));
  if (!row) return null;
  const [genreRows, chapterRows] = await Promise.all([
    db.select({ genre: mangaGenres.genre }).from(mangaGenres).where(eq(mangaGenres.mangaId, mangaId)),
    db.select(managedChapterColumns).from(chapters).where(eq(chapters.mangaId, mangaId)).orderBy(asc(chapters.number)),
  ]);
  const { coverImageId, bannerImageId, authorId, username, authorRole, trusted, ...rest } = row;
  return {
    ...rest,
    status: rest.status as Status,
    language: isMangaLanguage(rest.language) ? rest.language : "en",
    publicationStatus: isPublicationStatus(rest.publicationStatus) ? rest.publicationStatus : "ongoing",
    genres: genreNamesOf(genreRows.map((g) => g.genre)),
    coverImageUrl: mediaUrl(coverImageId),
    bannerImageUrl: mediaUrl(bannerImageId),
    createdAt: rest.createdAt.toISOString(),
    updatedAt: rest.updatedAt.toISOString(),
    author: { id: authorId, username, role: authorRole, trusted: trusted === true || String(trusted) === "true" },
    chapters: chapterRows.map(toManagedChapter),
  };
}

/** The chapters with these ids, as ManagedChapter (for answers after a write). */
export async function loadManagedChapters(db: Executor, ids: readonly number[]): Promise<ManagedChapter[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(managedChapterColumns).from(chapters).where(inArray(chapters.id, [...ids]));
  return rows.map(toManagedChapter);
}
