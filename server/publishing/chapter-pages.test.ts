import { beforeAll, describe, expect, it } from "vitest";
import { asc, eq, inArray } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { chapterPages, chapters, media } from "@/db/schema";
import { Role } from "@/lib/enums";
import { PUT as updateChapterRoute } from "@/app/api/chapter/UpdateChapter/route";
import { MAX_IMAGE_PAGES } from "@/server/chapters/ingest/limits";
import { apiMessage } from "@/server/core/messages";
import {
  addChapter,
  ARABIC,
  decideChapter,
  decideManga,
  formOf,
  formRequest,
  jpegPart,
  jsonRequest,
  makeUsers,
  pageJpeg,
  send,
  snapshot,
  submitChapter,
  submitManga,
  type Answer,
} from "@/tests/fixtures/publishing-kit";

/**
 * Fixing a chapter's pages in place (issue 31 item 5, ADR 013 "Fixing pages in place"): UpdateChapter's `pageOrder`
 * reorders, replaces, inserts and removes pages, reusing kept pages' stored images, removing media no longer used,
 * keeping the chapter's id and views, and sending an accepted chapter back to review as new pages do.
 */
let db: Db;
let u: Awaited<ReturnType<typeof accounts>>;
let mangaId = 0;
let seed = 7300;
const nextSeed = () => (seed += 10);

const accounts = (d: Db) => makeUsers(d, "pgs", { writer: { role: Role.writer }, trusted: { role: Role.writer, trusted: true }, other: { role: Role.writer }, root: { role: Role.root } });

beforeAll(async () => {
  db = await getDb();
  u = await accounts(db);
  mangaId = await submitManga(u.writer.token, "Pages In Place");
  await decideManga(u.root.token, mangaId, 1);
});

type Entry = { page: number } | { file: number };

async function arrange(token: string, chapterId: number, order: Entry[], files: Uint8Array[] = [], opts: { locale?: string; raw?: string } = {}): Promise<Answer> {
  const form = formOf({ chapterId, pageOrder: opts.raw ?? JSON.stringify(order), pages: files.map((b, i) => jpegPart(b, `new${i}.jpg`)) });
  return send(updateChapterRoute, formRequest("PUT /api/chapter/UpdateChapter", form, { token, headers: opts.locale ? { "accept-language": opts.locale } : undefined }));
}

/** The chapter's page rows in reading order (reading image id per page). */
async function pageImages(chapterId: number): Promise<string[]> {
  const rows = await db.select({ imageId: chapterPages.imageId }).from(chapterPages).where(eq(chapterPages.chapterId, chapterId)).orderBy(asc(chapterPages.pageNumber));
  return rows.map((r) => r.imageId);
}

async function chapterRow(id: number) {
  const [row] = await db.select().from(chapters).where(eq(chapters.id, id));
  return row!;
}

async function existing(ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return (await db.select({ id: media.id }).from(media).where(inArray(media.id, ids))).map((r) => r.id);
}

describe("UpdateChapter pageOrder", () => {
  it("reorders pages without re-encoding them and keeps the chapter's id and views", async () => {
    const id = await addChapter(u.writer.token, mangaId, "Reorder", { pages: 3, seed: nextSeed() });
    await db.update(chapters).set({ views: 42 }).where(eq(chapters.id, id));
    const [a, b, c] = await pageImages(id);
    const mediaBefore = (await db.select({ id: media.id }).from(media)).length;
    const res = await arrange(u.writer.token, id, [{ page: 3 }, { page: 1 }, { page: 2 }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id, pageCount: 3, views: 42 });
    expect(await pageImages(id)).toEqual([c, a, b]);
    expect((await db.select({ id: media.id }).from(media)).length).toBe(mediaBefore);
    expect(await chapterRow(id)).toMatchObject({ views: 42, pageCount: 3 });
  });

  it("replaces one page, inserts a new one and removes another; media no longer used are removed", async () => {
    const id = await addChapter(u.writer.token, mangaId, "Fix", { pages: 4, seed: nextSeed() });
    const before = await pageImages(id);
    const [rows2, rows4] = await Promise.all([2, 4].map((n) => db.select().from(chapterPages).where(eq(chapterPages.chapterId, id)).then((r) => r.find((p) => p.pageNumber === n)!)));
    const gone = [rows2!, rows4!].flatMap((r) => [r.imageId, r.image350Id, r.image500Id, r.image700Id]).filter((x): x is string => !!x);
    const s = nextSeed();
    // Page 2 replaced by file 0, file 1 inserted after page 3, page 4 removed.
    const res = await arrange(u.writer.token, id, [{ page: 1 }, { file: 0 }, { page: 3 }, { file: 1 }], [await pageJpeg(s), await pageJpeg(s + 1)]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ pageCount: 4 });
    const after = await pageImages(id);
    expect(after[0]).toBe(before[0]);
    expect(after[2]).toBe(before[2]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[3]).not.toBe(before[3]);
    expect(new Set(after).size).toBe(4);
    expect(await existing(gone)).toEqual([]);
    expect((await existing(after)).sort()).toEqual([...after].sort());
  });

  it("removes pages down to one", async () => {
    const id = await addChapter(u.writer.token, mangaId, "Shorter", { pages: 3, seed: nextSeed() });
    const [, b] = await pageImages(id);
    const res = await arrange(u.writer.token, id, [{ page: 2 }]);
    expect(res.status).toBe(200);
    expect(await pageImages(id)).toEqual([b]);
    expect((await chapterRow(id)).pageCount).toBe(1);
  });

  it("refuses a page the chapter does not have, with the envelope in the request's language, and changes nothing", async () => {
    const id = await addChapter(u.writer.token, mangaId, "Guarded", { pages: 2, seed: nextSeed() });
    const before = await snapshot(db);
    const res = await arrange(u.writer.token, id, [{ page: 1 }, { page: 3 }], [], { locale: "ar" });
    expect(res.status).toBe(422);
    expect(res.body.statusCode).toBe(422);
    expect(res.body.data.errors?.pageOrder).toEqual([apiMessage("ar", "pageOrderForeignPage")]);
    expect(res.body.data.errors?.pageOrder?.[0]).toMatch(ARABIC);
    expect(await snapshot(db)).toBe(before);
  });

  it("refuses malformed lists before any work: duplicates, non-numbers, empty, too long, unplaced or missing files, a PDF", async () => {
    const id = await addChapter(u.writer.token, mangaId, "Caps", { pages: 2, seed: nextSeed() });
    const before = await snapshot(db);
    const file = await pageJpeg(seed + 5);
    const cases: Array<[Entry[] | string, Uint8Array[]]> = [
      [[{ page: 1 }, { page: 1 }], []],
      ['[{"page":"1"}]', []],
      ['[{"page":1.5}]', []],
      ['[{"page":1,"file":0}]', []],
      ["[]", []],
      ["not json", []],
      [Array.from({ length: MAX_IMAGE_PAGES + 1 }, (_, i) => ({ page: i + 1 })), []],
      [[{ page: 1 }], [file]],
      [[{ page: 1 }, { file: 0 }, { file: 0 }], [file]],
      [[{ page: 1 }, { file: 1 }], [file]],
    ];
    for (const [order, files] of cases) {
      const res = await arrange(u.writer.token, id, typeof order === "string" ? [] : order, files, typeof order === "string" ? { raw: order } : {});
      expect(res.status, JSON.stringify(order).slice(0, 60)).toBe(422);
      expect(res.body.data.errors?.pageOrder).toEqual([apiMessage("en", "pageOrderInvalid", { max: MAX_IMAGE_PAGES })]);
    }
    expect(await snapshot(db)).toBe(before);
  });

  it("refuses another writer's chapter as not found", async () => {
    const id = await addChapter(u.writer.token, mangaId, "Mine", { pages: 2, seed: nextSeed() });
    const before = await snapshot(db);
    expect((await arrange(u.other.token, id, [{ page: 2 }, { page: 1 }])).status).toBe(404);
    expect(await snapshot(db)).toBe(before);
  });

  it("works with a JSON body too (no files)", async () => {
    const id = await addChapter(u.writer.token, mangaId, "Json", { pages: 2, seed: nextSeed() });
    const [a, b] = await pageImages(id);
    const res = await send(updateChapterRoute, jsonRequest("PUT /api/chapter/UpdateChapter", { token: u.writer.token, body: { chapterId: id, pageOrder: [{ page: 2 }, { page: 1 }] } }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await pageImages(id)).toEqual([b, a]);
  });

  it("an accepted chapter goes back to review on any page change by an untrusted writer (a reorder too), not on root's or a trusted writer's", async () => {
    const id = await addChapter(u.writer.token, mangaId, "Reviewed", { pages: 3, seed: nextSeed() });
    await decideChapter(u.root.token, id, 1);
    // The same order is no change.
    expect((await arrange(u.writer.token, id, [{ page: 1 }, { page: 2 }, { page: 3 }])).body.data).toMatchObject({ status: 1 });
    expect((await arrange(u.root.token, id, [{ page: 2 }, { page: 1 }, { page: 3 }])).body.data).toMatchObject({ status: 1 });
    const announced = (await chapterRow(id)).announcedAt;
    expect(announced).toBeInstanceOf(Date);
    expect((await arrange(u.writer.token, id, [{ page: 2 }, { page: 1 }, { page: 3 }])).body.data).toMatchObject({ status: 0 });
    // Accepted again: still the chapter released before, not a new one (no second announcement, same release time).
    await decideChapter(u.root.token, id, 1);
    expect(await chapterRow(id)).toMatchObject({ status: 1, announcedAt: announced });

    const trustedManga = await submitManga(u.trusted.token, "Trusted Pages");
    await decideManga(u.root.token, trustedManga, 1);
    const t = await addChapter(u.trusted.token, trustedManga, "Trusted", { pages: 2, seed: nextSeed() });
    expect((await chapterRow(t)).status).toBe(1);
    expect((await arrange(u.trusted.token, t, [{ page: 2 }], [])).body.data).toMatchObject({ status: 1, pageCount: 1 });
  });

  it("a PDF chapter's pages are not rearranged", async () => {
    const id = await addChapter(u.writer.token, mangaId, "Pdfish", { pages: 2, seed: nextSeed() });
    await db.update(chapters).set({ sourceType: 1 }).where(eq(chapters.id, id));
    const res = await arrange(u.writer.token, id, [{ page: 2 }, { page: 1 }]);
    expect(res.status).toBe(422);
    expect(res.body.data.errors?.pageOrder).toEqual([apiMessage("en", "pageOrderImagesOnly")]);
  });

  it("without pageOrder, uploaded pages still replace them all (existing callers)", async () => {
    const res = await submitChapter(u.writer.token, mangaId, "Whole", { pages: 2, seed: nextSeed() });
    const id = res.body.data.id as number;
    const form = formOf({ chapterId: id, pages: [jpegPart(await pageJpeg(nextSeed()))] });
    const r = await send(updateChapterRoute, formRequest("PUT /api/chapter/UpdateChapter", form, { token: u.writer.token }));
    expect(r.body.data).toMatchObject({ pageCount: 1 });
  });
});
