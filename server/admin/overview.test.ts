import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/db/client";
import { chapters, dailyViews, manga, users } from "@/db/schema";
import { Role, Status } from "@/lib/enums";
import { AppError } from "@/server/core/errors";
import { CHAPTER_WEEKS, getOverview, SIGNUP_DAYS, TOP_N, VIEW_DAYS } from "./overview";

/**
 * The overview's figures on a database of this file's own: every number is the one the data created here implies.
 * The clock is pinned (a Wednesday) so days and weeks are known.
 */
const NOW = new Date("2026-03-18T15:30:00Z"); // Wednesday; its ISO week starts Monday 2026-03-16
const at = (iso: string) => new Date(iso);
const root = { userId: 1, role: Role.root } as const;

let db: Db;
let ids: { manga: number[] };

beforeAll(async () => {
  db = await getDb();
  const mk = (name: string, role: number, createdAt: Date, deletedAt: Date | null = null) => ({
    username: name, email: `${name}@example.com`, fullName: name, role, createdAt, deletedAt,
  });
  await db.insert(users).values([
    mk("r1", Role.reader, at("2026-03-18T01:00:00Z")), // today
    mk("r2", Role.reader, at("2026-03-18T14:00:00Z")), // today
    mk("r3", Role.reader, at("2026-03-12T10:00:00Z")), // 6 days ago: this week
    mk("r4", Role.reader, at("2026-03-10T10:00:00Z")), // 8 days ago: not this week, in the 30 days
    mk("r5", Role.reader, at("2026-01-01T10:00:00Z")), // before the 30 days
    mk("w1", Role.writer, at("2026-02-17T00:00:00Z")), // the first of the 30 days
    mk("w2", Role.writer, at("2026-02-16T23:59:59Z")), // the day before it
    mk("s1", Role.staff, at("2025-06-01T00:00:00Z")),
    mk("a1", Role.admin, at("2025-06-01T00:00:00Z")),
    mk("root1", Role.root, at("2025-06-01T00:00:00Z")),
    mk("gone", Role.reader, at("2026-03-17T09:00:00Z"), at("2026-03-17T10:00:00Z")), // deleted: a sign-up, not an account
  ]);

  const rows = await db
    .insert(manga)
    .values([
      { title: "Alpha", status: Status.Accepted, views: 500, favorites: 3 },
      { title: "Beta", status: Status.Accepted, views: 900, favorites: 1 },
      { title: "Gamma", status: Status.Accepted, views: 100, favorites: 9 },
      { title: "Pending one", status: Status.Pending, views: 5000, favorites: 50 },
      { title: "Rejected one", status: Status.Rejected },
      ...Array.from({ length: 12 }, (_, i) => ({ title: `Filler ${i}`, status: Status.Accepted, views: i, favorites: 0 })),
    ])
    .returning({ id: manga.id });
  ids = { manga: rows.map((r) => r.id) };
  const [alpha, beta, , pendingManga] = ids.manga as [number, number, number, number];

  const ch = (mangaId: number, number: number, status: number, createdAt: Date) => ({ mangaId, number, title: `C${number}`, status, createdAt });
  await db.insert(chapters).values([
    ch(alpha, 1, Status.Accepted, at("2026-03-16T00:00:00Z")), // this week (Monday 00:00)
    ch(alpha, 2, Status.Accepted, at("2026-03-18T12:00:00Z")), // this week
    ch(alpha, 3, Status.Accepted, at("2026-03-15T23:59:00Z")), // last week (Sunday)
    ch(alpha, 4, Status.Accepted, at("2025-12-29T08:00:00Z")), // Monday of the first of the 12 weeks
    ch(alpha, 5, Status.Accepted, at("2025-12-28T08:00:00Z")), // before them
    ch(beta, 1, Status.Pending, at("2026-03-17T00:00:00Z")),
    ch(beta, 2, Status.Pending, at("2026-03-17T00:00:00Z")),
    ch(beta, 3, Status.Rejected, at("2026-03-17T00:00:00Z")), // rejected: not published
    ch(pendingManga, 1, Status.Pending, at("2026-03-17T00:00:00Z")),
  ]);

  await db.insert(dailyViews).values([
    { day: "2026-03-18", mangaId: alpha, views: 7 },
    { day: "2026-03-18", mangaId: beta, views: 5 },
    { day: "2026-03-17", mangaId: alpha, views: 2 },
    { day: "2026-02-17", mangaId: beta, views: 11 }, // the first of the 30 days
    { day: "2026-02-16", mangaId: beta, views: 99 }, // before them
  ]);
});

describe("getOverview", () => {
  it("counts accounts by role (deleted ones left out) and the week's sign-ups", async () => {
    const o = await getOverview({ db, viewer: root, now: NOW });
    expect(o.usersByRole).toEqual({ reader: 5, writer: 2, staff: 1, admin: 1, root: 1, total: 10 });
    // r1, r2, r3 and the deleted account: created within 7 days of NOW.
    expect(o.newUsersThisWeek).toBe(4);
  });

  it("counts manga and chapters by status and the review queue", async () => {
    const o = await getOverview({ db, viewer: root, now: NOW });
    expect(o.manga).toEqual({ pending: 1, accepted: 15, rejected: 1 });
    expect(o.chapters).toEqual({ pending: 3, accepted: 5, rejected: 1 });
    expect(o.reviewQueue).toEqual({ manga: 1, chapters: 3 });
  });

  it("reads views today and per day from daily_views, and the favourites total", async () => {
    const o = await getOverview({ db, viewer: root, now: NOW });
    expect(o.viewsToday).toBe(12);
    expect(o.viewsPerDay).toHaveLength(VIEW_DAYS);
    expect(o.viewsPerDay[0]).toEqual({ day: "2026-02-17", count: 11 });
    expect(o.viewsPerDay.at(-2)).toEqual({ day: "2026-03-17", count: 2 });
    expect(o.viewsPerDay.at(-1)).toEqual({ day: "2026-03-18", count: 12 });
    expect(o.viewsPerDay.reduce((s, d) => s + d.count, 0)).toBe(25);
    expect(o.favoritesTotal).toBe(3 + 1 + 9 + 50);
  });

  it("fills sign-ups per day for 30 days, oldest first", async () => {
    const o = await getOverview({ db, viewer: root, now: NOW });
    expect(o.signupsPerDay).toHaveLength(SIGNUP_DAYS);
    expect(o.signupsPerDay[0]).toEqual({ day: "2026-02-17", count: 1 });
    expect(o.signupsPerDay.at(-1)).toEqual({ day: "2026-03-18", count: 2 });
    expect(o.signupsPerDay.find((d) => d.day === "2026-03-17")?.count).toBe(1);
    expect(o.signupsPerDay.reduce((s, d) => s + d.count, 0)).toBe(6); // w1, r4, r3, gone, r1, r2
  });

  it("ranks the accepted manga by views and by favourites, ten at most", async () => {
    const o = await getOverview({ db, viewer: root, now: NOW });
    expect(o.topByViews).toHaveLength(TOP_N);
    expect(o.topByViews.slice(0, 3).map((m) => [m.title, m.value])).toEqual([["Beta", 900], ["Alpha", 500], ["Gamma", 100]]);
    expect(o.topByViews.some((m) => m.title === "Pending one")).toBe(false);
    expect(o.topByFavorites.slice(0, 3).map((m) => [m.title, m.value])).toEqual([["Gamma", 9], ["Alpha", 3], ["Beta", 1]]);
  });

  it("counts accepted chapters per ISO week for 12 weeks by upload time", async () => {
    const o = await getOverview({ db, viewer: root, now: NOW });
    expect(o.chaptersPerWeek).toHaveLength(CHAPTER_WEEKS);
    expect(o.chaptersPerWeek[0]).toEqual({ day: "2025-12-29", count: 1 });
    expect(o.chaptersPerWeek.at(-2)).toEqual({ day: "2026-03-09", count: 1 });
    expect(o.chaptersPerWeek.at(-1)).toEqual({ day: "2026-03-16", count: 2 });
    expect(o.chaptersPerWeek.reduce((s, d) => s + d.count, 0)).toBe(4);
  });

  it("is root's alone", async () => {
    for (const role of [Role.reader, Role.writer, Role.staff, Role.admin]) {
      const err = await getOverview({ db, viewer: { userId: 2, role }, now: NOW }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).httpStatus).toBe(403);
    }
    const visitor = await getOverview({ db, viewer: null }).catch((e: unknown) => e);
    expect((visitor as AppError).httpStatus).toBe(401);
  });
});
