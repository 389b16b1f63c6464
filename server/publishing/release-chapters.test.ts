import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { chapters, favorites, manga, notifications, users } from "@/db/schema";
import { recipientLocale, renderNotification } from "@/server/notifications/catalogue";
import { Role } from "@/lib/enums";
import { GET as getMangaRoute } from "@/app/api/manga/GetMangaById/route";
import { GET as paginatedChapterRoute } from "@/app/api/chapter/PaginatedChapter/route";
import { GET as getChapterRoute } from "@/app/api/chapter/GetChapter/[chapterid]/route";
import { PUT as updateChapterRoute } from "@/app/api/chapter/UpdateChapter/route";
import { POST as statusChapterRoute } from "@/app/api/chapter/StatusChapter/route";
import { releaseDueChapters } from "./release-chapters";
import { addChapter, decideChapter, decideManga, jsonRequest, makeUsers, send, submitManga } from "@/tests/fixtures/publishing-kit";

/**
 * Scheduled releases (ADR 013): an accepted chapter with a future publishAt is hidden from everyone but its author and
 * root until then (a query-time check); releaseDueChapters announces due chapters once (manga.chapter_count
 * recounted, favouriters told once per manga), however often it runs.
 */
let db: Db;
let u: Awaited<ReturnType<typeof accounts>>;

const accounts = (d: Db) =>
  makeUsers(d, "rel", { writer: { role: Role.writer }, root: { role: Role.root }, fan: { role: Role.reader }, fanAr: { role: Role.reader, locale: "ar" }, stranger: { role: Role.reader } });

beforeAll(async () => {
  db = await getDb();
  u = await accounts(db);
});

const inFuture = (hours = 24) => new Date(Date.now() + hours * 3600_000).toISOString();
/** A user's notifications as they read them (rendered in users.locale). */
const inboxOf = async (userId: number) =>
  (
    await db
      .select({ message: notifications.message, kind: notifications.kind, params: notifications.params, locale: users.locale })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(notifications.userId, userId))
      .orderBy(notifications.id)
  ).map((n) => renderNotification(n, recipientLocale(n.locale)));
const countOf = async (mangaId: number) => (await db.select({ n: manga.chapterCount }).from(manga).where(eq(manga.id, mangaId)))[0]?.n;
async function chaptersSeenBy(token: string | undefined, mangaId: number) {
  const detail = await send(getMangaRoute, jsonRequest("GET /api/manga/GetMangaById", { token, query: `id=${mangaId}&imageFormat=url` }));
  const list = await send(paginatedChapterRoute, jsonRequest("GET /api/chapter/PaginatedChapter", { token, query: `mangaId=${mangaId}` }));
  expect(detail.status).toBe(200);
  expect(list.status).toBe(200);
  const fromDetail = (detail.body.data.chapters as Array<{ id: number }>).map((c) => c.id);
  const fromList = (list.body.data.items as Array<{ id: number }>).map((c) => c.id);
  expect(fromList).toEqual(fromDetail);
  return fromDetail;
}
const getChapter = (token: string | undefined, chapterId: number) =>
  send(getChapterRoute, jsonRequest("GET /api/chapter/GetChapter/{chapterid}", { token }), { params: Promise.resolve({ chapterid: String(chapterId) }) });

async function acceptedSaga(title: string): Promise<number> {
  const mangaId = await submitManga(u.writer.token, title);
  await decideManga(u.root.token, mangaId, 1);
  await db.insert(favorites).values([{ userId: u.fan.id, mangaId }, { userId: u.fanAr.id, mangaId }]);
  return mangaId;
}

describe("scheduled release", () => {
  it("an accepted chapter due tomorrow is hidden from visitors and readers, visible to its author; once due, releaseDueChapters announces it once", async () => {
    const mangaId = await acceptedSaga("Scheduled Saga");
    const now = await addChapter(u.writer.token, mangaId, "Out now", { seed: 1 });
    const later = await addChapter(u.writer.token, mangaId, "Out tomorrow", { seed: 2, publishAt: inFuture() });
    const fanBefore = (await inboxOf(u.fan.id)).length;
    const res = await send(statusChapterRoute, jsonRequest("POST /api/chapter/StatusChapter", { token: u.root.token, body: { chapterIds: [now, later], status: 1 } }));
    expect(res.status).toBe(200);

    // Only the released one is public, counted and announced.
    expect(await chaptersSeenBy(undefined, mangaId)).toEqual([now]);
    expect(await chaptersSeenBy(u.stranger.token, mangaId)).toEqual([now]);
    expect(await chaptersSeenBy(u.writer.token, mangaId)).toEqual([now, later]);
    expect(await chaptersSeenBy(u.root.token, mangaId)).toEqual([now, later]);
    expect((await getChapter(undefined, later)).status).toBe(404);
    expect((await getChapter(u.writer.token, later)).status).toBe(200);
    expect(await countOf(mangaId)).toBe(1);
    expect((await inboxOf(u.fan.id)).slice(fanBefore)).toEqual(['New chapter of "Scheduled Saga": Out now']);
    expect(await releaseDueChapters({ db })).toBe(0);

    // Its time comes.
    await db.update(chapters).set({ publishAt: sql`now() - interval '1 minute'` }).where(eq(chapters.id, later));
    expect(await chaptersSeenBy(undefined, mangaId)).toEqual([now, later]);
    expect((await getChapter(undefined, later)).status).toBe(200);
    expect(await releaseDueChapters({ db })).toBe(1);
    expect(await countOf(mangaId)).toBe(2);
    expect((await inboxOf(u.fan.id)).slice(fanBefore)).toEqual(['New chapter of "Scheduled Saga": Out now', 'New chapter of "Scheduled Saga": Out tomorrow']);
    expect((await inboxOf(u.fanAr.id)).slice(-1)).toEqual(["فصل جديد من «\u2068Scheduled Saga\u2069»: \u2068Out tomorrow\u2069"]);

    // A second run (another process, or the next tick) releases nothing and tells no one again.
    const fanAfter = (await inboxOf(u.fan.id)).length;
    expect(await releaseDueChapters({ db })).toBe(0);
    expect(await inboxOf(u.fan.id)).toHaveLength(fanAfter);
  });

  it("several chapters of one manga due together: favouriters told once; a pending or rejected due chapter is not released", async () => {
    const mangaId = await acceptedSaga("Batch Saga");
    const ids = [
      await addChapter(u.writer.token, mangaId, "B1", { seed: 3, publishAt: inFuture() }),
      await addChapter(u.writer.token, mangaId, "B2", { seed: 4, publishAt: inFuture() }),
      await addChapter(u.writer.token, mangaId, "Still pending", { seed: 5, publishAt: inFuture() }),
      await addChapter(u.writer.token, mangaId, "Rejected", { seed: 6, publishAt: inFuture() }),
    ];
    await send(statusChapterRoute, jsonRequest("POST /api/chapter/StatusChapter", { token: u.root.token, body: { chapterIds: ids.slice(0, 2), status: 1 } }));
    await decideChapter(u.root.token, ids[3]!, 2, "No");
    const fanBefore = (await inboxOf(u.fan.id)).length;
    expect(await countOf(mangaId)).toBe(0);
    await db.update(chapters).set({ publishAt: sql`now() - interval '1 second'` }).where(eq(chapters.mangaId, mangaId));
    expect(await releaseDueChapters({ db })).toBe(2);
    expect(await countOf(mangaId)).toBe(2);
    expect((await inboxOf(u.fan.id)).slice(fanBefore)).toEqual(['2 new chapters of "Batch Saga"']);
    expect(await chaptersSeenBy(undefined, mangaId)).toEqual(ids.slice(0, 2));
    expect(await releaseDueChapters({ db })).toBe(0);

    // The pending one, accepted after its time, is announced at once by the decision (not again by the timer).
    await decideChapter(u.root.token, ids[2]!, 1);
    expect((await inboxOf(u.fan.id)).slice(fanBefore)).toEqual(['2 new chapters of "Batch Saga"', 'New chapter of "Batch Saga": Still pending']);
    expect(await releaseDueChapters({ db })).toBe(0);
    expect(await countOf(mangaId)).toBe(3);
  });

  it("UpdateChapter can reschedule an accepted chapter: a future publishAt hides it again and leaves the count", async () => {
    const mangaId = await acceptedSaga("Rescheduled Saga");
    const id = await addChapter(u.writer.token, mangaId, "Moved", { seed: 7 });
    await decideChapter(u.root.token, id, 1);
    expect(await countOf(mangaId)).toBe(1);
    const res = await send(updateChapterRoute, jsonRequest("PUT /api/chapter/UpdateChapter", { token: u.writer.token, body: { chapterId: id, publishAt: inFuture(48) } }));
    expect(res.body.data).toMatchObject({ status: 1 });
    expect(await chaptersSeenBy(undefined, mangaId)).toEqual([]);
    expect(await countOf(mangaId)).toBe(0);
  });

  it("clearing the schedule of an accepted chapter (publishAt empty) releases it at once: public, counted, favouriters told once", async () => {
    const mangaId = await acceptedSaga("Cleared Saga");
    const id = await addChapter(u.writer.token, mangaId, "Early", { seed: 8, publishAt: inFuture() });
    await decideChapter(u.root.token, id, 1);
    const fanBefore = (await inboxOf(u.fan.id)).length;
    const res = await send(updateChapterRoute, jsonRequest("PUT /api/chapter/UpdateChapter", { token: u.writer.token, body: { chapterId: id, publishAt: "" } }));
    expect(res.body.data).toMatchObject({ status: 1, publishAt: null });
    expect(await chaptersSeenBy(undefined, mangaId)).toEqual([id]);
    expect(await countOf(mangaId)).toBe(1);
    await releaseDueChapters({ db });
    expect((await inboxOf(u.fan.id)).slice(fanBefore)).toEqual(['New chapter of "Cleared Saga": Early']);
  });

  it("an invalid publishAt is a 422 field error", async () => {
    const mangaId = await acceptedSaga("Invalid Saga");
    const id = await addChapter(u.writer.token, mangaId, "Bad date", { seed: 9 });
    const res = await send(updateChapterRoute, jsonRequest("PUT /api/chapter/UpdateChapter", { token: u.writer.token, body: { chapterId: id, publishAt: "next tuesday" } }));
    expect(res.status).toBe(422);
    expect(res.body.data.errors?.publishAt).toBeDefined();
  });
});

describe("several processes", () => {
  it("two release timers firing at once announce a due chapter once", async () => {
    const mangaId = await acceptedSaga("Raced Saga");
    const id = await addChapter(u.writer.token, mangaId, "Raced", { seed: 10, publishAt: inFuture() });
    await decideChapter(u.root.token, id, 1);
    const fanBefore = (await inboxOf(u.fan.id)).length;
    await db.update(chapters).set({ publishAt: sql`now() - interval '1 second'` }).where(eq(chapters.id, id));
    const released = await Promise.all([releaseDueChapters({ db }), releaseDueChapters({ db })]);
    expect(released.reduce((x, y) => x + y, 0)).toBe(1);
    expect((await inboxOf(u.fan.id)).slice(fanBefore)).toEqual(['New chapter of "Raced Saga": Raced']);
    expect(await countOf(mangaId)).toBe(1);
  });
});
