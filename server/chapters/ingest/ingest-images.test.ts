import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/db/client";
import { chapterPages } from "@/db/schema";
import { ChapterSource } from "@/lib/enums";
import { getMedia } from "@/server/media/get-media";
import { IMAGE_MAX_BYTES } from "@/server/media/process-image";
import { chapterRow, createChapter, mediaCount, pageRows } from "@/tests/fixtures/chapters";
import { meanColour, photo, pngPixelBomb } from "@/tests/fixtures/images";
import { IngestError, type IngestErrorCode } from "./errors";
import { getPageShapes } from "../pages";
import { ingestChapterImages } from "./ingest-images";
import { MAX_IMAGE_PAGES } from "./limits";

let db: Db;
beforeAll(async () => {
  db = await getDb();
});

async function widthOf(id: string | null): Promise<number | undefined> {
  if (!id) return undefined;
  const file = await getMedia(db, { id });
  expect(file?.mime).toBe("image/jpeg");
  expect(file?.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  return file ? (await sharp(file.bytes).metadata()).width : undefined;
}

function near(actual: readonly number[], expected: readonly number[], tolerance = 10): boolean {
  return actual.every((v, i) => Math.abs(v - (expected[i] ?? 0)) <= tolerance);
}

/** Runs an ingestion that must fail: checks the error code and page, and that nothing at all was written. */
async function expectNothingStored(
  run: (chapterId: number) => Promise<unknown>,
  code: IngestErrorCode,
  pageNumber?: number,
): Promise<void> {
  const chapterId = await createChapter(db);
  const before = await mediaCount(db);
  const err: unknown = await run(chapterId).then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(IngestError);
  expect(err).toMatchObject({ code, pageNumber });
  expect(await pageRows(db, chapterId)).toHaveLength(0);
  expect(await mediaCount(db)).toBe(before);
  expect(await chapterRow(db, chapterId)).toMatchObject({ pageCount: 0 });
}

describe("ingestChapterImages", () => {
  it("stores JPEG, PNG, WebP and GIF pages in order, at reading width plus 350/500/700 variants", async () => {
    const colours: Array<[number, number, number]> = [[200, 60, 60], [60, 200, 60], [60, 60, 200], [200, 200, 60]];
    const files = await Promise.all([
      photo({ width: 1600, height: 2240, colour: colours[0], format: "jpeg" }),
      photo({ width: 1000, height: 1400, colour: colours[1], format: "png" }),
      photo({ width: 1500, height: 1000, colour: colours[2], format: "webp" }),
      photo({ width: 800, height: 1100, colour: colours[3], grain: 0, format: "gif" }),
    ]);
    const chapterId = await createChapter(db);
    const result = await ingestChapterImages({ db, chapterId, files });

    expect(result).toMatchObject({ chapterId, sourceType: ChapterSource.Images, pageCount: 4 });
    expect(await chapterRow(db, chapterId)).toMatchObject({ pageCount: 4, sourceType: ChapterSource.Images });
    const rows = await pageRows(db, chapterId);
    expect(rows.map((r) => r.pageNumber)).toEqual([1, 2, 3, 4]);
    expect(rows.map((r) => [r.width, r.height])).toEqual([[1400, 1960], [1000, 1400], [1400, 933], [800, 1100]]);
    // Issue 32: the page wider than tall is stored as a spread, and the reader gets every page's shape up front.
    expect(rows.map((r) => r.spread)).toEqual([false, false, true, false]);
    expect(await getPageShapes({ db, chapterId })).toEqual({ sizes: [[1400, 1960], [1000, 1400], [1400, 933], [800, 1100]], spreads: [3] });
    // Pages stored before the column existed get it from their stored size (migration 0023's backfill).
    await db.update(chapterPages).set({ spread: false }).where(eq(chapterPages.chapterId, chapterId));
    const backfill = readFileSync("db/migrations/0023_page_spread.sql", "utf8").split("--> statement-breakpoint")[1] ?? "";
    expect(backfill).toMatch(/^\s*UPDATE "chapter_pages"/);
    await db.execute(sql.raw(backfill));
    expect((await pageRows(db, chapterId)).map((r) => r.spread)).toEqual([false, false, true, false]);
    for (const [i, row] of rows.entries()) {
      const ids = [row.imageId, row.image350Id, row.image500Id, row.image700Id];
      expect(new Set(ids).size).toBe(4); // four distinct media per page
      expect(await Promise.all(ids.map(widthOf))).toEqual([row.width, 350, 500, 700]);
      const stored = await getMedia(db, { id: row.imageId });
      expect(near(await meanColour(stored?.bytes ?? Buffer.alloc(0)), colours[i] ?? [])).toBe(true);
    }
  });

  it("never enlarges a small image and replaces earlier pages on re-ingestion", async () => {
    const chapterId = await createChapter(db);
    await ingestChapterImages({
      db,
      chapterId,
      files: await Promise.all([0, 1, 2].map((i) => photo({ width: 400, height: 500, colour: [50 + i * 60, 90, 90] }))),
    });
    expect(await pageRows(db, chapterId)).toHaveLength(3);

    const small = await photo({ width: 600, height: 900, colour: [90, 90, 180], format: "png" });
    const result = await ingestChapterImages({ db, chapterId, files: [small] });
    expect(result.pageCount).toBe(1);
    const rows = await pageRows(db, chapterId);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ pageNumber: 1, width: 600, height: 900 });
    // 700 is wider than the image: that variant is the unenlarged image itself (the same content, the same id).
    expect(row?.image700Id).toBe(row?.imageId);
    expect(await widthOf(row?.image500Id ?? null)).toBe(500);
    expect(await widthOf(row?.image350Id ?? null)).toBe(350);
    expect(await chapterRow(db, chapterId)).toMatchObject({ pageCount: 1, sourceType: ChapterSource.Images });
  });

  describe("rejects hostile or invalid input with a typed error and stores nothing", () => {
    it("no images", () => expectNothingStored((chapterId) => ingestChapterImages({ db, chapterId, files: [] }), "EMPTY"));

    it("more than 200 pages", async () => {
      const tiny = await photo({ width: 8, height: 8 });
      const files = Array.from({ length: MAX_IMAGE_PAGES + 1 }, () => tiny);
      await expectNothingStored((chapterId) => ingestChapterImages({ db, chapterId, files }), "TOO_MANY_PAGES");
    });

    it("wrong magic bytes (a PDF, a text file, an SVG) whatever the rest of the batch", async () => {
      const good = await photo({ width: 400, height: 600 });
      for (const bad of [
        Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\n"),
        Buffer.from("just some text, named page.jpg"),
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
        Buffer.alloc(0),
      ]) {
        await expectNothingStored((chapterId) => ingestChapterImages({ db, chapterId, files: [good, bad, good] }), "UNSUPPORTED_IMAGE", 2);
      }
    });

    it("an image over 15 MB", async () => {
      const huge = Buffer.alloc(IMAGE_MAX_BYTES + 1);
      huge.set([0xff, 0xd8, 0xff, 0xe0]);
      const good = await photo({ width: 400, height: 600 });
      await expectNothingStored((chapterId) => ingestChapterImages({ db, chapterId, files: [good, huge] }), "TOO_LARGE", 2);
    });

    it("pixel bombs: PNG headers claiming 100000 x 100000 and 8000 x 8000 pixels", async () => {
      const good = await Promise.all([1, 2].map((i) => photo({ width: 400, height: 500, colour: [100, 100 + i * 40, 100] })));
      for (const bomb of [pngPixelBomb(100_000, 100_000), pngPixelBomb(8_000, 8_000)]) {
        expect(bomb.byteLength).toBeLessThan(4096);
        await expectNothingStored(
          (chapterId) => ingestChapterImages({ db, chapterId, files: [...good, bomb] }),
          "TOO_MANY_PIXELS",
          3,
        );
      }
    });

    it("a truncated JPEG", async () => {
      const whole = await photo({ width: 800, height: 1000 });
      const truncated = whole.subarray(0, Math.floor(whole.byteLength / 2));
      await expectNothingStored((chapterId) => ingestChapterImages({ db, chapterId, files: [whole, truncated] }), "CORRUPT_IMAGE", 2);
    });

    it("a chapter that does not exist", async () => {
      const before = await mediaCount(db);
      const files = [await photo({ width: 400, height: 600 })];
      await expect(ingestChapterImages({ db, chapterId: 2_000_000_000, files })).rejects.toMatchObject({ code: "CHAPTER_NOT_FOUND" });
      expect(await mediaCount(db)).toBe(before);
    });
  });
});
