import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { crc32, deflateRawSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { chapterJobs, chapterPages, chapters, manga, media } from "@/db/schema";
import { Role } from "@/lib/enums";
import { POST as submitMangaRoute } from "@/app/api/manga/SubmitManga/route";
import { PUT as updateMangaRoute } from "@/app/api/manga/UpdateManga/route";
import { POST as submitChapterRoute } from "@/app/api/chapter/SubmitChapter/route";
import { PUT as updateChapterRoute } from "@/app/api/chapter/UpdateChapter/route";
import { apiMessage } from "@/server/core/messages";
import { meanColour, photo, pngPixelBomb } from "@/tests/fixtures/images";
import { encryptedPdf, garbagePdf, javascriptPdf, paddedPdf, pageTreePdf, photoPdf, zeroPagePdf, zeroPagePdfLib } from "@/tests/fixtures/pdfs";
import { hugeDeclaredZip, overlappingZipBomb } from "@/server/chapters/ingest/testing/zip-payloads";
import { runChapterJobs } from "./chapter-jobs";
import { addChapter, ARABIC, coverJpeg, filePart, formOf, formRequest, jpegPart, makeUsers, pageJpeg, pdfPart, send, snapshot, submitManga, type Answer, type FilePart } from "@/tests/fixtures/publishing-kit";

/**
 * Hostile and unusual uploads through SubmitChapter, UpdateChapter, SubmitManga and UpdateManga (issue 13 "Tests",
 * ADR 013 "Limits"): every refused upload answers the envelope in the request's language and stores nothing (no
 * chapter, no media, no job, no audit or notification); a PDF with JavaScript is rendered as a picture; webtoon
 * strips are cut into pages and a zip of pages is read in natural name order.
 */
let db: Db;
let u: Awaited<ReturnType<typeof accounts>>;
let mangaId = 0;

const accounts = (d: Db) => makeUsers(d, "upl", { writer: { role: Role.writer }, root: { role: Role.root } });

beforeAll(async () => {
  db = await getDb();
  u = await accounts(db);
  mangaId = await submitManga(u.writer.token, "Upload Target");
});

const TEXT = Buffer.from("This is a plain text file that only pretends to be a picture.\n".repeat(40));
const textAsJpeg = () => filePart(TEXT, "image/jpeg", "holiday.jpg");

async function submit(parts: { pages?: FilePart[]; pdf?: FilePart }, headers?: Record<string, string>): Promise<Answer> {
  const form = formOf({ mangaId, title: "Hostile", pages: parts.pages, pdf: parts.pdf });
  return send(submitChapterRoute, formRequest("POST /api/chapter/SubmitChapter", form, { token: u.writer.token, headers }));
}

/** Runs the call and checks it was refused with `status` (and `code`) and that the database did not change at all. */
async function refusedWithoutTrace(call: () => Promise<Answer>, status: number, code?: string): Promise<Answer> {
  const before = await snapshot(db);
  const res = await call();
  expect(res.status, JSON.stringify(res.body).slice(0, 400)).toBe(status);
  expect(res.body.statusCode).toBe(status);
  if (code) expect(res.body.data.code).toBe(code);
  expect(typeof res.body.message).toBe("string");
  expect(await snapshot(db)).toBe(before);
  return res;
}

/** A zip archive (stored or deflated entries) written by hand: local headers, central directory, end record. */
function zipOf(entries: ReadonlyArray<{ name: string; data: Uint8Array; deflate?: boolean }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const body = entry.deflate ? deflateRawSync(entry.data) : Buffer.from(entry.data);
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(entry.data.byteLength, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(entry.data.byteLength, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
const zipPart = (bytes: Uint8Array) => filePart(bytes, "application/zip", "pages.zip");

async function pagesOf(chapterId: number) {
  return db
    .select({ pageNumber: chapterPages.pageNumber, width: chapterPages.width, height: chapterPages.height, imageId: chapterPages.imageId })
    .from(chapterPages)
    .where(eq(chapterPages.chapterId, chapterId))
    .orderBy(asc(chapterPages.pageNumber));
}

async function dominantChannels(chapterId: number): Promise<number[]> {
  const out: number[] = [];
  for (const p of await pagesOf(chapterId)) {
    const [row] = await db.select({ bytes: media.bytes }).from(media).where(eq(media.id, p.imageId));
    const c = await meanColour(new Uint8Array(row!.bytes!));
    out.push(c.indexOf(Math.max(...c)));
  }
  return out;
}

describe("hostile chapter uploads change nothing", () => {
  it("a text file renamed .jpg as a page: 422 not an image, on page 1", async () => {
    const res = await refusedWithoutTrace(() => submit({ pages: [textAsJpeg()] }), 422, "UNSUPPORTED_IMAGE");
    expect(res.body.data.pageNumber).toBe(1);
    expect(res.body.message).toBe(apiMessage("en", "onPage", { page: 1, message: apiMessage("en", "notAnImage") }));
    // Among good pages it names the page.
    const mixed = await refusedWithoutTrace(async () => submit({ pages: [jpegPart(await pageJpeg(1)), jpegPart(await pageJpeg(2)), textAsJpeg()] }), 422, "UNSUPPORTED_IMAGE");
    expect(mixed.body.data.pageNumber).toBe(3);
  });

  it("a PDF of 50 MB + 1 byte: 413", async () => {
    const res = await refusedWithoutTrace(() => submit({ pdf: pdfPart(paddedPdf(50 * 1024 * 1024 + 1)) }), 413, "TOO_LARGE");
    expect(res.body.message).toContain("50");
  });

  it("a PNG decompression bomb (10000 × 10000 px in a few hundred bytes): 422, also as a very tall strip", async () => {
    const bomb = pngPixelBomb(10_000, 10_000);
    expect(bomb.byteLength).toBeLessThan(2000);
    await refusedWithoutTrace(() => submit({ pages: [filePart(bomb, "image/png", "bomb.png")] }), 422, "TOO_MANY_PIXELS");
    // Taller than 3× its width, so a webtoon strip: it must not be cut (decoded) but refused the same way.
    await refusedWithoutTrace(() => submit({ pages: [filePart(pngPixelBomb(2000, 60_000), "image/png", "strip.png")] }), 422, "TOO_MANY_PIXELS");
  });

  it("an encrypted PDF: 422 with the encrypted message, in Arabic when the request asks for it", async () => {
    const en = await refusedWithoutTrace(() => submit({ pdf: pdfPart(encryptedPdf()) }), 422, "ENCRYPTED");
    expect(en.body.message).toBe(apiMessage("en", "pdfEncrypted"));
    const ar = await refusedWithoutTrace(() => submit({ pdf: pdfPart(encryptedPdf()) }, { "x-locale": "ar" }), 422, "ENCRYPTED");
    expect(ar.body.message).toBe(apiMessage("ar", "pdfEncrypted"));
    expect(ar.body.message).toMatch(ARABIC);
    // The same PDF sent as the only `pages` file counts as the PDF.
    await refusedWithoutTrace(() => submit({ pages: [pdfPart(encryptedPdf())] }), 422, "ENCRYPTED");
  });

  it("a PDF without pages: 422 (hand-written and pdf-lib's)", async () => {
    const a = await refusedWithoutTrace(() => submit({ pdf: pdfPart(zeroPagePdf()) }), 422);
    expect(a.body.message).toBe(apiMessage("en", "uploadEmpty"));
    await refusedWithoutTrace(async () => submit({ pdf: pdfPart(await zeroPagePdfLib()) }), 422);
  });

  it("a PDF whose page tree has no page, whatever its /Count says: 422 EMPTY in the submit's own answer (issue 27 item 12)", async () => {
    for (const pdf of [await zeroPagePdfLib(), await pageTreePdf("lyingCount"), await pageTreePdf("countZeroWithKid")]) {
      const en = await refusedWithoutTrace(() => submit({ pdf: pdfPart(pdf) }), 422, "EMPTY");
      expect(en.body.message).toBe(apiMessage("en", "uploadEmpty"));
      const ar = await refusedWithoutTrace(() => submit({ pages: [pdfPart(pdf)] }, { "x-locale": "ar" }), 422, "EMPTY");
      expect(ar.body.message).toBe(apiMessage("ar", "uploadEmpty"));
    }
    const chapterId = await addChapter(u.writer.token, mangaId, "Keeps its pages too", { pages: 1, seed: 22 });
    const put = async () =>
      send(updateChapterRoute, formRequest("PUT /api/chapter/UpdateChapter", formOf({ chapterId, pdf: pdfPart(await pageTreePdf("lyingCount")) }), { token: u.writer.token }));
    await refusedWithoutTrace(put, 422, "EMPTY");
  });

  it("garbage after a %PDF- header: 422 malformed; a text file sent as the pdf: 422", async () => {
    const res = await refusedWithoutTrace(() => submit({ pdf: pdfPart(garbagePdf()) }), 422, "MALFORMED");
    expect(res.body.message).toBe(apiMessage("en", "pdfMalformed"));
    await refusedWithoutTrace(() => submit({ pdf: filePart(TEXT, "application/pdf", "c.pdf") }), 422, "NOT_A_PDF");
  });

  it("pages and a pdf together: 422 with the field error", async () => {
    const res = await refusedWithoutTrace(async () => submit({ pages: [jpegPart(await pageJpeg(1))], pdf: pdfPart(await photoPdf({ pages: 1, width: 100, height: 150 })) }), 422);
    expect(res.body.data.errors?.pages).toEqual([apiMessage("en", "uploadOneKind")]);
  });

  it("no files at all: 422 with the field error", async () => {
    const res = await refusedWithoutTrace(() => submit({}), 422);
    expect(res.body.data.errors?.pages).toEqual([apiMessage("en", "uploadEmpty")]);
  });

  it("201 pages: 422 too many pages, stating the cap of 200 (in Arabic too)", async () => {
    const tiny = jpegPart(await photo({ width: 50, height: 70, grain: 0 }));
    const pages = Array.from({ length: 201 }, () => tiny);
    const res = await refusedWithoutTrace(() => submit({ pages }), 422, "TOO_MANY_PAGES");
    expect(res.body.message).toBe(apiMessage("en", "tooManyPages", { max: 200 }));
    const ar = await refusedWithoutTrace(() => submit({ pages }, { "x-locale": "ar" }), 422, "TOO_MANY_PAGES");
    expect(ar.body.message).toBe(apiMessage("ar", "tooManyPages", { max: 200 }));
  });

  it("hostile zips: a zip bomb entry (413), a text file inside (422), a broken archive (422)", async () => {
    const bomb = zipOf([{ name: "p1.jpg", data: Buffer.alloc(20 * 1024 * 1024), deflate: true }]);
    expect(bomb.byteLength).toBeLessThan(100_000);
    await refusedWithoutTrace(() => submit({ pages: [zipPart(bomb)] }), 413, "TOO_LARGE");
    await refusedWithoutTrace(async () => submit({ pages: [zipPart(zipOf([{ name: "p1.jpg", data: await pageJpeg(3) }, { name: "p2.jpg", data: TEXT }]))] }), 422, "UNSUPPORTED_IMAGE");
    const cut = zipOf([{ name: "p1.jpg", data: await pageJpeg(3) }]);
    await refusedWithoutTrace(() => submit({ pages: [zipPart(cut.subarray(0, cut.length - 30))] }), 422);
  });

  it("the issue 27 zip bomb (26 KB, 200 entries on one deflated 15 MB block): a quick 422 in both languages, also as a replacement", async () => {
    const bomb = overlappingZipBomb();
    const started = performance.now();
    const res = await refusedWithoutTrace(() => submit({ pages: [zipPart(bomb)] }), 422, "ARCHIVE_INVALID");
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(res.body.message).toBe(apiMessage("en", "archiveInvalid"));
    const ar = await refusedWithoutTrace(() => submit({ pages: [zipPart(bomb)] }, { "x-locale": "ar" }), 422, "ARCHIVE_INVALID");
    expect(ar.body.message).toBe(apiMessage("ar", "archiveInvalid"));
    await refusedWithoutTrace(() => submit({ pages: [zipPart(hugeDeclaredZip())] }), 422, "ARCHIVE_TOO_LARGE");
    const chapterId = await addChapter(u.writer.token, mangaId, "Bomb target", { pages: 1, seed: 21 });
    const put = () => send(updateChapterRoute, formRequest("PUT /api/chapter/UpdateChapter", formOf({ chapterId, pages: [zipPart(bomb)] }), { token: u.writer.token }));
    await refusedWithoutTrace(put, 422, "ARCHIVE_INVALID");
  });

  it("a hostile replacement in UpdateChapter keeps the chapter and its pages as they were", async () => {
    const chapterId = await addChapter(u.writer.token, mangaId, "Keeps its pages", { pages: 2, seed: 20 });
    const put = (parts: { pages?: FilePart[]; pdf?: FilePart }, headers?: Record<string, string>) =>
      send(updateChapterRoute, formRequest("PUT /api/chapter/UpdateChapter", formOf({ chapterId, title: "Changed?", ...parts }), { token: u.writer.token, headers }));
    await refusedWithoutTrace(() => put({ pages: [textAsJpeg()] }), 422, "UNSUPPORTED_IMAGE");
    await refusedWithoutTrace(() => put({ pdf: pdfPart(encryptedPdf()) }), 422, "ENCRYPTED");
    await refusedWithoutTrace(() => put({ pages: [filePart(pngPixelBomb(10_000, 10_000), "image/png", "b.png")] }, { "x-locale": "ar" }), 422, "TOO_MANY_PIXELS");
    const [row] = await db.select({ title: chapters.title, pageCount: chapters.pageCount }).from(chapters).where(eq(chapters.id, chapterId));
    expect(row).toEqual({ title: "Keeps its pages", pageCount: 2 });
  });
});

describe("hostile covers change nothing", () => {
  const newManga = (cover: FilePart, headers?: Record<string, string>) =>
    send(submitMangaRoute, formRequest("POST /api/manga/SubmitManga", formOf({ title: "Bad cover", genres: "Action", coverImage: cover }), { token: u.writer.token, headers }));

  it("a text file renamed .jpg as coverImage: 422 not an image (SubmitManga and UpdateManga)", async () => {
    const res = await refusedWithoutTrace(() => newManga(textAsJpeg()), 422, "UNSUPPORTED_TYPE");
    expect(res.body.message).toBe(apiMessage("en", "notAnImage"));
    const ar = await refusedWithoutTrace(() => newManga(textAsJpeg(), { "x-locale": "ar" }), 422, "UNSUPPORTED_TYPE");
    expect(ar.body.message).toBe(apiMessage("ar", "notAnImage"));
    await refusedWithoutTrace(
      () => send(updateMangaRoute, formRequest("PUT /api/manga/UpdateManga", formOf({ id: mangaId, title: "Renamed?", coverImage: textAsJpeg() }), { token: u.writer.token })),
      422,
      "UNSUPPORTED_TYPE",
    );
    // As base64 text too.
    await refusedWithoutTrace(
      () => send(submitMangaRoute, formRequest("POST /api/manga/SubmitManga", formOf({ title: "B64", genres: "Action", coverImage: TEXT.toString("base64") }), { token: u.writer.token })),
      422,
    );
  });

  it("a cover over 15 MB is a 413; a request over the 24 MB cap is a 413 before the cover is looked at", async () => {
    const big = Buffer.concat([await coverJpeg(4), Buffer.alloc(16 * 1024 * 1024)]);
    await refusedWithoutTrace(() => newManga(filePart(big, "image/jpeg", "big.jpg")), 413, "TOO_LARGE");
    await refusedWithoutTrace(() => newManga(filePart(Buffer.alloc(25 * 1024 * 1024, 1), "image/jpeg", "huge.jpg")), 413);
  });

  it("a pixel bomb as coverImage: 422 too many pixels", async () => {
    await refusedWithoutTrace(() => newManga(filePart(pngPixelBomb(10_000, 10_000), "image/png", "c.png")), 422, "TOO_MANY_PIXELS");
  });

  it("the manga is unchanged after the refused cover updates", async () => {
    const [row] = await db.select({ title: manga.title }).from(manga).where(eq(manga.id, mangaId));
    expect(row?.title).toBe("Upload Target");
    // And a good cover still works.
    const ok = await send(updateMangaRoute, formRequest("PUT /api/manga/UpdateManga", formOf({ id: mangaId, coverImage: jpegPart(await coverJpeg(3)) }), { token: u.writer.token }));
    expect(ok.status).toBe(200);
  });
});

describe("a PDF with JavaScript", () => {
  it("is accepted and rendered as a picture, its scripts never run", async () => {
    const marker = path.join(os.tmpdir(), `publishing-pdf-js-${process.pid}-${Date.now()}`);
    const res = await submit({ pdf: pdfPart(await javascriptPdf(marker)) });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 0, processing: 1, pageCount: 1 });
    const chapterId = res.body.data.id as number;
    expect(await runChapterJobs({ db, pageTimeoutMs: 60_000 })).toBe(1);
    const [row] = await db.select({ processing: chapters.processing, processingError: chapters.processingError, pageCount: chapters.pageCount }).from(chapters).where(eq(chapters.id, chapterId));
    expect(row).toEqual({ processing: 0, processingError: null, pageCount: 1 });
    expect(await pagesOf(chapterId)).toHaveLength(1);
    expect(await db.select().from(chapterJobs)).toEqual([]);
    expect(fs.existsSync(marker)).toBe(false);
    expect((globalThis as { __pdfScriptRan?: boolean }).__pdfScriptRan).toBeUndefined();
  });
});

describe("webtoon strips and zips of pages", () => {
  it("an image of 600 × 3000 uploaded as one page becomes three pages of 600 × 1000", async () => {
    const strip = await photo({ width: 600, height: 3000, grain: 6 });
    const res = await submit({ pages: [jpegPart(strip, "strip.jpg")] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ pageCount: 3, processing: 0 });
    expect((await pagesOf(res.body.data.id as number)).map((p) => [p.pageNumber, p.width, p.height])).toEqual([[1, 600, 1000], [2, 600, 1000], [3, 600, 1000]]);
  });

  it("a strip between ordinary pages keeps the reading order (1 + 3 + 1 pages)", async () => {
    const strip = await photo({ width: 300, height: 1500, colour: [40, 200, 40], grain: 0 });
    const red = await photo({ width: 200, height: 300, colour: [200, 40, 40], grain: 0 });
    const blue = await photo({ width: 200, height: 300, colour: [40, 40, 200], grain: 0 });
    const res = await submit({ pages: [jpegPart(red), jpegPart(strip), jpegPart(blue)] });
    expect(res.status).toBe(200);
    expect(res.body.data.pageCount).toBe(5);
    expect(await dominantChannels(res.body.data.id as number)).toEqual([0, 1, 1, 1, 2]);
  });

  it("an image exactly 3× as tall as it is wide is not cut", async () => {
    const res = await submit({ pages: [jpegPart(await photo({ width: 100, height: 300, grain: 0 }))] });
    expect(res.body.data.pageCount).toBe(1);
  });

  it("a zip of three images becomes three pages in natural name order (p2 before p10), hidden entries skipped", async () => {
    const red = await photo({ width: 200, height: 300, colour: [200, 40, 40], grain: 0 });
    const green = await photo({ width: 200, height: 300, colour: [40, 200, 40], grain: 0, format: "png" });
    const blue = await photo({ width: 200, height: 300, colour: [40, 40, 200], grain: 0 });
    const zip = zipOf([
      { name: "chapter/p10.jpg", data: blue, deflate: true },
      { name: "chapter/p2.png", data: green },
      { name: "chapter/", data: new Uint8Array(0) },
      { name: "__MACOSX/chapter/._p1.jpg", data: TEXT },
      { name: "chapter/.DS_Store", data: TEXT },
      { name: "chapter/p1.jpg", data: red, deflate: true },
    ]);
    const res = await submit({ pages: [zipPart(zip)] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ pageCount: 3, processing: 0 });
    expect(await dominantChannels(res.body.data.id as number)).toEqual([0, 1, 2]);
  });
});

describe("input checks (422 with field errors, nothing stored)", () => {
  const json = (key: string, body: unknown, headers?: Record<string, string>) => {
    const [method, url] = key.split(" ");
    return new Request(`http://localhost${url}`, { method, headers: { authorization: `Bearer ${u.writer.token}`, "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  };

  it("SubmitManga accepts JSON with a base64 cover (a data: URL too) and genres as a comma list", async () => {
    const cover = `data:image/jpeg;base64,${(await coverJpeg(11)).toString("base64")}`;
    const res = await send(submitMangaRoute, json("POST /api/manga/SubmitManga", { title: "Json Saga", description: "", genres: "action, 5", coverImage: cover, readingDirection: 2 }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ title: "Json Saga", genres: ["Action", "SciFi"], readingDirection: 2, status: 0 });
  });

  it("SubmitManga: each bad field is named (title, description, genres, readingDirection, coverImage), in Arabic on request", async () => {
    const cover = (await coverJpeg(12)).toString("base64");
    const good = { title: "Fine", description: "Fine", genres: ["Action"], coverImage: cover };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...good, title: "   " }, "title"],
      [{ ...good, title: "x".repeat(201) }, "title"],
      [{ ...good, description: "x".repeat(5001) }, "description"],
      [{ ...good, genres: [] }, "genres"],
      [{ ...good, genres: ["Action", "Drama", "Comedy", "Horror", "Mystery", "Mecha"] }, "genres"],
      [{ ...good, genres: ["Cooking"] }, "genres"],
      [{ ...good, readingDirection: 3 }, "readingDirection"],
      [{ ...good, coverImage: undefined }, "coverImage"],
    ];
    for (const [body, field] of cases) {
      const res = await refusedWithoutTrace(() => send(submitMangaRoute, json("POST /api/manga/SubmitManga", body)), 422);
      // A bad element of a list is reported at its path (`genres.0`).
      expect(Object.keys(res.body.data.errors ?? {}).map((k) => k.split(".")[0]), JSON.stringify(body).slice(0, 80)).toContain(field);
    }
    const ar = await refusedWithoutTrace(() => send(submitMangaRoute, json("POST /api/manga/SubmitManga", { ...good, title: "" }, { "x-locale": "ar" })), 422);
    expect(ar.body.data.errors?.title?.[0]).toMatch(ARABIC);
  });

  it("SubmitChapter, UpdateChapter, StatusManga: bad ids, titles and statuses are 422; an unknown body type is 415", async () => {
    const page = jpegPart(await pageJpeg(30));
    const noTitle = await refusedWithoutTrace(() => send(submitChapterRoute, formRequest("POST /api/chapter/SubmitChapter", formOf({ mangaId, pages: [page] }), { token: u.writer.token })), 422);
    expect(noTitle.body.data.errors?.title).toBeDefined();
    const badId = await refusedWithoutTrace(() => send(submitChapterRoute, formRequest("POST /api/chapter/SubmitChapter", formOf({ mangaId: "abc", title: "T", pages: [page] }), { token: u.writer.token })), 422);
    expect(badId.body.data.errors?.mangaId).toBeDefined();
    const noId = await refusedWithoutTrace(() => send(updateChapterRoute, json("PUT /api/chapter/UpdateChapter", { title: "T" })), 422);
    expect(noId.body.data.errors?.chapterId).toBeDefined();
    const noMangaId = await refusedWithoutTrace(() => send(updateMangaRoute, json("PUT /api/manga/UpdateManga", { title: "T" })), 422);
    expect(noMangaId.body.data.errors?.id).toBeDefined();
    await refusedWithoutTrace(
      () => send(submitChapterRoute, new Request("http://localhost/api/chapter/SubmitChapter", { method: "POST", headers: { authorization: `Bearer ${u.writer.token}`, "content-type": "text/plain" }, body: "hello" })),
      415,
    );
  });
});
