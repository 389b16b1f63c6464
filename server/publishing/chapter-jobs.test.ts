import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { auditLog, chapterJobs, chapterPages, chapters, favorites, notifications, users } from "@/db/schema";
import { NotificationType, Role } from "@/lib/enums";
import { PUT as updateChapterRoute } from "@/app/api/chapter/UpdateChapter/route";
import { DELETE as deleteChapterRoute } from "@/app/api/chapter/DeleteChapter/route";
import { DELETE as deleteMangaRoute } from "@/app/api/manga/DeleteManga/route";
import { brokenSecondPagePdf, photoPdf } from "@/tests/fixtures/pdfs";
import { mangaGeneration } from "@/server/manga/changed";
import { MAX_ATTEMPTS, runChapterJobs } from "./chapter-jobs";
import { addChapter, decideChapter, decideManga, formOf, formRequest, jpegPart, jsonRequest, makeUsers, pageJpeg, pdfPart, send, submitChapter, submitManga } from "@/tests/fixtures/publishing-kit";

/**
 * Background PDF processing (ADR 013): a PDF chapter is stored with a job and `processing: 1`; the job runner renders
 * it; a job whose process died is taken again; one that keeps failing fails the chapter; a PDF whose page cannot be
 * rendered fails the chapter with the error code; a deleted chapter takes its waiting job with it; a trusted writer's
 * PDF chapter is accepted when its pages are ready.
 */
let db: Db;
let u: Awaited<ReturnType<typeof accounts>>;
let mangaId = 0;
let smallPdf: Uint8Array;
let twoPagePdf: Uint8Array;

const accounts = (d: Db) =>
  makeUsers(d, "job", { writer: { role: Role.writer }, trusted: { role: Role.writer }, root: { role: Role.root }, fan: { role: Role.reader } });

beforeAll(async () => {
  db = await getDb();
  u = await accounts(db);
  mangaId = await submitManga(u.writer.token, "Job Saga");
  smallPdf = await photoPdf({ pages: 1, width: 200, height: 300, grain: 0 });
  twoPagePdf = await photoPdf({ pages: 2, width: 200, height: 300, grain: 0 });
});

const run = () => runChapterJobs({ db, pageTimeoutMs: 60_000 });
const chapterRow = async (id: number) =>
  (await db.select({ status: chapters.status, processing: chapters.processing, processingError: chapters.processingError, pageCount: chapters.pageCount }).from(chapters).where(eq(chapters.id, id)))[0];
const jobOf = async (chapterId: number) => (await db.select().from(chapterJobs).where(eq(chapterJobs.chapterId, chapterId)))[0];
const pageCountOf = async (chapterId: number) => (await db.select({ n: chapterPages.pageNumber }).from(chapterPages).where(eq(chapterPages.chapterId, chapterId))).length;
const messagesOf = async (userId: number) => (await db.select({ message: notifications.message, type: notifications.type }).from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id));

async function pdfChapter(title: string, pdf: Uint8Array = smallPdf, token = u.writer.token, inManga = mangaId): Promise<number> {
  const res = await submitChapter(token, inManga, title, { pdf });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data).toMatchObject({ processing: 1, processingError: null, status: 0 });
  return res.body.data.id as number;
}

/** As if the process that claimed the job died `minutesAgo` minutes ago, after `attempts` tries. */
async function abandon(chapterId: number, attempts: number, minutesAgo = 10, by = "dead-process") {
  await db
    .update(chapterJobs)
    .set({ lockedAt: sql`now() - make_interval(mins => ${minutesAgo})`, lockedBy: by, attempts })
    .where(eq(chapterJobs.chapterId, chapterId));
}

describe("a PDF chapter is rendered in the background", () => {
  it("answers at once with processing 1 and a job; the runner renders it, the author and root are told", async () => {
    const rootBefore = (await messagesOf(u.root.id)).length;
    const res = await submitChapter(u.writer.token, mangaId, "Rendered", { pdf: twoPagePdf });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 0, processing: 1, pageCount: 2 });
    const chapterId = res.body.data.id as number;
    expect(await jobOf(chapterId)).toMatchObject({ attempts: 0, lockedAt: null, lockedBy: null, acceptWhenReady: false });
    expect(await pageCountOf(chapterId)).toBe(0);
    // Root hears about a PDF chapter when its pages are ready, not before; it cannot be decided while processing.
    expect(await messagesOf(u.root.id)).toHaveLength(rootBefore);
    expect((await decideChapter(u.root.token, chapterId, 1)).status).toBe(409);

    expect(await run()).toBe(1);
    expect(await chapterRow(chapterId)).toEqual({ status: 0, processing: 0, processingError: null, pageCount: 2 });
    expect(await pageCountOf(chapterId)).toBe(2);
    expect(await jobOf(chapterId)).toBeUndefined();
    expect((await messagesOf(u.writer.id)).map((m) => m.message)).toContain('The pages of "Rendered" (Job Saga) are ready.');
    const rootNew = (await messagesOf(u.root.id)).slice(rootBefore);
    expect(rootNew.map((m) => m.message)).toEqual(['New chapter waiting for review: "Rendered" of "Job Saga" by job_writer']);
    expect(await run()).toBe(0);
  });

  it("a process restart mid-job: a job held by a live process is left alone; one whose process died is taken again and finished", async () => {
    const chapterId = await pdfChapter("Restarted");
    // Claimed a moment ago by a process that is still working: not ours to take.
    await abandon(chapterId, 1, 0, "live-process");
    expect(await run()).toBe(0);
    expect(await chapterRow(chapterId)).toMatchObject({ processing: 1 });
    // Its lock is ten minutes old: the process died mid-job.
    await abandon(chapterId, 1, 10);
    expect(await run()).toBe(1);
    expect(await chapterRow(chapterId)).toEqual({ status: 0, processing: 0, processingError: null, pageCount: 1 });
    expect(await pageCountOf(chapterId)).toBe(1);
    expect(await jobOf(chapterId)).toBeUndefined();
  });

  it(`a job that killed its process ${MAX_ATTEMPTS} times fails the chapter: processing 2, the reason kept, the author told`, async () => {
    const chapterId = await pdfChapter("Cursed");
    await abandon(chapterId, MAX_ATTEMPTS);
    const before = (await messagesOf(u.writer.id)).length;
    expect(await run()).toBe(1);
    expect(await chapterRow(chapterId)).toEqual({ status: 0, processing: 2, processingError: "TOO_COMPLEX", pageCount: 1 });
    expect(await jobOf(chapterId)).toBeUndefined();
    expect(await pageCountOf(chapterId)).toBe(0);
    const told = (await messagesOf(u.writer.id)).slice(before);
    expect(told).toEqual([{ message: 'The pages of "Cursed" (Job Saga) could not be processed: a page is too complex to prepare', type: NotificationType.Error }]);
    const [audited] = await db.select({ action: auditLog.action, details: auditLog.details }).from(auditLog).where(and(eq(auditLog.action, "chapter.processing-failed"), eq(auditLog.targetId, String(chapterId))));
    expect(audited?.details).toMatchObject({ code: "TOO_COMPLEX" });
    // A failed chapter cannot be accepted; it may be rejected; new pages bring it back.
    expect((await decideChapter(u.root.token, chapterId, 1)).status).toBe(409);
    const fixed = await send(
      updateChapterRoute,
      formRequest("PUT /api/chapter/UpdateChapter", formOf({ chapterId, pages: [jpegPart(await pageJpeg(5))] }), { token: u.writer.token }),
    );
    expect(fixed.status).toBe(200);
    expect(fixed.body.data).toMatchObject({ processing: 0, processingError: null, pageCount: 1 });
  });

  it("a job under the attempt cap whose process died is retried, not failed", async () => {
    const chapterId = await pdfChapter("Second try");
    await abandon(chapterId, MAX_ATTEMPTS - 1);
    expect(await run()).toBe(1);
    expect(await chapterRow(chapterId)).toMatchObject({ processing: 0, processingError: null });
  });

  it.each(["missing-page", "tiny-page"] as const)("a PDF whose second page cannot be rendered (%s) fails the chapter with the error code, the job gone", async (kind) => {
    const res = await submitChapter(u.writer.token, mangaId, `Broken ${kind}`, { pdf: brokenSecondPagePdf(kind) });
    // Opening the document is fine (2 pages); only rendering shows the broken page.
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ processing: 1, pageCount: 2 });
    const chapterId = res.body.data.id as number;
    expect(await run()).toBe(1);
    expect(await chapterRow(chapterId)).toEqual({ status: 0, processing: 2, processingError: "MALFORMED", pageCount: 2 });
    expect(await jobOf(chapterId)).toBeUndefined();
    expect(await pageCountOf(chapterId)).toBe(0);
    const [last] = (await messagesOf(u.writer.id)).slice(-1);
    expect(last).toEqual({ message: `The pages of "Broken ${kind}" (Job Saga) could not be processed: the PDF is damaged or cannot be read`, type: NotificationType.Error });
  });

  it("deleting a chapter (or its manga) while its job waits removes the job", async () => {
    const chapterId = await pdfChapter("Deleted early");
    expect(await jobOf(chapterId)).toBeDefined();
    const del = await send(deleteChapterRoute, jsonRequest("DELETE /api/chapter/DeleteChapter", { token: u.writer.token, body: { chapterId } }));
    expect(del.status).toBe(200);
    expect(await jobOf(chapterId)).toBeUndefined();

    const other = await submitManga(u.writer.token, "Deleted saga");
    const waiting = await pdfChapter("Waits", smallPdf, u.writer.token, other);
    expect(await jobOf(waiting)).toBeDefined();
    expect((await send(deleteMangaRoute, jsonRequest("DELETE /api/manga/DeleteManga", { token: u.writer.token, query: `mangaId=${other}` }))).status).toBe(200);
    expect(await jobOf(waiting)).toBeUndefined();
    expect(await run()).toBe(0);
  });

  it("replacing a processing PDF with images drops the job; replacing it with another PDF restarts the job (a live claim is taken away)", async () => {
    const a = await pdfChapter("Replaced by images");
    const toImages = await send(updateChapterRoute, formRequest("PUT /api/chapter/UpdateChapter", formOf({ chapterId: a, pages: [jpegPart(await pageJpeg(6)), jpegPart(await pageJpeg(7))] }), { token: u.writer.token }));
    expect(toImages.body.data).toMatchObject({ processing: 0, pageCount: 2 });
    expect(await jobOf(a)).toBeUndefined();

    const b = await pdfChapter("Replaced by a PDF");
    await abandon(b, 1, 0, "live-process");
    const toPdf = await send(updateChapterRoute, formRequest("PUT /api/chapter/UpdateChapter", formOf({ chapterId: b, pdf: pdfPart(twoPagePdf) }), { token: u.writer.token }));
    // The old pages (and their count) stay until the job stores the new ones.
    expect(toPdf.body.data).toMatchObject({ processing: 1, pageCount: 1 });
    expect(await jobOf(b)).toMatchObject({ attempts: 0, lockedBy: null, lockedAt: null });
    expect(await run()).toBe(1);
    expect(await chapterRow(b)).toMatchObject({ processing: 0, pageCount: 2 });
    expect(await pageCountOf(b)).toBe(2);
  });
});

describe("a trusted writer's PDF chapter", () => {
  it("is accepted when its pages are ready (audited chapter.auto-accept, favouriters told once, root not asked to review)", async () => {
    await db.update(users).set({ trusted: true }).where(eq(users.id, u.trusted.id));
    const trustedManga = await submitManga(u.trusted.token, "Trusted Saga");
    // Until the manga is accepted, even a trusted writer's chapters wait for review.
    const early = await addChapter(u.trusted.token, trustedManga, "Before acceptance", { seed: 9 });
    expect((await chapterRow(early))?.status).toBe(0);
    expect((await decideManga(u.root.token, trustedManga, 1)).status).toBe(200);
    await db.insert(favorites).values({ userId: u.fan.id, mangaId: trustedManga });
    const rootBefore = (await messagesOf(u.root.id)).length;

    const chapterId = await pdfChapter("Trusted PDF", twoPagePdf, u.trusted.token, trustedManga);
    expect(await jobOf(chapterId)).toMatchObject({ acceptWhenReady: true });
    expect(await run()).toBe(1);
    expect(await chapterRow(chapterId)).toEqual({ status: 1, processing: 0, processingError: null, pageCount: 2 });
    const actions = await db.select({ action: auditLog.action, actorId: auditLog.actorId }).from(auditLog).where(eq(auditLog.targetId, String(chapterId)));
    expect(actions).toContainEqual({ action: "chapter.auto-accept", actorId: u.trusted.id });
    expect((await messagesOf(u.fan.id)).map((m) => m.message)).toEqual(['New chapter of "Trusted Saga": Trusted PDF']);
    expect(await messagesOf(u.root.id)).toHaveLength(rootBefore);
  });
});

describe("a trusted writer's PDF replacing an accepted chapter's pages", () => {
  it("keeps the chapter accepted and its old pages readable until the new ones are ready; root is not asked to review it", async () => {
    const trustedManga = (await db.select({ id: chapters.mangaId }).from(chapters).where(eq(chapters.title, "Trusted PDF")))[0]!.id;
    const chapterId = await addChapter(u.trusted.token, trustedManga, "Replaced live", { seed: 12 });
    expect(await chapterRow(chapterId)).toMatchObject({ status: 1, pageCount: 1 });
    const rootBefore = (await messagesOf(u.root.id)).length;
    const res = await send(updateChapterRoute, formRequest("PUT /api/chapter/UpdateChapter", formOf({ chapterId, pdf: pdfPart(twoPagePdf) }), { token: u.trusted.token }));
    expect(res.body.data).toMatchObject({ status: 1, processing: 1 });
    expect(await pageCountOf(chapterId)).toBe(1);
    const generation = mangaGeneration(trustedManga);
    expect(await run()).toBe(1);
    expect(await chapterRow(chapterId)).toEqual({ status: 1, processing: 0, processingError: null, pageCount: 2 });
    expect(await pageCountOf(chapterId)).toBe(2);
    expect(await messagesOf(u.root.id)).toHaveLength(rootBefore);
    // Its public pages are refreshed.
    expect(mangaGeneration(trustedManga)).toBeGreaterThan(generation);
  });
});

describe("several processes", () => {
  it("two runners draining at once render each job exactly once", async () => {
    const ids = [await pdfChapter("Race 1"), await pdfChapter("Race 2"), await pdfChapter("Race 3")];
    const [a, b] = await Promise.all([runChapterJobs({ db, workerId: "process-a", pageTimeoutMs: 60_000 }), runChapterJobs({ db, workerId: "process-b", pageTimeoutMs: 60_000 })]);
    expect(a + b).toBe(3);
    for (const id of ids) {
      expect(await chapterRow(id)).toMatchObject({ processing: 0, processingError: null, pageCount: 1 });
      expect(await pageCountOf(id)).toBe(1);
    }
    const ready = (await messagesOf(u.writer.id)).filter((m) => /^The pages of "Race \d"/.test(m.message));
    expect(ready).toHaveLength(3);
  });
});
