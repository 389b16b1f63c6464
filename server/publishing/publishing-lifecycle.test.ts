import enTexts from "@/messages/en.json";
import arTexts from "@/messages/ar.json";
import { beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { auditLog, chapterPages, chapters, favorites, manga, media, mediaVariants, notifications, users } from "@/db/schema";
import { NotificationType, Role } from "@/lib/enums";
import { recipientLocale, renderNotification } from "@/server/notifications/catalogue";
import { PUT as updateMangaRoute } from "@/app/api/manga/UpdateManga/route";
import { POST as submitMangaRoute } from "@/app/api/manga/SubmitManga/route";
import { DELETE as deleteMangaRoute } from "@/app/api/manga/DeleteManga/route";
import { POST as statusMangaRoute } from "@/app/api/manga/StatusManga/route";
import { GET as getMangaRoute } from "@/app/api/manga/GetMangaById/route";
import { PUT as updateChapterRoute } from "@/app/api/chapter/UpdateChapter/route";
import { DELETE as deleteChapterRoute } from "@/app/api/chapter/DeleteChapter/route";
import { POST as statusChapterRoute } from "@/app/api/chapter/StatusChapter/route";
import {
  addChapter,
  ARABIC,
  coverJpeg,
  decideChapter,
  decideManga,
  formOf,
  formRequest,
  jpegPart,
  jsonRequest,
  makeUsers,
  pageJpeg,
  pageMediaIds,
  send,
  snapshot,
  submitChapter,
  submitManga,
} from "@/tests/fixtures/publishing-kit";

/**
 * Every review state transition of manga and chapters (ADR 013 "Review", "Edits", "Trusted writers"), the
 * notifications each one sends, deleting (cascades and unused media) and moving chapters in reading order, all
 * through the route handlers.
 */
let db: Db;
let u: Awaited<ReturnType<typeof accounts>>;

const accounts = (d: Db) =>
  makeUsers(d, "life", {
    writer: { role: Role.writer },
    writerAr: { role: Role.writer, locale: "ar" },
    trusted: { role: Role.writer, trusted: true },
    other: { role: Role.writer },
    root: { role: Role.root },
    fan: { role: Role.reader },
    fanAr: { role: Role.reader, locale: "ar" },
    fanBanned: { role: Role.reader },
  });

beforeAll(async () => {
  db = await getDb();
  u = await accounts(db);
  await db.update(users).set({ banned: true }).where(eq(users.id, u.fanBanned.id));
});

let seed = 100;
const nextSeed = () => (seed += 3);

const mangaRow = async (id: number) =>
  (await db.select({ status: manga.status, title: manga.title, reviewNote: manga.reviewNote, chapterCount: manga.chapterCount }).from(manga).where(eq(manga.id, id)))[0];
const chapterRow = async (id: number) =>
  (await db.select({ status: chapters.status, title: chapters.title, reviewNote: chapters.reviewNote, number: chapters.number }).from(chapters).where(eq(chapters.id, id)))[0];
/** A user's notifications as they read them (rendered in users.locale). */
const inbox = async (userId: number) =>
  (
    await db
      .select({ id: notifications.id, message: notifications.message, kind: notifications.kind, params: notifications.params, type: notifications.type, locale: users.locale })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(notifications.userId, userId))
      .orderBy(notifications.id)
  ).map((n) => ({ id: n.id, message: renderNotification(n, recipientLocale(n.locale)), type: n.type }));
/** What a user was told while `fn` ran. */
async function toldDuring(userId: number, fn: () => Promise<unknown>): Promise<Array<{ message: string; type: number }>> {
  const before = (await inbox(userId)).map((n) => n.id);
  await fn();
  return (await inbox(userId)).filter((n) => !before.includes(n.id)).map(({ message, type }) => ({ message, type }));
}
const auditsOf = async (type: "manga" | "chapter", id: number) =>
  db.select({ action: auditLog.action, actorId: auditLog.actorId, details: auditLog.details }).from(auditLog).where(and(eq(auditLog.targetType, type), eq(auditLog.targetId, String(id)))).orderBy(auditLog.id);
const visitorSees = async (mangaId: number) => {
  const res = await send(getMangaRoute, jsonRequest("GET /api/manga/GetMangaById", { query: `id=${mangaId}&imageFormat=url` }));
  return res.status === 200 ? { title: res.body.data.title as string, chapters: (res.body.data.chapters as Array<{ id: number }>).map((c) => c.id) } : null;
};
const updateManga = (token: string, body: Record<string, unknown>) => send(updateMangaRoute, jsonRequest("PUT /api/manga/UpdateManga", { token, body }));
const updateChapter = (token: string, body: Record<string, unknown>) => send(updateChapterRoute, jsonRequest("PUT /api/chapter/UpdateChapter", { token, body }));
const replacePages = async (token: string, chapterId: number, n = 1) =>
  send(updateChapterRoute, formRequest("PUT /api/chapter/UpdateChapter", formOf({ chapterId, pages: await Promise.all(Array.from({ length: n }, () => pageJpeg(nextSeed()).then((b) => jpegPart(b)))) }), { token }));

describe("manga review", () => {
  it("pending → accepted: audited, the author told, visitors see it", async () => {
    const id = await submitManga(u.writer.token, "Accept Me");
    expect(await visitorSees(id)).toBeNull();
    const told = await toldDuring(u.writer.id, async () => {
      const res = await decideManga(u.root.token, id, 1, "Welcome");
      expect(res.body.data).toMatchObject({ id, status: 1, reviewNote: "Welcome" });
    });
    expect(told).toEqual([{ message: 'Your manga "Accept Me" was accepted.', type: NotificationType.Success }]);
    expect(await auditsOf("manga", id)).toContainEqual({ action: "manga.accept", actorId: u.root.id, details: { note: "Welcome", previousStatus: 0 } });
    expect(await visitorSees(id)).toEqual({ title: "Accept Me", chapters: [] });
  });

  it("pending → rejected needs a note: 422 with the field error (in Arabic with x-locale: ar), nothing changes; with a note the author is told it", async () => {
    const id = await submitManga(u.writer.token, "Reject Me");
    const before = await snapshot(db);
    const noNote = await decideManga(u.root.token, id, 2);
    expect(noNote.status).toBe(422);
    expect(noNote.body.data.errors?.note).toEqual([enTexts.approval.decision.reasonRequired]);
    const blank = await send(statusMangaRoute, jsonRequest("POST /api/manga/StatusManga", { token: u.root.token, body: { mangaId: id, status: 2, note: "   " } }));
    expect(blank.status).toBe(422);
    const ar = await send(statusMangaRoute, jsonRequest("POST /api/manga/StatusManga", { token: u.root.token, body: { mangaId: id, status: 2 }, headers: { "x-locale": "ar" } }));
    expect(ar.status).toBe(422);
    expect(ar.body.data.errors?.note).toEqual([arTexts.approval.decision.reasonRequired]);
    expect(ar.body.data.errors?.note?.[0]).toMatch(ARABIC);
    const tooLong = await decideManga(u.root.token, id, 2, "x".repeat(1001));
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.data.errors?.note).toBeDefined();
    expect(await snapshot(db)).toBe(before);

    const told = await toldDuring(u.writer.id, async () => expect((await decideManga(u.root.token, id, 2, "The cover is someone else's")).status).toBe(200));
    expect(told).toEqual([{ message: 'Your manga "Reject Me" was rejected: The cover is someone else\'s', type: NotificationType.Warning }]);
    expect(await mangaRow(id)).toMatchObject({ status: 2, reviewNote: "The cover is someone else's" });
    expect((await auditsOf("manga", id)).map((a) => a.action)).toContain("manga.reject");
  });

  it("rejected → edited by the owner → pending again (a resubmission; root told); root's own edit does not resubmit", async () => {
    const id = await submitManga(u.writer.token, "Try Again");
    await decideManga(u.root.token, id, 2, "Needs a better description");
    const byRoot = await updateManga(u.root.token, { id, title: "Try Again (root fixed a typo)" });
    expect(byRoot.body.data.status).toBe(2);
    const told = await toldDuring(u.root.id, async () => {
      const res = await send(updateMangaRoute, formRequest("PUT /api/manga/UpdateManga", formOf({ id, description: "A much better description.", coverImage: jpegPart(await coverJpeg(nextSeed())) }), { token: u.writer.token }));
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 0, description: "A much better description." });
    });
    expect(told).toEqual([{ message: 'New manga waiting for review: "Try Again (root fixed a typo)" by life_writer', type: NotificationType.Info }]);
    expect((await auditsOf("manga", id)).map((a) => a.action)).toEqual(["manga.submit", "manga.reject", "manga.update", "manga.resubmit"]);
  });

  it("an accepted manga's text edit stays live: still accepted, audited with before and after, root told", async () => {
    const id = await submitManga(u.writer.token, "Live Title");
    await decideManga(u.root.token, id, 1);
    const told = await toldDuring(u.root.id, async () => {
      const res = await updateManga(u.writer.token, { id, title: "Live Title, Corrected", description: "Better words", genres: ["Comedy"] });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 1, title: "Live Title, Corrected", genres: ["Comedy"] });
    });
    expect(told).toEqual([{ message: 'life_writer edited the accepted manga "Live Title, Corrected".', type: NotificationType.Info }]);
    const update = (await auditsOf("manga", id)).find((a) => a.action === "manga.update");
    expect(update).toMatchObject({
      actorId: u.writer.id,
      details: { before: { title: "Live Title", description: "About Live Title", status: 1 }, changes: { title: "Live Title, Corrected", description: "Better words", genres: ["Comedy"] } },
    });
    expect((await visitorSees(id))?.title).toBe("Live Title, Corrected");
  });

  it("publication status: ongoing unless the writer says otherwise, in any case; a bad value is the field's 422 in the caller's language", async () => {
    const ongoing = await submitManga(u.writer.token, "Still Going");
    expect((await db.select({ p: manga.publicationStatus }).from(manga).where(eq(manga.id, ongoing)))[0]?.p).toBe("ongoing");
    const form = async (publicationStatus: string) =>
      formOf({ title: "All Done", genres: ["Drama"], publicationStatus, coverImage: jpegPart(await coverJpeg(nextSeed())) });
    const done = await send(submitMangaRoute, formRequest("POST /api/manga/SubmitManga", await form("Completed"), { token: u.writer.token }));
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 0, publicationStatus: "completed" });
    const before = await snapshot(db);
    for (const [locale, texts] of [["en", enTexts], ["ar", arTexts]] as const) {
      const bad = await send(submitMangaRoute, formRequest("POST /api/manga/SubmitManga", await form("finished"), { token: u.writer.token, headers: { "x-locale": locale } }));
      expect(bad.status).toBe(422);
      expect(bad.body.data.errors?.publicationStatus).toEqual([texts.mangaForm.errors.publicationStatusInvalid]);
    }
    const badEdit = await updateManga(u.writer.token, { id: ongoing, publicationStatus: 3 });
    expect(badEdit.status).toBe(422);
    expect(badEdit.body.data.errors?.publicationStatus).toEqual([enTexts.mangaForm.errors.publicationStatusInvalid]);
    expect(await snapshot(db)).toBe(before);
  });

  it("an accepted manga's publication status alone: stays live, audited with before and after, root told, visitors see it", async () => {
    const id = await submitManga(u.writer.token, "Long Run");
    await decideManga(u.root.token, id, 1);
    const told = await toldDuring(u.root.id, async () => {
      const res = await updateManga(u.writer.token, { id, publicationStatus: "hiatus" });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 1, title: "Long Run", publicationStatus: "hiatus" });
    });
    expect(told).toEqual([{ message: 'life_writer edited the accepted manga "Long Run".', type: NotificationType.Info }]);
    const update = (await auditsOf("manga", id)).find((a) => a.action === "manga.update");
    expect(update).toMatchObject({ actorId: u.writer.id, details: { before: { title: "Long Run", status: 1, publicationStatus: "ongoing" }, changes: { publicationStatus: "hiatus" } } });
    const seen = await send(getMangaRoute, jsonRequest("GET /api/manga/GetMangaById", { query: `id=${id}&imageFormat=url` }));
    expect(seen.body.data.publicationStatus).toBe("hiatus");
    // Other edits leave it as it is.
    expect((await updateManga(u.writer.token, { id, title: "Long Run, Paused" })).body.data).toMatchObject({ publicationStatus: "hiatus" });
  });

  it("a save of the whole form records only what changed; a save that changes nothing writes nothing", async () => {
    const id = await submitManga(u.writer.token, "Whole Form");
    await decideManga(u.root.token, id, 1);
    const seen = (await send(getMangaRoute, jsonRequest("GET /api/manga/GetMangaById", { query: `id=${id}&imageFormat=url` }))).body.data;
    const [row] = await db.select({ readingDirection: manga.readingDirection, language: manga.language, updatedAt: manga.updatedAt }).from(manga).where(eq(manga.id, id));
    const form = { id, title: "Whole Form", description: seen.description, genres: [...(seen.genres as string[])].reverse(), readingDirection: row!.readingDirection, language: row!.language };
    const audits = async () => (await auditsOf("manga", id)).filter((a) => a.action === "manga.update");

    // Everything as stored (genres in another order): no audit row, no notice, the "updated" time unchanged.
    const told = await toldDuring(u.root.id, async () => expect((await updateManga(u.writer.token, { ...form, publicationStatus: "ongoing" })).status).toBe(200));
    expect(told).toEqual([]);
    expect(await audits()).toEqual([]);
    expect((await db.select({ updatedAt: manga.updatedAt }).from(manga).where(eq(manga.id, id)))[0]!.updatedAt).toEqual(row!.updatedAt);

    // One field changed among all of them: only it is recorded, with its value before.
    expect((await updateManga(u.writer.token, { ...form, publicationStatus: "completed" })).status).toBe(200);
    const [update] = await audits();
    expect(update!.details).toEqual({ before: { title: "Whole Form", description: seen.description, status: 1, publicationStatus: "ongoing" }, changes: { publicationStatus: "completed" } });
  });

  it("root may reverse a decision: accepted → rejected takes it off the catalogue, rejected → accepted brings it back", async () => {
    const id = await submitManga(u.writer.token, "Reversible");
    await decideManga(u.root.token, id, 1);
    expect(await visitorSees(id)).not.toBeNull();
    await decideManga(u.root.token, id, 2, "Reported as stolen");
    expect(await visitorSees(id)).toBeNull();
    await decideManga(u.root.token, id, 1, "Cleared");
    expect(await visitorSees(id)).not.toBeNull();
    expect((await auditsOf("manga", id)).map((a) => a.action)).toEqual(["manga.submit", "manga.accept", "manga.reject", "manga.accept"]);
  });

  it("an author whose language is Arabic is told in Arabic", async () => {
    const id = await submitManga(u.writerAr.token, "Arabic Author");
    const told = await toldDuring(u.writerAr.id, () => decideManga(u.root.token, id, 2, "سبب"));
    expect(told).toHaveLength(1);
    expect(told[0]?.message).toBe("تم رفض المانجا الخاصة بك «\u2068Arabic Author\u2069»: \u2068سبب\u2069");
  });
});

describe("chapter review", () => {
  let mangaId = 0;
  beforeAll(async () => {
    mangaId = await submitManga(u.writer.token, "Chapter Reviews");
    await decideManga(u.root.token, mangaId, 1);
  });

  it("pending → accepted: audited, the author told, public and counted", async () => {
    const id = await addChapter(u.writer.token, mangaId, "Accepted one", { seed: nextSeed() });
    expect((await visitorSees(mangaId))?.chapters).not.toContain(id);
    const told = await toldDuring(u.writer.id, async () => expect((await decideChapter(u.root.token, id, 1)).body.data).toMatchObject({ id, status: 1 }));
    expect(told).toEqual([{ message: 'Your chapter "Accepted one" of "Chapter Reviews" was accepted.', type: NotificationType.Success }]);
    expect((await auditsOf("chapter", id)).map((a) => a.action)).toEqual(["chapter.submit", "chapter.accept"]);
    expect((await visitorSees(mangaId))?.chapters).toContain(id);
    expect((await mangaRow(mangaId))?.chapterCount).toBe(1);
  });

  it("pending → rejected needs a note (422 field error, Arabic with x-locale: ar); with one the author is told it", async () => {
    const id = await addChapter(u.writer.token, mangaId, "Rejected one", { seed: nextSeed() });
    const before = await snapshot(db);
    const noNote = await decideChapter(u.root.token, id, 2);
    expect(noNote.status).toBe(422);
    expect(noNote.body.data.errors?.note).toEqual([enTexts.approval.decision.reasonRequired]);
    const ar = await send(statusChapterRoute, jsonRequest("POST /api/chapter/StatusChapter", { token: u.root.token, body: { chapterId: id, status: 2, note: "" }, headers: { "x-locale": "ar" } }));
    expect(ar.status).toBe(422);
    expect(ar.body.data.errors?.note).toEqual([arTexts.approval.decision.reasonRequired]);
    expect(ar.body.message).toMatch(ARABIC);
    expect(await snapshot(db)).toBe(before);

    const told = await toldDuring(u.writer.id, () => decideChapter(u.root.token, id, 2, "Page 3 is upside down"));
    expect(told).toEqual([{ message: 'Your chapter "Rejected one" of "Chapter Reviews" was rejected: Page 3 is upside down', type: NotificationType.Warning }]);
    expect(await chapterRow(id)).toMatchObject({ status: 2, reviewNote: "Page 3 is upside down" });
  });

  it("rejected → edited (UpdateChapter) → pending: a resubmission, audited, root told", async () => {
    const byTitle = await addChapter(u.writer.token, mangaId, "Fix my title", { seed: nextSeed() });
    await decideChapter(u.root.token, byTitle, 2, "Title has a typo");
    const told = await toldDuring(u.root.id, async () => expect((await updateChapter(u.writer.token, { chapterId: byTitle, title: "Fixed title" })).body.data).toMatchObject({ status: 0, title: "Fixed title" }));
    expect(told).toEqual([{ message: 'New chapter waiting for review: "Fixed title" of "Chapter Reviews" by life_writer', type: NotificationType.Info }]);
    expect((await auditsOf("chapter", byTitle)).map((a) => a.action)).toEqual(["chapter.submit", "chapter.reject", "chapter.resubmit"]);

    const byPages = await addChapter(u.writer.token, mangaId, "Fix my pages", { seed: nextSeed() });
    await decideChapter(u.root.token, byPages, 2, "Blurry");
    const res = await replacePages(u.writer.token, byPages, 2);
    expect(res.body.data).toMatchObject({ status: 0, pageCount: 2 });
  });

  it("an accepted chapter: a title edit stays live; new pages from an untrusted writer send it back to review; root's do not", async () => {
    const id = await addChapter(u.writer.token, mangaId, "Live chapter", { seed: nextSeed() });
    await decideChapter(u.root.token, id, 1);
    const count = (await mangaRow(mangaId))!.chapterCount;
    expect((await updateChapter(u.writer.token, { chapterId: id, title: "Live chapter (renamed)" })).body.data).toMatchObject({ status: 1 });
    expect((await visitorSees(mangaId))?.chapters).toContain(id);

    const byRoot = await replacePages(u.root.token, id);
    expect(byRoot.body.data).toMatchObject({ status: 1 });
    const told = await toldDuring(u.root.id, async () => expect((await replacePages(u.writer.token, id, 2)).body.data).toMatchObject({ status: 0, pageCount: 2 }));
    expect(told.map((t) => t.message)).toEqual(['New chapter waiting for review: "Live chapter (renamed)" of "Chapter Reviews" by life_writer']);
    expect((await visitorSees(mangaId))?.chapters).not.toContain(id);
    expect((await mangaRow(mangaId))?.chapterCount).toBe(count - 1);
  });

  it("root may reverse a chapter decision: accepted → rejected leaves the catalogue and the count", async () => {
    const id = await addChapter(u.writer.token, mangaId, "Reversed chapter", { seed: nextSeed() });
    await decideChapter(u.root.token, id, 1);
    const count = (await mangaRow(mangaId))!.chapterCount;
    await decideChapter(u.root.token, id, 2, "Reported");
    expect((await mangaRow(mangaId))?.chapterCount).toBe(count - 1);
    expect((await visitorSees(mangaId))?.chapters).not.toContain(id);
  });
});

describe("trusted writers", () => {
  it("an image chapter of their accepted manga is accepted on upload (chapter.auto-accept); new pages keep it accepted", async () => {
    const mangaId = await submitManga(u.trusted.token, "Trusted Images");
    await decideManga(u.root.token, mangaId, 1);
    await db.insert(favorites).values({ userId: u.fan.id, mangaId });
    let id = 0;
    const fanTold = await toldDuring(u.fan.id, async () => {
      id = await addChapter(u.trusted.token, mangaId, "Straight in", { seed: nextSeed() });
    });
    expect(await chapterRow(id)).toMatchObject({ status: 1 });
    expect(await auditsOf("chapter", id)).toEqual([expect.objectContaining({ action: "chapter.auto-accept", actorId: u.trusted.id })]);
    expect(fanTold).toEqual([{ message: 'New chapter of "Trusted Images": Straight in', type: NotificationType.Info }]);
    expect((await visitorSees(mangaId))?.chapters).toEqual([id]);
    expect((await replacePages(u.trusted.token, id)).body.data).toMatchObject({ status: 1 });
  });

  it("their first manga is still reviewed, and so are chapters of a manga not yet accepted", async () => {
    const mangaId = await submitManga(u.trusted.token, "Trusted Pending");
    expect((await mangaRow(mangaId))?.status).toBe(0);
    const id = await addChapter(u.trusted.token, mangaId, "Waits", { seed: nextSeed() });
    expect((await chapterRow(id))?.status).toBe(0);
  });
});

describe("notifications of new chapters", () => {
  it("accepting two chapters together (chapterIds) tells each favouriter once, in their language; banned favouriters are not told", async () => {
    const mangaId = await submitManga(u.writer.token, "Favourite Saga");
    await decideManga(u.root.token, mangaId, 1);
    await db.insert(favorites).values([u.fan, u.fanAr, u.fanBanned].map((f) => ({ userId: f.id, mangaId })));
    const a = await addChapter(u.writer.token, mangaId, "Part A", { seed: nextSeed() });
    const b = await addChapter(u.writer.token, mangaId, "Part B", { seed: nextSeed() });
    const ids = [u.fan.id, u.fanAr.id, u.fanBanned.id, u.writer.id];
    const before = Object.fromEntries(await Promise.all(ids.map(async (id) => [id, (await inbox(id)).length] as const)));
    const res = await send(statusChapterRoute, jsonRequest("POST /api/chapter/StatusChapter", { token: u.root.token, body: { chapterIds: [a, b], status: 1 } }));
    expect(res.status).toBe(200);
    expect((res.body.data as unknown as Array<{ id: number; status: number }>).map((c) => [c.id, c.status]).sort()).toEqual([[a, 1], [b, 1]].sort());
    const news = async (id: number) => (await inbox(id)).slice(before[id]).map((n) => n.message);
    expect(await news(u.fan.id)).toEqual(['2 new chapters of "Favourite Saga"']);
    expect(await news(u.fanAr.id)).toEqual(["فصلان جديدان من «\u2068Favourite Saga\u2069»"]);
    expect(await news(u.fanBanned.id)).toEqual([]);
    expect(await news(u.writer.id)).toEqual(['Your chapter "Part A" of "Favourite Saga" was accepted.', 'Your chapter "Part B" of "Favourite Saga" was accepted.']);
    expect((await mangaRow(mangaId))?.chapterCount).toBe(2);

    // Deciding again (or rejecting and re-accepting) does not announce them twice.
    await decideChapter(u.root.token, a, 2, "Oops");
    await decideChapter(u.root.token, a, 1);
    expect(await news(u.fan.id)).toHaveLength(1);

    // One chapter later: one more notification, naming it.
    const c = await addChapter(u.writer.token, mangaId, "Part C", { seed: nextSeed() });
    await decideChapter(u.root.token, c, 1);
    expect(await news(u.fan.id)).toEqual(['2 new chapters of "Favourite Saga"', 'New chapter of "Favourite Saga": Part C']);
    expect((await news(u.fanAr.id))[1]).toBe("فصل جديد من «\u2068Favourite Saga\u2069»: \u2068Part C\u2069");
  });

  it("a rejected chapter tells no favouriter", async () => {
    const mangaId = await submitManga(u.writer.token, "Quiet Saga");
    await decideManga(u.root.token, mangaId, 1);
    await db.insert(favorites).values({ userId: u.fan.id, mangaId });
    const id = await addChapter(u.writer.token, mangaId, "Nope", { seed: nextSeed() });
    expect(await toldDuring(u.fan.id, () => decideChapter(u.root.token, id, 2, "No"))).toEqual([]);
  });
});

describe("delete", () => {
  const mediaExists = async (ids: readonly string[]) => (ids.length === 0 ? [] : (await db.select({ id: media.id }).from(media).where(inArray(media.id, [...ids]))).map((m) => m.id));
  const mediaCount = async () => Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from media`)).rows[0]?.n);
  const coverIdsOf = async (mangaId: number) => {
    const [row] = await db.select({ cover: manga.coverImageId, banner: manga.bannerImageId }).from(manga).where(eq(manga.id, mangaId));
    const ids = [row!.cover!, row!.banner!];
    const variants = await db.select({ id: mediaVariants.mediaId }).from(mediaVariants).where(inArray(mediaVariants.sourceId, ids));
    return [...new Set([...ids, ...variants.map((v) => v.id)])];
  };

  it("DeleteManga (?mangaId= in the query) removes chapters, pages, favourites and unused media; a cover another manga uses stays", async () => {
    const shared = await coverJpeg(77);
    const doomed = await submitManga(u.writer.token, "Doomed", { cover: shared });
    const keeper = await submitManga(u.other.token, "Keeper", { cover: shared });
    await decideManga(u.root.token, doomed, 1);
    const c1 = await addChapter(u.writer.token, doomed, "D1", { pages: 2, seed: nextSeed() });
    const c2 = await addChapter(u.writer.token, doomed, "D2", { pages: 1, seed: nextSeed() + 10 });
    await db.insert(favorites).values([{ userId: u.fan.id, mangaId: doomed }, { userId: u.fanAr.id, mangaId: doomed }, { userId: u.fan.id, mangaId: keeper }]);
    const pageMedia = [...new Set([...(await pageMediaIds(db, c1)), ...(await pageMediaIds(db, c2))])];
    expect(pageMedia.length).toBeGreaterThanOrEqual(3);
    const coverMedia = await coverIdsOf(doomed);
    expect(await coverIdsOf(keeper)).toEqual(expect.arrayContaining(coverMedia.slice(0, 2)));
    const before = await mediaCount();

    const res = await send(deleteMangaRoute, jsonRequest("DELETE /api/manga/DeleteManga", { token: u.writer.token, query: `mangaId=${doomed}` }));
    expect(res).toMatchObject({ status: 200, body: { data: { mangaId: doomed } } });
    expect(await db.select().from(manga).where(eq(manga.id, doomed))).toEqual([]);
    expect(await db.select().from(chapters).where(eq(chapters.mangaId, doomed))).toEqual([]);
    expect(await db.select().from(chapterPages).where(inArray(chapterPages.chapterId, [c1, c2]))).toEqual([]);
    expect(await db.select().from(favorites).where(eq(favorites.mangaId, doomed))).toEqual([]);
    expect(await db.select({ m: favorites.mangaId }).from(favorites).where(eq(favorites.mangaId, keeper))).toHaveLength(1);
    expect(await mediaExists(pageMedia)).toEqual([]);
    expect((await mediaExists(coverMedia)).sort()).toEqual([...coverMedia].sort());
    expect(await mediaCount()).toBe(before - pageMedia.length);
    expect(await visitorSees(doomed)).toBeNull();
    expect((await auditsOf("manga", doomed)).map((a) => a.action)).toContain("manga.delete");

    // Root deletes the keeper: now its cover, banner and their widths go too.
    const keeperMedia = await coverIdsOf(keeper);
    expect((await send(deleteMangaRoute, jsonRequest("DELETE /api/manga/DeleteManga", { token: u.root.token, body: { mangaId: keeper } }))).status).toBe(200);
    expect(await mediaExists(keeperMedia)).toEqual([]);
    expect(await db.select().from(favorites).where(eq(favorites.mangaId, keeper))).toEqual([]);
  });

  it("DeleteChapter (?chapterId= in the query) renumbers the rest and removes its pages' media", async () => {
    const mangaId = await submitManga(u.writer.token, "Renumbered");
    await decideManga(u.root.token, mangaId, 1);
    const [a, b, c] = [
      await addChapter(u.writer.token, mangaId, "One", { seed: nextSeed() }),
      await addChapter(u.writer.token, mangaId, "Two", { seed: nextSeed() }),
      await addChapter(u.writer.token, mangaId, "Three", { seed: nextSeed() }),
    ];
    await send(statusChapterRoute, jsonRequest("POST /api/chapter/StatusChapter", { token: u.root.token, body: { chapterIds: [a, b, c], status: 1 } }));
    expect((await mangaRow(mangaId))?.chapterCount).toBe(3);
    const bMedia = await pageMediaIds(db, b);
    const res = await send(deleteChapterRoute, jsonRequest("DELETE /api/chapter/DeleteChapter", { token: u.writer.token, query: `chapterId=${b}` }));
    expect(res).toMatchObject({ status: 200, body: { data: { chapterId: b } } });
    const rows = await db.select({ id: chapters.id, number: chapters.number }).from(chapters).where(eq(chapters.mangaId, mangaId)).orderBy(asc(chapters.number));
    expect(rows).toEqual([{ id: a, number: 1 }, { id: c, number: 2 }]);
    expect(await mediaExists(bMedia)).toEqual([]);
    expect((await mangaRow(mangaId))?.chapterCount).toBe(2);
    expect((await visitorSees(mangaId))?.chapters).toEqual([a, c]);
  });
});

describe("concurrent writes", () => {
  it("chapters submitted at the same time get distinct numbers in one manga", async () => {
    const mangaId = await submitManga(u.writer.token, "Crowded");
    const answers = await Promise.all([1, 2, 3].map((i) => submitChapter(u.writer.token, mangaId, `Same time ${i}`, { seed: nextSeed() + i })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.data.number as number).sort()).toEqual([1, 2, 3]);
  });

  it("a page image two manga share (same bytes) stays when one of them is deleted", async () => {
    const a = await submitManga(u.writer.token, "Shares pages A");
    const b = await submitManga(u.other.token, "Shares pages B");
    const ca = await addChapter(u.writer.token, a, "Same page", { seed: 999 });
    const cb = await addChapter(u.other.token, b, "Same page", { seed: 999 });
    const shared = await pageMediaIds(db, cb);
    expect(await pageMediaIds(db, ca)).toEqual(shared);
    expect((await send(deleteMangaRoute, jsonRequest("DELETE /api/manga/DeleteManga", { token: u.writer.token, body: { mangaId: a } }))).status).toBe(200);
    expect((await db.select({ id: media.id }).from(media).where(inArray(media.id, shared))).length).toBe(new Set(shared).size);
  });
});

describe("UpdateChapter number (reading order)", () => {
  it("moves a chapter and shifts the others: [1,2,3] → move 3 to 1 → [3,1,2]; past the end clamps to last", async () => {
    const mangaId = await submitManga(u.writer.token, "Reordered");
    const [a, b, c] = [
      await addChapter(u.writer.token, mangaId, "A", { seed: nextSeed() }),
      await addChapter(u.writer.token, mangaId, "B", { seed: nextSeed() }),
      await addChapter(u.writer.token, mangaId, "C", { seed: nextSeed() }),
    ];
    const order = async () => (await db.select({ id: chapters.id, number: chapters.number }).from(chapters).where(eq(chapters.mangaId, mangaId)).orderBy(asc(chapters.number))).map((r) => [r.id, r.number]);
    const moved = await updateChapter(u.writer.token, { chapterId: c, number: 1 });
    expect(moved.body.data).toMatchObject({ id: c, number: 1 });
    expect(await order()).toEqual([[c, 1], [a, 2], [b, 3]]);
    await updateChapter(u.root.token, { chapterId: c, number: 99 });
    expect(await order()).toEqual([[a, 1], [b, 2], [c, 3]]);
    // Multipart works too, and `number` 0 is refused.
    await send(updateChapterRoute, formRequest("PUT /api/chapter/UpdateChapter", formOf({ chapterId: a, number: 2 }), { token: u.writer.token }));
    expect(await order()).toEqual([[b, 1], [a, 2], [c, 3]]);
    const bad = await updateChapter(u.writer.token, { chapterId: a, number: 0 });
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors?.number).toBeDefined();
    expect(await order()).toEqual([[b, 1], [a, 2], [c, 3]]);
  });
});
