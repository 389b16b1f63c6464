import { crc32, deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import sharp, { type Sharp } from "sharp";
import {
  encodeAvifCopies,
  encodePageVariants,
  encodeVariants,
  FAST_JPEG,
  isColourless,
  MediaError,
  PAGE_VARIANT_JPEG,
  processImage,
  processImageVariants,
  processPageVariants,
  type MediaErrorCode,
} from "./process-image";

function gradient(width: number, height: number): Sharp {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#123"/><stop offset="1" stop-color="#f80"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg));
}

/** Black-and-white line art with a dot screentone, like a manga page (RGB, as decoded pages are). */
function lineArt(width: number, height: number): Sharp {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><pattern id="tone" width="6" height="6" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="1.4"/></pattern></defs>
    <rect width="100%" height="100%" fill="#fff"/>
    <rect x="20" y="20" width="${width / 2}" height="${height / 2}" fill="url(#tone)" stroke="#000" stroke-width="6"/>
    <circle cx="${width * 0.6}" cy="${height * 0.6}" r="${width / 4}" fill="none" stroke="#000" stroke-width="4"/>
    <path d="M0 ${height} L${width} 0 M0 ${height * 0.8} L${width * 0.8} 0" stroke="#000" stroke-width="3"/></svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: "#ffffff" });
}

/** A syntactically valid PNG whose header claims the given size but carries almost no data. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function rejection(promise: Promise<unknown>): Promise<MediaErrorCode> {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MediaError);
  return (err as MediaError).code;
}

describe("processImage", () => {
  it("re-encodes to JPEG, applies EXIF orientation and strips all metadata", async () => {
    // 400x200 stored, orientation 6 = displayed rotated 90° clockwise (200x400).
    const input = await gradient(400, 200)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: "secret owner" } })
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(input.includes(Buffer.from("secret owner"))).toBe(true);

    const out = await processImage({ input, maxWidth: 1000 });
    const meta = await sharp(out.bytes).metadata();
    expect(out.mime).toBe("image/jpeg");
    expect(meta.format).toBe("jpeg");
    expect([out.width, out.height]).toEqual([200, 400]);
    expect([meta.width, meta.height]).toEqual([200, 400]);
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(out.bytes.includes(Buffer.from("secret owner"))).toBe(false);
  });

  it("accepts PNG with transparency, WebP and GIF, always producing JPEG", async () => {
    const rgba = sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } });
    for (const input of [await rgba.clone().png().toBuffer(), await gradient(64, 48).webp().toBuffer(), await gradient(64, 48).gif().toBuffer()]) {
      const out = await processImage({ input, maxWidth: 100 });
      expect((await sharp(out.bytes).metadata()).format).toBe("jpeg");
      expect([out.width, out.height]).toEqual([64, 48]);
    }
    // Transparent pixels become white, not black.
    const out = await processImage({ input: await rgba.png().toBuffer(), maxWidth: 100 });
    const { data } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(245);
  });

  it("shrinks to the maximum width but never enlarges", async () => {
    const input = await gradient(1200, 600).png().toBuffer();
    expect(await processImage({ input, maxWidth: 600 })).toMatchObject({ width: 600, height: 300 });
    expect(await processImage({ input, maxWidth: 5000 })).toMatchObject({ width: 1200, height: 600 });
  });

  it("produces every requested width from one call", async () => {
    const input = await gradient(1000, 1500).png().toBuffer();
    const variants = await processImageVariants({ input, widths: [1000, 700, 500, 350] });
    expect([...variants.keys()]).toEqual([1000, 700, 500, 350]);
    expect(variants.get(350)).toMatchObject({ width: 350, height: 525 });
    expect(variants.get(1000)).toMatchObject({ width: 1000, height: 1500 });
    for (const v of variants.values()) expect((await sharp(v.bytes).metadata()).width).toBe(v.width);
  });

  it("encodes page variants of line art and screentone smaller than the fast bulk settings", async () => {
    const fast = (await encodeVariants(lineArt(1000, 1500), [700], FAST_JPEG)).get(700);
    const variant = (await encodeVariants(lineArt(1000, 1500), [700], PAGE_VARIANT_JPEG)).get(700);
    expect(variant?.width).toBe(700);
    expect(variant?.bytes.byteLength).toBeLessThan((fast?.bytes.byteLength ?? 0) * 0.9);
  });
});

describe("page variants", () => {
  const channels = async (bytes: Buffer | undefined) => (await sharp(bytes).metadata()).channels;

  it("keeps a grey page's reading image in colour and makes its render-width variants greyscale", async () => {
    const page = await encodePageVariants(lineArt(1000, 1500), [1000, 700, 500, 350], FAST_JPEG);
    expect(await channels(page.get(1000)?.bytes)).toBe(3);
    for (const w of [700, 500, 350]) {
      expect(page.get(w)).toMatchObject({ width: w, mime: "image/jpeg" });
      expect(await channels(page.get(w)?.bytes)).toBe(1);
    }
    const colourVariant = (await encodeVariants(lineArt(1000, 1500), [1000, 700], PAGE_VARIANT_JPEG)).get(700);
    expect(page.get(700)?.bytes.byteLength).toBeLessThan(colourVariant?.bytes.byteLength ?? 0);
  });

  it("keeps colour pages in colour", async () => {
    const page = await processPageVariants({ input: await gradient(1000, 1500).png().toBuffer(), widths: [1400, 700] });
    expect(await channels(page.get(1400)?.bytes)).toBe(3);
    expect(await channels(page.get(700)?.bytes)).toBe(3);
  });

  it("gives a variant at least as wide as the page the reading image's bytes", async () => {
    const page = await processPageVariants({ input: await lineArt(600, 900).png().toBuffer(), widths: [1400, 700, 500] });
    expect(page.get(1400)).toMatchObject({ width: 600, height: 900 });
    expect(page.get(700)?.bytes.equals(page.get(1400)?.bytes ?? Buffer.alloc(0))).toBe(true);
    expect(await channels(page.get(500)?.bytes)).toBe(1);
  });

  it("tells grey art with a little chroma noise from art with some colour", () => {
    const grey = Buffer.alloc(3 * 10_000, 200);
    for (let i = 0; i < grey.length; i += 30) grey[i] = 210; // noise within the tolerance on every tenth pixel
    expect(isColourless(grey)).toBe(true);
    const stray = Buffer.from(grey);
    for (let p = 0; p < 10; p++) stray[p * 300] = 255; // 10 pixels in 10,000 off by 55: JPEG ringing, still grey
    expect(isColourless(stray)).toBe(true);
    const tinted = Buffer.from(grey);
    for (let p = 0; p < 30; p++) tinted[p * 300 + 2] = 120; // a small coloured detail
    expect(isColourless(tinted)).toBe(false);
  });

  it("rejects types other than the four images", async () => {
    expect(await rejection(processImage({ input: Buffer.from("%PDF-1.7\n"), maxWidth: 100 }))).toBe("UNSUPPORTED_TYPE");
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect(await rejection(processImage({ input: svg, maxWidth: 100 }))).toBe("UNSUPPORTED_TYPE");
    const tiff = await gradient(10, 10).tiff().toBuffer();
    expect(await rejection(processImage({ input: tiff, maxWidth: 100 }))).toBe("UNSUPPORTED_TYPE");
  });

  it("enforces the size cap before decoding", async () => {
    const input = await gradient(300, 300).png().toBuffer();
    expect(await rejection(processImage({ input, maxWidth: 100, maxBytes: input.length - 1 }))).toBe("TOO_LARGE");
    await expect(processImage({ input, maxWidth: 100, maxBytes: input.length })).resolves.toMatchObject({ width: 100 });
  });

  it("rejects pixel bombs from the header alone", async () => {
    const bomb = pngHeaderOnly(50_000, 50_000);
    expect(bomb.length).toBeLessThan(200);
    expect(await rejection(processImage({ input: bomb, maxWidth: 100 }))).toBe("TOO_MANY_PIXELS");
    // One side over 10,000 px is refused even when the pixel count is small.
    expect(await rejection(processImage({ input: pngHeaderOnly(10_001, 2), maxWidth: 100 }))).toBe("TOO_MANY_PIXELS");
  });

  it("applies a lower pixel limit to a real image", async () => {
    const input = await gradient(2000, 1500).jpeg().toBuffer();
    expect(await rejection(processImage({ input, maxWidth: 100, maxPixels: 2_000_000 }))).toBe("TOO_MANY_PIXELS");
    await expect(processImage({ input, maxWidth: 100, maxPixels: 3_000_000 })).resolves.toMatchObject({ width: 100 });
  });

  it("rejects corrupt and truncated data", async () => {
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 0x5a)]);
    expect(await rejection(processImage({ input: garbage, maxWidth: 100 }))).toBe("CORRUPT");
    const png = await gradient(400, 400).png().toBuffer();
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    expect(await rejection(processImage({ input: truncated, maxWidth: 100 }))).toBe("CORRUPT");
    const jpeg = await gradient(400, 400).jpeg().toBuffer();
    expect(await rejection(processImage({ input: jpeg.subarray(0, 300), maxWidth: 100 }))).toBe("CORRUPT");
  });
});

describe("encodeAvifCopies", () => {
  it("gives the widest copy of a page wider than it (a PDF's 1,400 px pages) a higher quality, and never enlarges", async () => {
    const wide = await lineArt(1400, 2100).png().toBuffer();
    const fitting = await sharp(wide).resize({ width: 1080 }).png().toBuffer();
    const fromWide = await encodeAvifCopies(wide, [720, 1080]);
    const fromFitting = await encodeAvifCopies(fitting, [720, 1080]);
    // The same 1080 px pixels, encoded at 52 rather than 42: more bytes; the 720 px copies keep quality 42.
    expect(fromWide.get(1080)!.width).toBe(1080);
    expect(fromWide.get(1080)!.bytes.byteLength).toBeGreaterThan(fromFitting.get(1080)!.bytes.byteLength * 1.1);
    expect(Math.abs(fromWide.get(720)!.bytes.byteLength - fromFitting.get(720)!.bytes.byteLength)).toBeLessThan(fromFitting.get(720)!.bytes.byteLength * 0.1);
    const narrow = await encodeAvifCopies(await lineArt(600, 900).png().toBuffer(), [1080]);
    expect(narrow.get(1080)).toMatchObject({ mime: "image/avif", width: 600, height: 900 });
  });
});
