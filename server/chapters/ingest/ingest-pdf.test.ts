import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/db/client";
import { ChapterSource } from "@/lib/enums";
import { PDF_MAX_BYTES } from "@/lib/constants";
import { getMedia } from "@/server/media/get-media";
import { chapterRow, createChapter, mediaCount, pageRows } from "@/tests/fixtures/chapters";
import { meanColour, photo } from "@/tests/fixtures/images";
import {
  blankPagesPdf,
  brokenSecondPagePdf,
  encryptedPdf,
  garbagePdf,
  imageBombPdf,
  javascriptPdf,
  pageColour,
  paddedPdf,
  pageTreePdf,
  photoPdf,
  vectorPdf,
  zeroPagePdf,
  zeroPagePdfLib,
} from "@/tests/fixtures/pdfs";
import { buildPdfFromImages } from "./build-pdf";
import { IngestError, type IngestErrorCode } from "./errors";
import { ingestChapterImages } from "./ingest-images";
import { ingestChapterPdf } from "./ingest-pdf";
import { MAX_PDF_PAGES } from "./limits";
import { inspectPdf, rasterizePdf } from "./rasterize-pdf";

let db: Db;
beforeAll(async () => {
  db = await getDb();
});

async function stored(id: string | null | undefined): Promise<Buffer> {
  const file = id ? await getMedia(db, { id }) : null;
  if (!file) throw new Error(`media ${id} is missing`);
  expect(file.mime).toBe("image/jpeg");
  return file.bytes;
}

async function size(id: string | null | undefined): Promise<[number | undefined, number | undefined]> {
  const meta = await sharp(await stored(id)).metadata();
  expect(meta.format).toBe("jpeg");
  return [meta.width, meta.height];
}

function near(actual: readonly number[], expected: readonly number[], tolerance = 12): boolean {
  return actual.every((v, i) => Math.abs(v - (expected[i] ?? 0)) <= tolerance);
}

async function expectNothingStored(
  pdf: Uint8Array,
  code: IngestErrorCode,
  options: { pageNumber?: number; extra?: Partial<Parameters<typeof ingestChapterPdf>[0]> } = {},
): Promise<IngestError> {
  const chapterId = await createChapter(db);
  const before = await mediaCount(db);
  const err: unknown = await ingestChapterPdf({ db, chapterId, pdf, ...options.extra }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(IngestError);
  expect(err).toMatchObject({ code, pageNumber: options.pageNumber });
  expect(await pageRows(db, chapterId)).toHaveLength(0);
  expect(await mediaCount(db)).toBe(before);
  expect(await chapterRow(db, chapterId)).toMatchObject({ pageCount: 0, sourceType: ChapterSource.Images });
  return err as IngestError;
}

describe("ingestChapterPdf", () => {
  it("renders a PDF of photo pages once each at 1400 px, with 350/500/700 variants, in page order", async () => {
    const pdf = await photoPdf({ pages: 3, width: 1600, height: 1100, grain: 20, blur: 0 });
    const copy = Buffer.from(pdf);
    const chapterId = await createChapter(db);
    const result = await ingestChapterPdf({ db, chapterId, pdf });

    expect(Buffer.from(pdf)).toEqual(copy); // the caller's buffer is neither detached nor changed
    expect(result).toMatchObject({ chapterId, sourceType: ChapterSource.Pdf, pageCount: 3 });
    expect(await chapterRow(db, chapterId)).toMatchObject({ pageCount: 3, sourceType: ChapterSource.Pdf });
    const rows = await pageRows(db, chapterId);
    expect(rows.map((r) => [r.pageNumber, r.width, r.height])).toEqual([[1, 1400, 963], [2, 1400, 963], [3, 1400, 963]]);
    for (const [i, row] of rows.entries()) {
      const ids = [row.imageId, row.image350Id, row.image500Id, row.image700Id];
      expect(new Set(ids).size).toBe(4);
      expect(await Promise.all(ids.map(size))).toEqual([[1400, 963], [350, 241], [500, 344], [700, 482]]);
      expect(near(await meanColour(await stored(row.imageId)), pageColour(i))).toBe(true);
    }
  });

  it("renders vector pages (standard-font text, shapes, landscape and rotated pages)", async () => {
    const chapterId = await createChapter(db);
    await ingestChapterPdf({ db, chapterId, pdf: await vectorPdf() });
    const rows = await pageRows(db, chapterId);
    // A4 portrait 595x842 pt, landscape 842x595, portrait rotated by 90 degrees (shown landscape).
    expect(rows.map((r) => [r.width, r.height])).toEqual([[1400, 1981], [1400, 989], [1400, 989]]);
    const [red, green, blue] = await Promise.all(rows.map(async (r) => meanColour(await stored(r.imageId))));
    expect(red?.[0]).toBeGreaterThan(150); // mostly the red background, with white text and a blue disc
    expect(green?.[1]).toBeGreaterThan(150);
    expect(blue?.[2]).toBeGreaterThan(120);
    // The text was drawn (Helvetica comes from pdf.js's bundled standard fonts): white pixels exist at the top.
    const { data, info } = await sharp(await stored(rows[0]?.imageId)).extract({ left: 0, top: 0, width: 1400, height: 500 }).raw().toBuffer({ resolveWithObject: true });
    let white = 0;
    for (let p = 0; p < data.length; p += info.channels) if ((data[p] ?? 0) > 230 && (data[p + 1] ?? 0) > 230 && (data[p + 2] ?? 0) > 230) white++;
    expect(white).toBeGreaterThan(5_000);
  });

  it("replaces image pages with PDF pages", async () => {
    const chapterId = await createChapter(db);
    await ingestChapterImages({ db, chapterId, files: await Promise.all([1, 2, 3, 4].map((i) => photo({ width: 500, height: 700, colour: [40 * i, 80, 80] }))) });
    expect(await chapterRow(db, chapterId)).toMatchObject({ pageCount: 4, sourceType: ChapterSource.Images });
    await ingestChapterPdf({ db, chapterId, pdf: await photoPdf({ pages: 2, width: 400, height: 600, grain: 0 }) });
    expect(await chapterRow(db, chapterId)).toMatchObject({ pageCount: 2, sourceType: ChapterSource.Pdf });
    expect((await pageRows(db, chapterId)).map((r) => [r.pageNumber, r.width])).toEqual([[1, 1400], [2, 1400]]);
  });

  it("renders the same pages in-process as in worker threads", async () => {
    const pdf = await vectorPdf();
    const [inWorkers, inProcess] = await Promise.all([rasterizePdf({ pdf, concurrency: 2 }), rasterizePdf({ pdf, mode: "in-process" })]);
    expect(inProcess.map((p) => [p.reading.width, p.reading.height, p.w350.width])).toEqual(inWorkers.map((p) => [p.reading.width, p.reading.height, p.w350.width]));
    expect(inProcess.map((p) => p.reading.bytes.equals(inWorkers[inProcess.indexOf(p)]?.reading.bytes ?? Buffer.alloc(0)))).toEqual([true, true, true]);
  });

  it("never runs document JavaScript (OpenAction, page open action, names tree): the page is ingested as a picture", async () => {
    const marker = path.join(os.tmpdir(), `pdf-js-ran-${process.pid}-${Date.now()}`);
    const chapterId = await createChapter(db);
    const result = await ingestChapterPdf({ db, chapterId, pdf: await javascriptPdf(marker) });
    expect(result.pageCount).toBe(1);
    expect(fs.existsSync(marker)).toBe(false);
    expect((globalThis as { __pdfScriptRan?: boolean }).__pdfScriptRan).toBeUndefined();
    await expect(ingestChapterPdf({ db, chapterId, pdf: await javascriptPdf(marker), mode: "in-process" })).resolves.toMatchObject({ pageCount: 1 });
    expect(fs.existsSync(marker)).toBe(false);
    expect((globalThis as { __pdfScriptRan?: boolean }).__pdfScriptRan).toBeUndefined();
  });

  it("skips an embedded image that claims 60000 x 60000 pixels instead of decoding it", async () => {
    const chapterId = await createChapter(db);
    const result = await ingestChapterPdf({ db, chapterId, pdf: imageBombPdf() });
    expect(result.pages).toMatchObject([{ width: 1400, height: 1400 }]);
    expect(near(await meanColour(await stored(result.pages[0]?.imageId)), [255, 255, 255], 2)).toBe(true);
  });

  describe("rejects hostile or invalid input with a typed error and stores nothing", () => {
    it("wrong magic bytes", async () => {
      await expectNothingStored(await photo({ width: 300, height: 300, format: "png" }), "NOT_A_PDF");
      await expectNothingStored(Buffer.from("%PDX-1.7 almost a PDF"), "NOT_A_PDF");
      await expectNothingStored(Buffer.from(" %PDF-1.7 header not at the start"), "NOT_A_PDF");
    });

    it("an empty file", () => expectNothingStored(new Uint8Array(0), "EMPTY"));

    it("50 MB + 1 byte, checked before anything is parsed", async () => {
      const big = Buffer.alloc(PDF_MAX_BYTES + 1);
      big.write("%PDF-1.7\n", "latin1");
      await expectNothingStored(big, "TOO_LARGE");
    });

    it("exactly 50 MB is accepted", async () => {
      const chapterId = await createChapter(db);
      const result = await ingestChapterPdf({ db, chapterId, pdf: paddedPdf(PDF_MAX_BYTES) });
      expect(result.pages).toMatchObject([{ pageNumber: 1, width: 1400, height: 2100 }]);
    });

    it("an encrypted PDF", () => expectNothingStored(encryptedPdf(), "ENCRYPTED"));

    it("a PDF without pages (hand-written and from pdf-lib)", async () => {
      await expectNothingStored(zeroPagePdf(), "EMPTY");
      await expectNothingStored(await zeroPagePdfLib(), "EMPTY");
    });

    it("inspectPdf (the submit's check) looks the pages up: a /Count that promises a page over empty /Kids is EMPTY", async () => {
      await expect(inspectPdf(await pageTreePdf("lyingCount"))).rejects.toMatchObject({ code: "EMPTY" });
      await expect(inspectPdf(await pageTreePdf("countZeroWithKid"))).rejects.toMatchObject({ code: "EMPTY" });
      // A /Count above the pages held is read as the pages held (pdf.js counts them): two pages, not three.
      await expect(inspectPdf(await pageTreePdf("missingLastPage"))).resolves.toEqual({ pageCount: 2 });
      const started = performance.now();
      await expect(inspectPdf(await blankPagesPdf(MAX_PDF_PAGES))).resolves.toEqual({ pageCount: MAX_PDF_PAGES });
      expect(performance.now() - started).toBeLessThan(5_000);
    });

    it("garbage after the header, and a truncated PDF", async () => {
      await expectNothingStored(garbagePdf(), "MALFORMED");
      const whole = await vectorPdf();
      await expectNothingStored(whole.subarray(0, Math.floor(whole.byteLength / 2)), "MALFORMED");
    });

    it("a broken page after a good one: reported with its page number", async () => {
      await expectNothingStored(brokenSecondPagePdf("missing-page"), "MALFORMED", { pageNumber: 2 });
      await expectNothingStored(brokenSecondPagePdf("tiny-page"), "MALFORMED", { pageNumber: 2 });
      await expectNothingStored(brokenSecondPagePdf("tiny-page"), "MALFORMED", { pageNumber: 2, extra: { mode: "in-process" } });
    });

    it("more than 300 pages", () => blankPagesPdf(MAX_PDF_PAGES + 1).then((pdf) => expectNothingStored(pdf, "TOO_MANY_PAGES")));

    it("a page that takes too long: the worker is killed", async () => {
      const err = await expectNothingStored(await vectorPdf(), "TOO_COMPLEX", {
        extra: { pageTimeoutMs: 1 },
      });
      expect(err.message).toMatch(/too long/);
    });

    it("cancelled by its signal, before or while rendering; concurrent ingestions queue and both complete", async () => {
      // Colours no other test uses, so every stored image is new media.
      const pdf = await buildPdfFromImages(
        await Promise.all([0, 1, 2].map((i) => photo({ width: 300, height: 450, colour: [31 + i, 97, 151], grain: 0 }))),
      );
      const [a, b, c] = await Promise.all([createChapter(db), createChapter(db), createChapter(db)]);
      const before = await mediaCount(db);
      const results = await Promise.allSettled([
        ingestChapterPdf({ db, chapterId: a, pdf, signal: AbortSignal.abort() }),
        ingestChapterPdf({ db, chapterId: b, pdf, signal: AbortSignal.timeout(150) }),
        ingestChapterPdf({ db, chapterId: c, pdf }),
      ]);
      expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "fulfilled"]);
      expect(results.slice(0, 2).map((r) => (r.status === "rejected" ? (r.reason as Error).name : ""))).toEqual(["AbortError", "TimeoutError"]);
      expect((await pageRows(db, a)).length + (await pageRows(db, b)).length).toBe(0);
      expect(await pageRows(db, c)).toHaveLength(3);
      expect(await mediaCount(db)).toBe(before + 12);
      // and a second ingestion, queued behind nothing, still works
      await expect(ingestChapterPdf({ db, chapterId: b, pdf })).resolves.toMatchObject({ pageCount: 3 });
    });

    it("a chapter that does not exist", async () => {
      const before = await mediaCount(db);
      await expect(ingestChapterPdf({ db, chapterId: 2_000_000_000, pdf: await vectorPdf() })).rejects.toMatchObject({ code: "CHAPTER_NOT_FOUND" });
      expect(await mediaCount(db)).toBe(before);
    });
  });
});

describe("buildPdfFromImages", () => {
  it("makes one page per image, sized to the image, from JPEG, PNG and WebP", async () => {
    const images = await Promise.all([
      photo({ width: 640, height: 900, format: "jpeg" }),
      photo({ width: 500, height: 700, format: "png" }),
      photo({ width: 300, height: 200, format: "webp" }),
    ]);
    const pdf = await buildPdfFromImages(images);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPages().map((p) => [p.getWidth(), p.getHeight()])).toEqual([[640, 900], [500, 700], [300, 200]]);
    await expect(buildPdfFromImages([Buffer.from("not an image")])).rejects.toThrow(TypeError);
  });
});
