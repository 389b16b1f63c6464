import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { photo } from "@/tests/fixtures/images";
import { vectorPdf } from "@/tests/fixtures/pdfs";
import { belowRecommended, checkPage, checkPdf, duplicateOf, imageDimensions, moveItem, sniffKind, UPLOAD_LIMITS, type CheckedFile } from "./file-checks";

const blob = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>]);
/** A file that claims another size (to test the caps without allocating 15 MB). */
const claiming = (bytes: Uint8Array, size: number): CheckedFile => {
  const b = blob(bytes);
  return { size, slice: (s, e) => b.slice(s, e), arrayBuffer: () => b.arrayBuffer() };
};

const SAMPLES = [
  ["jpeg", await photo({ width: 2049, height: 1398, format: "jpeg", grain: 0 })],
  ["png", await photo({ width: 640, height: 960, format: "png", grain: 0 })],
  ["gif", await photo({ width: 33, height: 17, format: "gif", grain: 0 })],
  ["webp", await photo({ width: 801, height: 1203, format: "webp", grain: 0 })],
] as const;

describe("sniffKind and imageDimensions (by the bytes, not the name)", () => {
  it.each(SAMPLES)("%s", async (kind, bytes) => {
    const meta = await sharp(bytes).metadata();
    expect(sniffKind(bytes)).toBe(kind);
    expect(imageDimensions(bytes, kind)).toEqual({ width: meta.width, height: meta.height });
  });

  it("lossless and extended WebP headers", async () => {
    const lossless = await sharp({ create: { width: 300, height: 500, channels: 3, background: "#123456" } }).webp({ lossless: true }).toBuffer();
    expect(imageDimensions(lossless, "webp")).toEqual({ width: 300, height: 500 });
    const alpha = await sharp({ create: { width: 1234, height: 77, channels: 4, background: { r: 1, g: 2, b: 3, alpha: 0.5 } } }).webp({ quality: 80 }).toBuffer();
    expect(imageDimensions(alpha, "webp")).toEqual({ width: 1234, height: 77 });
  });

  it("text, a PDF and nothing", async () => {
    expect(sniffKind(new TextEncoder().encode("hello, I am a .jpg"))).toBeNull();
    expect(sniffKind(await vectorPdf())).toBe("pdf");
    expect(sniffKind(new Uint8Array())).toBeNull();
  });
});

describe("checkPage", () => {
  it("a good page: type, dimensions, hash, no problem", async () => {
    const bytes = await photo({ width: 2049, height: 1398, format: "jpeg", grain: 0 });
    const check = await checkPage(blob(bytes));
    expect(check).toMatchObject({ kind: "jpeg", width: 2049, height: 1398, problems: [], belowRecommended: false, size: bytes.length });
    expect(check.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("a small page is a warning only", async () => {
    const check = await checkPage(blob(await photo({ width: 400, height: 600, format: "png", grain: 0 })));
    expect(check).toMatchObject({ problems: [], belowRecommended: true, width: 400, height: 600 });
  });

  it("a renamed text file is not an image; a 15 MB + 1 byte image is too large", async () => {
    expect((await checkPage(blob(new TextEncoder().encode("not an image")))).problems).toEqual([{ code: "notImage" }]);
    const big = await checkPage(claiming(await photo({ width: 10, height: 10, format: "png", grain: 0 }), UPLOAD_LIMITS.imageMaxBytes + 1));
    expect(big.problems).toEqual([{ code: "imageTooLarge", size: UPLOAD_LIMITS.imageMaxBytes + 1 }]);
    const atCap = await checkPage(claiming(await photo({ width: 10, height: 10, format: "png", grain: 0 }), UPLOAD_LIMITS.imageMaxBytes));
    expect(atCap.problems).toEqual([]);
  });

  it("a truncated image is unreadable", async () => {
    const bytes = await photo({ width: 100, height: 100, format: "png", grain: 0 });
    expect((await checkPage(blob(bytes.subarray(0, 12)))).problems).toEqual([{ code: "unreadable" }]);
  });
});

describe("checkPdf", () => {
  it("a PDF within 50 MB passes; an image or 50 MB + 1 byte does not", async () => {
    const pdf = await vectorPdf();
    expect(await checkPdf(blob(pdf))).toEqual([]);
    expect(await checkPdf(claiming(pdf, UPLOAD_LIMITS.pdfMaxBytes + 1))).toEqual([{ code: "pdfTooLarge", size: UPLOAD_LIMITS.pdfMaxBytes + 1 }]);
    expect(await checkPdf(blob(await photo({ width: 10, height: 10, format: "png" })))).toEqual([{ code: "notPdf" }]);
  });
});

describe("duplicates, dimensions and order", () => {
  it("later copies of the same bytes point at the first page", () => {
    expect(duplicateOf(["a", "b", "a", null, "b", "a"])).toEqual([null, null, 1, null, 2, 1]);
  });
  it("the recommended size either way round is fine", () => {
    expect(belowRecommended(2049, 1398)).toBe(false);
    expect(belowRecommended(1398, 2049)).toBe(false);
    expect(belowRecommended(2048, 1398)).toBe(true);
    expect(belowRecommended(3000, 1000)).toBe(true);
  });
  it("moveItem", () => {
    expect(moveItem(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moveItem(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(moveItem(["a", "b", "c"], 0, 9)).toEqual(["b", "c", "a"]);
    expect(moveItem(["a"], 3, 0)).toEqual(["a"]);
  });
});
