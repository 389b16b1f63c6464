import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chapters, manga, users } from "@/db/schema";
import { foldSearchText } from "@/lib/search-fold";
import { mediaUrl } from "@/lib/media-url";
import type { ChapterListQuery } from "./schemas";
import { paged, type Paged, type Viewer } from "./types";
import { chapterVisibleTo } from "./chapter-access";
import { isRoot } from "@/server/core/viewer";

/**
 * PaginatedChapter and PaginatedChapterDetails (spec §7; shapes not shown, so: the spec's paged list).
 * With `mangaId`: that manga's chapters in reading order; without: the newest chapters across the catalogue.
 * Readers see accepted chapters of accepted manga; a writer also sees every chapter of their own manga,
 * root sees all (and can narrow with `chapterStatus`). `searchTerm` matches chapter or manga titles.
 * Two queries per page (rows and counts), whatever the page size.
 */
export interface ChapterListItem {
  id: number;
  mangaId: number;
  title: string;
  number: number;
  status: number;
  isPremium: boolean;
  /** A timed premium window: free for everyone from this moment (issue 16). */
  freeAt: Date | null;
  pageCount: number;
  views: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface ChapterDetailsItem extends ChapterListItem {
  sourceType: number;
  /** Only for the manga's author and root. */
  reviewNote: string | null;
  manga: { id: number; title: string; coverImageUrl: string | null; readingDirection: number; user: { username: string | null } };
}

export type ListChaptersOptions = ChapterListQuery & { db: Db; viewer: Viewer };

export function listChapters(opts: ListChaptersOptions): Promise<Paged<ChapterListItem>> {
  return list(opts, false) as Promise<Paged<ChapterListItem>>;
}

export function listChapterDetails(opts: ListChaptersOptions): Promise<Paged<ChapterDetailsItem>> {
  return list(opts, true) as Promise<Paged<ChapterDetailsItem>>;
}

/** Matches chapter titles (case-insensitive) or the manga's folded search text. */
export function chapterSearch(term: string | undefined): SQL | undefined {
  const folded = foldSearchText(term ?? "");
  if (!folded) return undefined;
  const like = `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(sql`lower(${chapters.title}) like ${like}`, sql`${manga.searchText} like ${like}`);
}

async function list(opts: ListChaptersOptions, details: boolean): Promise<Paged<ChapterListItem | ChapterDetailsItem>> {
  const { db, viewer, mangaId, page, pageSize } = opts;
  const base = and(chapterVisibleTo(viewer), mangaId === undefined ? undefined : eq(chapters.mangaId, mangaId));
  const filtered = and(base, opts.chapterStatus === undefined ? undefined : eq(chapters.status, opts.chapterStatus), chapterSearch(opts.searchTerm));
  const order = (opts.sortDirection ?? (mangaId === undefined ? "desc" : "asc")) === "asc" ? asc : desc;
  const orderBy = mangaId === undefined ? [order(chapters.createdAt), order(chapters.id)] : [order(chapters.number), order(chapters.id)];
  const canSeeNote = isRoot(viewer) ? sql<boolean>`true` : viewer ? sql<boolean>`${manga.authorId} = ${viewer.userId}` : sql<boolean>`false`;

  const result = await queryChapterPage({ db, base, filtered, orderBy, canSeeNote, page, pageSize });
  if (details) return result;
  return {
    ...result,
    items: result.items.map((r): ChapterListItem => ({
      id: r.id, mangaId: r.mangaId, title: r.title, number: r.number, status: r.status, isPremium: r.isPremium, freeAt: r.freeAt,
      pageCount: r.pageCount, views: r.views, createdAt: r.createdAt, updatedAt: r.updatedAt,
    })),
  };
}

/**
 * The two queries behind every chapter list: one page of rows with their manga and author, and the counts
 * (`base` bounds the total, `filtered` the displayed total). The review note is returned where `canSeeNote` holds.
 */
export async function queryChapterPage(q: {
  db: Db;
  base: SQL | undefined;
  filtered: SQL | undefined;
  orderBy: SQL[];
  canSeeNote: SQL<boolean>;
  page: number;
  pageSize: number;
}): Promise<Paged<ChapterDetailsItem>> {
  const { db, base, filtered, orderBy, canSeeNote, page, pageSize } = q;
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: chapters.id,
        mangaId: chapters.mangaId,
        title: chapters.title,
        number: chapters.number,
        status: chapters.status,
        isPremium: chapters.isPremium,
        freeAt: chapters.freeAt,
        pageCount: chapters.pageCount,
        views: chapters.views,
        createdAt: chapters.createdAt,
        updatedAt: chapters.updatedAt,
        sourceType: chapters.sourceType,
        reviewNote: sql<string | null>`case when ${canSeeNote} then ${chapters.reviewNote} end`,
        mangaTitle: manga.title,
        coverImageId: manga.coverImageId,
        readingDirection: manga.readingDirection,
        username: users.username,
      })
      .from(chapters)
      .innerJoin(manga, eq(manga.id, chapters.mangaId))
      .leftJoin(users, eq(users.id, manga.authorId))
      .where(filtered)
      .orderBy(...orderBy)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int`, display: sql<number>`count(*) filter (where ${filtered ?? sql`true`})::int` })
      .from(chapters)
      .innerJoin(manga, eq(manga.id, chapters.mangaId))
      .where(base),
  ]);
  const items = rows.map(
    (r): ChapterDetailsItem => ({
      id: r.id, mangaId: r.mangaId, title: r.title, number: r.number, status: r.status, isPremium: r.isPremium, freeAt: r.freeAt,
      pageCount: r.pageCount, views: r.views, createdAt: r.createdAt, updatedAt: r.updatedAt, sourceType: r.sourceType,
      reviewNote: r.reviewNote,
      manga: { id: r.mangaId, title: r.mangaTitle, coverImageUrl: mediaUrl(r.coverImageId), readingDirection: r.readingDirection, user: { username: r.username } },
    }),
  );
  return paged(items, page, pageSize, Number(counts[0]?.total ?? 0), Number(counts[0]?.display ?? 0));
}
