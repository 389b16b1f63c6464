import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { chapters, dailyViews, favorites, manga, readingProgress } from "@/db/schema";
import { notFound } from "@/server/core/errors";
import type { Executor } from "@/server/core/unit-of-work";
import { mayManage, type SignedInViewer } from "@/server/core/viewer";

/**
 * GET /api/manga/Analytics (issue 16 §4, beyond the spec): a creator's figures for one of their manga (root: any
 * manga). Someone else's manga is a 404, as everywhere in publishing (server/core/viewer.ts `mayManage`).
 *
 * Every figure is read from an index or a counter, never by scanning the big tables (fast at 10M views):
 * - views: the manga's and chapters' counters (kept by RecordView), per day from daily_views (manga_id, day);
 * - favourites: the manga's counter, per day from favorites (manga_id, created_at) — favourites later removed are gone
 *   from the table, so a day counts the favourites given that day and still held;
 * - readers, completion and drop-off: reading_progress (chapter_id, completed, page_number), one grouped index-only
 *   read for all the manga's chapters. Reading progress is kept for signed-in readers only, so these count signed-in
 *   readers (a reader is a user with saved progress in the chapter; completed: their saved page is the last).
 *
 * Days are UTC days (`YYYY-MM-DD`), `days` of them ending today. `now` is a parameter so tests can pin the clock.
 */

export interface DayCount {
  day: string;
  count: number;
}

export interface ChapterAnalytics {
  id: number;
  number: number;
  title: string;
  status: number;
  pageCount: number;
  /** Counted views (every viewer, signed in or not). */
  views: number;
  /** Signed-in readers with saved progress in the chapter. */
  readers: number;
  /** Of them, those whose saved page is the chapter's last. */
  completed: number;
  /** completed / readers, 0…1; null without readers. */
  completionRate: number | null;
  /** The page where the most readers who have not finished stopped (the lowest on a tie); null when none stopped. */
  dropOffPage: number | null;
  /** How many readers stopped at dropOffPage. */
  dropOffReaders: number;
}

export interface CreatorAnalytics {
  mangaId: number;
  title: string;
  days: number;
  /** The first and last day of the per-day series (UTC). */
  from: string;
  to: string;
  totals: {
    /** All-time counted views and favourites (the manga's counters). */
    views: number;
    favorites: number;
    /** Views and favourites given in the window. */
    viewsInRange: number;
    favoritesInRange: number;
    /** Over all chapters: signed-in readers per chapter, summed, and of them those who completed the chapter. */
    readers: number;
    completed: number;
    completionRate: number | null;
  };
  viewsPerDay: DayCount[];
  favoritesPerDay: DayCount[];
  /** Every chapter (any status) in reading order. */
  chapters: ChapterAnalytics[];
  /**
   * Where the readers of one chapter stopped: the asked-for chapter, else the one where the most readers stopped;
   * `pages[i]` is the number of readers (not finished) whose saved page is i + 1. Null for a manga without chapters.
   */
  dropOff: { chapterId: number; pages: number[] } | null;
}

const DAY_MS = 86_400_000;
const utcDay = (d: Date): string => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number): string => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
const rate = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

/** `days` consecutive days from `first`, each with its count from `rows` (0 when absent). */
function fillDays(first: string, days: number, rows: { day: string; count: number | string }[]): DayCount[] {
  const byDay = new Map(rows.map((r) => [r.day, Number(r.count)]));
  return Array.from({ length: days }, (_, i) => {
    const day = addDays(first, i);
    return { day, count: byDay.get(day) ?? 0 };
  });
}

type Opts = { db: Executor; viewer: SignedInViewer; mangaId: number; days: number; chapterId?: number; now?: Date };

export async function getCreatorAnalytics({ db, viewer, mangaId, days, chapterId, now = new Date() }: Opts): Promise<CreatorAnalytics> {
  const [row] = await db
    .select({ id: manga.id, title: manga.title, authorId: manga.authorId, views: manga.views, favorites: manga.favorites })
    .from(manga)
    .where(eq(manga.id, mangaId));
  if (!row || !mayManage(viewer, row.authorId)) throw notFound("mangaNotFound");

  const to = utcDay(now);
  const from = addDays(to, -(days - 1));
  const favDay = sql<string>`to_char(${favorites.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;

  const [chapterRows, viewRows, favoriteRows] = await Promise.all([
    db
      .select({ id: chapters.id, number: chapters.number, title: chapters.title, status: chapters.status, pageCount: chapters.pageCount, views: chapters.views })
      .from(chapters)
      .where(eq(chapters.mangaId, mangaId))
      .orderBy(asc(chapters.number)),
    db
      .select({ day: sql<string>`to_char(${dailyViews.day}, 'YYYY-MM-DD')`, count: dailyViews.views })
      .from(dailyViews)
      .where(and(eq(dailyViews.mangaId, mangaId), gte(dailyViews.day, from), lte(dailyViews.day, to))),
    db
      .select({ day: favDay, count: sql<number>`count(*)::int` })
      .from(favorites)
      .where(and(eq(favorites.mangaId, mangaId), gte(favorites.createdAt, new Date(`${from}T00:00:00Z`)), sql`${favorites.createdAt} < ${new Date(`${addDays(to, 1)}T00:00:00Z`)}`))
      .groupBy(favDay),
  ]);
  if (chapterId !== undefined && !chapterRows.some((c) => c.id === chapterId)) throw notFound("chapterNotFound");

  // One grouped index-only read of reading_progress for all the chapters: (chapter, completed, page) → readers.
  const progress =
    chapterRows.length === 0
      ? []
      : await db
          .select({ chapterId: readingProgress.chapterId, completed: readingProgress.completed, page: readingProgress.pageNumber, n: sql<number>`count(*)::int` })
          .from(readingProgress)
          .where(inArray(readingProgress.chapterId, chapterRows.map((c) => c.id)))
          .groupBy(readingProgress.chapterId, readingProgress.completed, readingProgress.pageNumber);

  const stats = new Map<number, { readers: number; completed: number; stops: Map<number, number> }>();
  for (const c of chapterRows) stats.set(c.id, { readers: 0, completed: 0, stops: new Map() });
  for (const p of progress) {
    const s = stats.get(p.chapterId);
    if (!s) continue;
    const n = Number(p.n);
    s.readers += n;
    if (p.completed) s.completed += n;
    else s.stops.set(p.page, (s.stops.get(p.page) ?? 0) + n);
  }

  const chapterFigures: ChapterAnalytics[] = chapterRows.map((c) => {
    const s = stats.get(c.id)!;
    let dropOffPage: number | null = null;
    let dropOffReaders = 0;
    for (const [page, n] of s.stops) {
      if (n > dropOffReaders || (n === dropOffReaders && dropOffPage !== null && page < dropOffPage)) {
        dropOffPage = page;
        dropOffReaders = n;
      }
    }
    return {
      id: c.id,
      number: c.number,
      title: c.title,
      status: c.status,
      pageCount: c.pageCount,
      views: Number(c.views),
      readers: s.readers,
      completed: s.completed,
      completionRate: rate(s.completed, s.readers),
      dropOffPage,
      dropOffReaders,
    };
  });

  // The histogram's chapter: the one asked for, else the one where the most readers stopped (the first on a tie).
  let chosen = chapterId;
  if (chosen === undefined) {
    let most = -1;
    for (const c of chapterRows) {
      let stopped = 0;
      for (const n of stats.get(c.id)!.stops.values()) stopped += n;
      if (stopped > most) {
        most = stopped;
        chosen = c.id;
      }
    }
  }
  let dropOff: CreatorAnalytics["dropOff"] = null;
  if (chosen !== undefined) {
    const c = chapterRows.find((x) => x.id === chosen)!;
    const stops = stats.get(chosen)!.stops;
    const length = Math.max(c.pageCount, ...stops.keys(), 0);
    dropOff = { chapterId: chosen, pages: Array.from({ length }, (_, i) => stops.get(i + 1) ?? 0) };
  }

  const viewsPerDay = fillDays(from, days, viewRows);
  const favoritesPerDay = fillDays(from, days, favoriteRows);
  const readers = chapterFigures.reduce((sum, c) => sum + c.readers, 0);
  const completed = chapterFigures.reduce((sum, c) => sum + c.completed, 0);
  return {
    mangaId: row.id,
    title: row.title,
    days,
    from,
    to,
    totals: {
      views: Number(row.views),
      favorites: Number(row.favorites),
      viewsInRange: viewsPerDay.reduce((sum, d) => sum + d.count, 0),
      favoritesInRange: favoritesPerDay.reduce((sum, d) => sum + d.count, 0),
      readers,
      completed,
      completionRate: rate(completed, readers),
    },
    viewsPerDay,
    favoritesPerDay,
    chapters: chapterFigures,
    dropOff,
  };
}
