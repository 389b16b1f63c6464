import { and, desc, eq, gte, isNull, lt, lte, sql } from "drizzle-orm";
import { chapters, dailyViews, manga, users } from "@/db/schema";
import { ROLE_NAMES, Status } from "@/lib/enums";
import type { Executor } from "@/server/core/unit-of-work";
import { requireRoot, type Viewer } from "@/server/core/viewer";

/**
 * The figures and charts of root's /dashboard/overview (issue 15, screen 3). One function per block, each one indexed
 * read, all run at once by `getOverview` (Promise.all: on PostgreSQL each on a connection of its own). None reads
 * chapter_views: views come from daily_views, which RecordView keeps per manga per UTC day.
 *
 * Days are UTC days (`YYYY-MM-DD`), weeks ISO weeks (Monday, UTC). `now` is a parameter so tests can pin the clock.
 */

export const SIGNUP_DAYS = 30;
export const VIEW_DAYS = 30;
export const CHAPTER_WEEKS = 12;
export const TOP_N = 10;

type Opts = { db: Executor; now?: Date };

export type RoleName = (typeof ROLE_NAMES)[number];

export interface StatusCounts { pending: number; accepted: number; rejected: number }
export interface DayCount { day: string; count: number }
export interface TopManga { id: number; title: string; value: number }

export interface Overview {
  /** When the figures were read (ISO). */
  at: string;
  /** Accounts by role (deleted accounts not counted). */
  usersByRole: Record<RoleName, number> & { total: number };
  /** Accounts created in the last 7 days (deleted or not: a sign-up happened). */
  newUsersThisWeek: number;
  manga: StatusCounts;
  chapters: StatusCounts;
  /** What waits for root: pending manga and pending chapters (the review queue's work). */
  reviewQueue: { manga: number; chapters: number };
  viewsToday: number;
  /** Favourites over all manga (the manga's own counters). */
  favoritesTotal: number;
  /** Sign-ups per UTC day, SIGNUP_DAYS days ending today, oldest first, days without any included as 0. */
  signupsPerDay: DayCount[];
  /** Counted views per UTC day from daily_views, VIEW_DAYS days ending today, oldest first. */
  viewsPerDay: DayCount[];
  /** Accepted manga with the most views / favourites, most first. */
  topByViews: TopManga[];
  topByFavorites: TopManga[];
  /** Accepted chapters per ISO week (Monday's date) by their upload time (created_at), CHAPTER_WEEKS weeks ending this one. */
  chaptersPerWeek: DayCount[];
}

const DAY_MS = 86_400_000;
/** `YYYY-MM-DD` of the UTC day of `d`. */
export const utcDay = (d: Date): string => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number): string => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
/** Monday (UTC) of the ISO week holding `day`. */
const mondayOf = (day: string): string => {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
};

/** `days` consecutive days from `first`, each with its count from `rows` (0 when absent). */
function fillDays(first: string, days: number, step: number, rows: { day: string; count: number }[]): DayCount[] {
  const byDay = new Map(rows.map((r) => [r.day, Number(r.count)]));
  return Array.from({ length: days }, (_, i) => {
    const day = addDays(first, i * step);
    return { day, count: byDay.get(day) ?? 0 };
  });
}

const nowOf = (opts: Opts) => opts.now ?? new Date();

/** Accounts by role over the users.role index (tombstones of deleted accounts left out). */
export async function usersByRole({ db }: Opts): Promise<Overview["usersByRole"]> {
  const rows = await db
    .select({ role: users.role, n: sql<number>`count(*)::int` })
    .from(users)
    .where(isNull(users.deletedAt))
    .groupBy(users.role);
  const out = { reader: 0, writer: 0, staff: 0, admin: 0, root: 0, total: 0 };
  for (const r of rows) {
    const name = ROLE_NAMES[r.role];
    if (name) out[name] += Number(r.n);
    out.total += Number(r.n);
  }
  return out;
}

/** Accounts created in the 7 days before `now` (a range of the users.created_at index). */
export async function newUsersThisWeek(opts: Opts): Promise<number> {
  const since = new Date(nowOf(opts).getTime() - 7 * DAY_MS);
  const [row] = await opts.db.select({ n: sql<number>`count(*)::int` }).from(users).where(gte(users.createdAt, since));
  return Number(row?.n ?? 0);
}

function statusCounts(rows: { status: number; n: number }[]): StatusCounts {
  const out = { pending: 0, accepted: 0, rejected: 0 };
  for (const r of rows) {
    if (r.status === Status.Pending) out.pending = Number(r.n);
    else if (r.status === Status.Accepted) out.accepted = Number(r.n);
    else if (r.status === Status.Rejected) out.rejected = Number(r.n);
  }
  return out;
}

/** Manga by status (manga_status_idx, an index-only count). */
export async function mangaByStatus({ db }: Opts): Promise<StatusCounts> {
  return statusCounts(await db.select({ status: manga.status, n: sql<number>`count(*)::int` }).from(manga).groupBy(manga.status));
}

/** Chapters by status (the (status, created_at) index). */
export async function chaptersByStatus({ db }: Opts): Promise<StatusCounts> {
  return statusCounts(await db.select({ status: chapters.status, n: sql<number>`count(*)::int` }).from(chapters).groupBy(chapters.status));
}

/** Favourites of all manga, from the manga's own counters (a few thousand rows, not the favourites table). */
export async function favoritesTotal({ db }: Opts): Promise<number> {
  const [row] = await db.select({ n: sql<number>`coalesce(sum(${manga.favorites}), 0)::bigint` }).from(manga);
  return Number(row?.n ?? 0);
}

/** Sign-ups per UTC day over the last SIGNUP_DAYS days (a range of the users.created_at index). */
export async function signupsPerDay(opts: Opts): Promise<DayCount[]> {
  const today = utcDay(nowOf(opts));
  const first = addDays(today, -(SIGNUP_DAYS - 1));
  const dayExpr = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await opts.db
    .select({ day: dayExpr, count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(gte(users.createdAt, new Date(`${first}T00:00:00Z`)), lt(users.createdAt, new Date(`${addDays(today, 1)}T00:00:00Z`))))
    .groupBy(dayExpr);
  return fillDays(first, SIGNUP_DAYS, 1, rows);
}

/** Views per UTC day over the last VIEW_DAYS days: a range of daily_views' primary key (day, manga_id), summed by day. */
export async function viewsPerDay(opts: Opts): Promise<DayCount[]> {
  const today = utcDay(nowOf(opts));
  const first = addDays(today, -(VIEW_DAYS - 1));
  const dayExpr = sql<string>`to_char(${dailyViews.day}, 'YYYY-MM-DD')`;
  const rows = await opts.db
    .select({ day: dayExpr, count: sql<number>`sum(${dailyViews.views})::bigint` })
    .from(dailyViews)
    .where(and(gte(dailyViews.day, first), lte(dailyViews.day, today)))
    .groupBy(dailyViews.day);
  return fillDays(first, VIEW_DAYS, 1, rows.map((r) => ({ day: r.day, count: Number(r.count) })));
}

/** The TOP_N accepted manga by views or favourites: a backward walk of manga_walk_views_idx / manga_walk_favorites_idx. */
export async function topManga({ db, by }: Opts & { by: "views" | "favorites" }): Promise<TopManga[]> {
  const column = by === "views" ? manga.views : manga.favorites;
  const rows = await db
    .select({ id: manga.id, title: manga.title, value: column })
    .from(manga)
    .where(eq(manga.status, Status.Accepted))
    .orderBy(desc(column), desc(manga.id))
    .limit(TOP_N);
  return rows.map((r) => ({ id: r.id, title: r.title, value: Number(r.value) }));
}

/**
 * Accepted chapters per ISO week over the last CHAPTER_WEEKS weeks, by the chapter's created_at (its upload): an
 * index-only range of chapters (status, created_at). Acceptance time is not stored (updated_at moves with any edit),
 * and announced_at is unindexed and null for chapters nobody was told about.
 */
export async function chaptersPerWeek(opts: Opts): Promise<DayCount[]> {
  const first = addDays(mondayOf(utcDay(nowOf(opts))), -7 * (CHAPTER_WEEKS - 1));
  const weekExpr = sql<string>`to_char(date_trunc('week', ${chapters.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const rows = await opts.db
    .select({ day: weekExpr, count: sql<number>`count(*)::int` })
    .from(chapters)
    .where(and(eq(chapters.status, Status.Accepted), gte(chapters.createdAt, new Date(`${first}T00:00:00Z`))))
    .groupBy(weekExpr);
  return fillDays(first, CHAPTER_WEEKS, 7, rows);
}

/** Everything the overview shows, its blocks read in parallel; root only. */
export async function getOverview(opts: Opts & { viewer: Viewer }): Promise<Overview> {
  requireRoot(opts.viewer);
  const now = nowOf(opts);
  const o = { db: opts.db, now };
  const [roles, newUsers, mangaCounts, chapterCounts, favorites, signups, views, topViews, topFavorites, weeks] = await Promise.all([
    usersByRole(o),
    newUsersThisWeek(o),
    mangaByStatus(o),
    chaptersByStatus(o),
    favoritesTotal(o),
    signupsPerDay(o),
    viewsPerDay(o),
    topManga({ ...o, by: "views" }),
    topManga({ ...o, by: "favorites" }),
    chaptersPerWeek(o),
  ]);
  return {
    at: now.toISOString(),
    usersByRole: roles,
    newUsersThisWeek: newUsers,
    manga: mangaCounts,
    chapters: chapterCounts,
    reviewQueue: { manga: mangaCounts.pending, chapters: chapterCounts.pending },
    viewsToday: views[views.length - 1]?.count ?? 0,
    favoritesTotal: favorites,
    signupsPerDay: signups,
    viewsPerDay: views,
    topByViews: topViews,
    topByFavorites: topFavorites,
    chaptersPerWeek: weeks,
  };
}
