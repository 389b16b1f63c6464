import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/db/client";
import { chapters, dailyViews, favorites, manga, readingProgress } from "@/db/schema";
import { Role, Status } from "@/lib/enums";
import { GET as analyticsRoute } from "@/app/api/manga/Analytics/route";
import { jsonRequest, makeUsers, send } from "@/tests/fixtures/publishing-kit";
import { getCreatorAnalytics } from "./creator-analytics";

/**
 * Creator analytics (issue 16 §4) on a database of this file's own: figures from seeded views, favourites and reading
 * progress (each number the one the rows imply), ownership (another writer 404, root allowed, a reader refused by the
 * access table), and bad input answered with a 422 envelope. The clock is pinned for the per-day series.
 */
const NOW = new Date("2026-03-18T15:30:00Z");
const KEY = "GET /api/manga/Analytics";

let db: Db;
let u: Awaited<ReturnType<typeof accounts>>;
const ids = { manga: 0, other: 0, empty: 0, c1: 0, c2: 0, c3: 0 };

const accounts = (d: Db) =>
  makeUsers(d, "ana", {
    writer: { role: Role.writer },
    otherWriter: { role: Role.writer },
    reader: { role: Role.reader },
    root: { role: Role.root },
    r1: { role: Role.reader },
    r2: { role: Role.reader },
    r3: { role: Role.reader },
    r4: { role: Role.reader },
    r5: { role: Role.reader },
  });

beforeAll(async () => {
  db = await getDb();
  u = await accounts(db);
  const [m, other, empty] = await db
    .insert(manga)
    .values([
      { title: "Tide Runner", status: Status.Accepted, authorId: u.writer.id, views: 1234, favorites: 4 },
      { title: "Someone Else's", status: Status.Accepted, authorId: u.otherWriter.id },
      { title: "No Chapters Yet", status: Status.Pending, authorId: u.writer.id },
    ])
    .returning({ id: manga.id });
  ids.manga = m!.id;
  ids.other = other!.id;
  ids.empty = empty!.id;
  const [c1, c2, c3] = await db
    .insert(chapters)
    .values([
      { mangaId: ids.manga, number: 1, title: "Start", status: Status.Accepted, pageCount: 5, views: 900 },
      { mangaId: ids.manga, number: 2, title: "Middle", status: Status.Accepted, pageCount: 4, views: 300 },
      { mangaId: ids.manga, number: 3, title: "Draft", status: Status.Pending, pageCount: 3, views: 0 },
    ])
    .returning({ id: chapters.id });
  ids.c1 = c1!.id;
  ids.c2 = c2!.id;
  ids.c3 = c3!.id;
  const p = (userId: number, chapterId: number, pageNumber: number, completed = false) => ({ userId, chapterId, mangaId: ids.manga, pageNumber, completed });
  await db.insert(readingProgress).values([
    // Chapter 1 (5 pages): two finished, two stopped at page 3, one at page 2.
    p(u.r1.id, ids.c1, 5, true),
    p(u.r2.id, ids.c1, 5, true),
    p(u.r3.id, ids.c1, 3),
    p(u.r4.id, ids.c1, 3),
    p(u.r5.id, ids.c1, 2),
    // Chapter 2 (4 pages): one finished, one at page 1, one at page 4 (a tie: the lower page is the drop-off).
    p(u.r1.id, ids.c2, 4, true),
    p(u.r2.id, ids.c2, 1),
    p(u.r3.id, ids.c2, 2),
  ]);
  await db.insert(dailyViews).values([
    { day: "2026-03-18", mangaId: ids.manga, views: 7 }, // today
    { day: "2026-03-10", mangaId: ids.manga, views: 5 },
    { day: "2026-02-17", mangaId: ids.manga, views: 11 }, // the first of 30 days
    { day: "2026-02-16", mangaId: ids.manga, views: 99 }, // before them; inside 90 days
    { day: "2026-03-18", mangaId: ids.other, views: 1000 }, // another manga
  ]);
  await db.insert(favorites).values([
    { userId: u.r1.id, mangaId: ids.manga, createdAt: new Date("2026-03-18T01:00:00Z") },
    { userId: u.r2.id, mangaId: ids.manga, createdAt: new Date("2026-03-18T23:59:00Z") }, // later than NOW's time, same day
    { userId: u.r3.id, mangaId: ids.manga, createdAt: new Date("2026-03-01T12:00:00Z") },
    { userId: u.r4.id, mangaId: ids.manga, createdAt: new Date("2026-01-01T12:00:00Z") }, // before the 30 days, inside the 90
    { userId: u.r5.id, mangaId: ids.other, createdAt: new Date("2026-03-18T01:00:00Z") },
  ]);
});

describe("getCreatorAnalytics", () => {
  it("counts views, favourites, readers, completion and drop-off from the seeded rows", async () => {
    const a = await getCreatorAnalytics({ db, viewer: { userId: u.writer.id, role: Role.writer }, mangaId: ids.manga, days: 30, now: NOW });
    expect(a).toMatchObject({ mangaId: ids.manga, title: "Tide Runner", days: 30, from: "2026-02-17", to: "2026-03-18" });
    expect(a.viewsPerDay).toHaveLength(30);
    expect(a.viewsPerDay[0]).toEqual({ day: "2026-02-17", count: 11 });
    expect(a.viewsPerDay.at(-1)).toEqual({ day: "2026-03-18", count: 7 });
    expect(a.viewsPerDay.find((d) => d.day === "2026-03-10")?.count).toBe(5);
    expect(a.favoritesPerDay.at(-1)).toEqual({ day: "2026-03-18", count: 2 });
    expect(a.favoritesPerDay.find((d) => d.day === "2026-03-01")?.count).toBe(1);
    expect(a.totals).toEqual({ views: 1234, favorites: 4, viewsInRange: 23, favoritesInRange: 3, readers: 8, completed: 3, completionRate: 3 / 8 });

    expect(a.chapters.map((c) => c.number)).toEqual([1, 2, 3]);
    expect(a.chapters[0]).toEqual({
      id: ids.c1, number: 1, title: "Start", status: Status.Accepted, pageCount: 5, views: 900,
      readers: 5, completed: 2, completionRate: 0.4, dropOffPage: 3, dropOffReaders: 2,
    });
    expect(a.chapters[1]).toMatchObject({ readers: 3, completed: 1, dropOffPage: 1, dropOffReaders: 1 });
    expect(a.chapters[1]!.completionRate).toBeCloseTo(1 / 3);
    expect(a.chapters[2]).toMatchObject({ readers: 0, completed: 0, completionRate: null, dropOffPage: null, dropOffReaders: 0 });
    // The histogram defaults to the chapter where the most readers stopped (chapter 1: three), one entry per page.
    expect(a.dropOff).toEqual({ chapterId: ids.c1, pages: [0, 1, 2, 0, 0] });
  });

  it("answers a wider window and the histogram of a chosen chapter", async () => {
    const a = await getCreatorAnalytics({ db, viewer: { userId: u.writer.id, role: Role.writer }, mangaId: ids.manga, days: 90, chapterId: ids.c2, now: NOW });
    expect(a.viewsPerDay).toHaveLength(90);
    expect(a.totals.viewsInRange).toBe(122);
    expect(a.totals.favoritesInRange).toBe(4);
    expect(a.dropOff).toEqual({ chapterId: ids.c2, pages: [1, 1, 0, 0] });
  });

  it("answers a manga without chapters with empty figures", async () => {
    const a = await getCreatorAnalytics({ db, viewer: { userId: u.writer.id, role: Role.writer }, mangaId: ids.empty, days: 30, now: NOW });
    expect(a.chapters).toEqual([]);
    expect(a.dropOff).toBeNull();
    expect(a.totals).toMatchObject({ readers: 0, completed: 0, completionRate: null, viewsInRange: 0 });
  });
});

describe("GET /api/manga/Analytics", () => {
  const get = (query: string, token?: string) => send(analyticsRoute, jsonRequest(KEY, { token, query }));

  it("answers the owner in the envelope", async () => {
    const res = await get(`mangaId=${ids.manga}&days=30`, u.writer.token);
    expect(res.status).toBe(200);
    expect(res.body.statusCode).toBe(1);
    expect(res.body.data).toMatchObject({ mangaId: ids.manga, days: 30 });
    expect((res.body.data.chapters as unknown[]).length).toBe(3);
  });

  it("lets root read any manga", async () => {
    const res = await get(`mangaId=${ids.other}`, u.root.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ mangaId: ids.other, days: 30 });
  });

  it("answers another writer's manga as not found, a reader 403, a visitor 401", async () => {
    const other = await get(`mangaId=${ids.other}`, u.writer.token);
    expect(other.status).toBe(404);
    expect(other.body.statusCode).toBe(404);
    expect((await get(`mangaId=999999999`, u.writer.token)).status).toBe(404);
    expect((await get(`mangaId=${ids.manga}`, u.reader.token)).status).toBe(403);
    expect((await get(`mangaId=${ids.manga}`)).status).toBe(401);
    // A chapter of another manga is not this manga's chapter.
    const foreign = await get(`mangaId=${ids.manga}&chapterId=${ids.c1 + 1000}`, u.writer.token);
    expect(foreign.status).toBe(404);
  });

  it.each([
    ["", "mangaId"],
    ["mangaId=abc", "mangaId"],
    ["mangaId=0", "mangaId"],
    ["mangaId=1.5", "mangaId"],
    ["mangaId=99999999999", "mangaId"],
    ["mangaId=1&days=0", "days"],
    ["mangaId=1&days=366", "days"],
    ["mangaId=1&days=thirty", "days"],
    ["mangaId=1&chapterId=-3", "chapterId"],
  ])("refuses %j with a 422 naming %s", async (query, field) => {
    const res = await get(query, u.writer.token);
    expect(res.status).toBe(422);
    expect(res.body.statusCode).toBe(422);
    expect(Object.keys(res.body.data.errors ?? {})).toContain(field);
  });

  it("answers bad input in Arabic when asked", async () => {
    const res = await send(analyticsRoute, jsonRequest(KEY, { token: u.writer.token, query: "mangaId=x", headers: { "accept-language": "ar" } }));
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/[\u0600-\u06FF]/);
  });
});
