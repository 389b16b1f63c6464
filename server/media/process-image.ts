import sharp, { type Channels, type JpegOptions, type Sharp } from "sharp";
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, MediaError } from "./errors";
import { sniffImage } from "./sniff";

/**
 * Untrusted image input → re-encoded JPEG. The pipeline only ever decodes the four sniffed types,
 * checks the header's dimensions before decoding a single pixel, and re-encodes everything, so the
 * original bytes (and their metadata: EXIF, GPS, ICC, comments) are never stored or served.
 */

export { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, MediaError, type MediaErrorCode } from "./errors";

export const JPEG_QUALITY = 80;

/** Uploads: mozjpeg's full toolset (trellis quantisation: ~5x the encode time for 10–15% fewer bytes). */
const UPLOAD_JPEG: JpegOptions = { quality: JPEG_QUALITY, mozjpeg: true };

/** For bulk generated images (the demo seed): mozjpeg without trellis quantisation. */
export const FAST_JPEG: JpegOptions = { quality: JPEG_QUALITY, mozjpeg: true, trellisQuantisation: false, optimiseScans: false };

/**
 * Chapter pages' render-width variants (350/500/700 px), which the reader downloads page after page: always
 * mozjpeg's full toolset at the same quality, whatever encodes the reading image. On the seed's line art and
 * screentone it keeps the dots and edges of the fast settings (checked side by side at 8x) in ~17% fewer bytes.
 */
export const PAGE_VARIANT_JPEG: JpegOptions = UPLOAD_JPEG;

export interface ImageLimits {
  maxBytes?: number;
  maxPixels?: number;
}

export interface EncodedImage {
  bytes: Buffer;
  mime: "image/jpeg" | "image/avif";
  width: number;
  height: number;
}

export interface ProcessImageOptions extends ImageLimits {
  input: Uint8Array;
  /** The output is at most this wide; smaller images are never enlarged. */
  maxWidth: number;
}

export interface ProcessImageVariantsOptions extends ImageLimits {
  input: Uint8Array;
  widths: readonly number[];
}

/** Validates and re-encodes one image at no more than `maxWidth`. */
export async function processImage(opts: ProcessImageOptions): Promise<EncodedImage> {
  const variants = await processImageVariants({ ...opts, widths: [opts.maxWidth] });
  const image = variants.get(opts.maxWidth);
  if (!image) throw new Error("processImageVariants returned no image");
  return image;
}

/** Validates one image and produces a JPEG per requested width from a single decode. */
export async function processImageVariants(opts: ProcessImageVariantsOptions): Promise<Map<number, EncodedImage>> {
  const maxPixels = opts.maxPixels ?? IMAGE_MAX_PIXELS;
  const input = Buffer.from(opts.input.buffer, opts.input.byteOffset, opts.input.byteLength);
  await inspect(input, { maxBytes: opts.maxBytes ?? IMAGE_MAX_BYTES, maxPixels });
  try {
    return await encodeVariants(decode(input, maxPixels), opts.widths);
  } catch (err) {
    throw toMediaError(err, maxPixels);
  }
}

/**
 * Produces a JPEG per width from an already trusted pipeline (e.g. images the seed draws itself):
 * the pipeline is decoded once, to raw pixels at the largest width, and every variant is resized from that.
 */
export async function encodeVariants(
  pipeline: Sharp,
  widths: readonly number[],
  jpeg: JpegOptions = UPLOAD_JPEG,
): Promise<Map<number, EncodedImage>> {
  const wanted = checkWidths(widths);
  const { data, raw } = await decodeAt(pipeline, Math.max(...wanted));
  const encoded = await Promise.all(wanted.map((w) => encodeRaw(data, raw, w, jpeg)));
  return new Map(wanted.map((w, i) => [w, encoded[i] as EncodedImage]));
}

/**
 * A chapter page from an already validated pipeline: the reading image at the largest width, encoded with
 * `readingJpeg` and always in colour (it is the API's base64 field, which older clients decode), and the
 * render-width variants the reader downloads, encoded with PAGE_VARIANT_JPEG, as single-channel (greyscale)
 * JPEG when the page has no colour: most manga pages are black and white, and a grey JPEG drops the two
 * chroma channels that such a page spends bytes on for nothing. A variant at least as wide as the page is the
 * reading image itself (the same bytes, so the same media row).
 */
export async function encodePageVariants(
  pipeline: Sharp,
  widths: readonly number[],
  readingJpeg: JpegOptions = UPLOAD_JPEG,
): Promise<Map<number, EncodedImage>> {
  const wanted = checkWidths(widths);
  const readingWidth = Math.max(...wanted);
  const { data, raw } = await decodeAt(pipeline, readingWidth);
  const grey = raw.channels === 3 && isColourless(data);
  const reading = encodeRaw(data, raw, readingWidth, readingJpeg);
  const encoded = await Promise.all(
    wanted.map((w) => (w >= raw.width ? reading : encodeRaw(data, raw, w, PAGE_VARIANT_JPEG, grey))),
  );
  return new Map(wanted.map((w, i) => [w, encoded[i] as EncodedImage]));
}

/** Validates one uploaded page image and encodes it with encodePageVariants from a single decode. */
export async function processPageVariants(opts: ProcessImageVariantsOptions): Promise<Map<number, EncodedImage>> {
  const maxPixels = opts.maxPixels ?? IMAGE_MAX_PIXELS;
  const input = Buffer.from(opts.input.buffer, opts.input.byteOffset, opts.input.byteLength);
  await inspect(input, { maxBytes: opts.maxBytes ?? IMAGE_MAX_BYTES, maxPixels });
  try {
    return await encodePageVariants(decode(input, maxPixels), opts.widths);
  } catch (err) {
    throw toMediaError(err, maxPixels);
  }
}

/**
 * AVIF for chapter pages' copies (PAGE_COPY_WIDTHS): on the seed's line art and screentone, quality 42 at effort 2 is
 * about a third of the reading JPEG's bytes at the same width, with SSIM above 0.99 against the drawing
 * (scripts/bench-reader.ts), for about a second of CPU per 1000 px page.
 */
const PAGE_AVIF = { quality: 42, effort: 2 } as const;
/**
 * The widest copy (1080 px: 3× phones, 2× tablets) of a page wider than it, such as a PDF's pages (rasterised at
 * 1,400 px): shrunk lettering and line art fall to SSIM 0.974–0.98 at quality 42, 0.983–0.989 at 52 (issue 30, item 3;
 * still about a sixth of the page's base64 bytes).
 */
const PAGE_AVIF_SHRUNK = { quality: 52, effort: 2 } as const;
const WIDEST_COPY = 1080;

/**
 * AVIF copies of a stored (already re-encoded, trusted) page image at the given widths (never enlarged), from one
 * decode. Runs in the background encoder in production (background-encoder.ts: encodeCopiesInBackground).
 */
export async function encodeAvifCopies(input: Uint8Array, widths: readonly number[]): Promise<Map<number, EncodedImage>> {
  const wanted = checkWidths(widths);
  const source = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const image = sharp(source, { limitInputPixels: IMAGE_MAX_PIXELS });
  const sourceWidth = (await image.metadata()).width ?? 0;
  const { data, raw } = await decodeAt(image, Math.max(...wanted));
  const encoded = await Promise.all(
    wanted.map(async (w): Promise<EncodedImage> => {
      let pipeline = sharp(data, { raw });
      if (w < raw.width) pipeline = pipeline.resize({ width: w });
      const settings = w >= WIDEST_COPY && sourceWidth > w ? PAGE_AVIF_SHRUNK : PAGE_AVIF;
      const { data: bytes, info } = await pipeline.avif(settings).toBuffer({ resolveWithObject: true });
      return { bytes, mime: "image/avif", width: info.width, height: info.height };
    }),
  );
  return new Map(wanted.map((w, i) => [w, encoded[i] as EncodedImage]));
}

/**
 * True when no more than 1 pixel in 1000 has channels further apart than GREY_TOLERANCE: grey art, including
 * a scan or a colour JPEG of one with a little chroma noise, while any tint or colour detail keeps its colour.
 */
export function isColourless(rgb: Buffer): boolean {
  const pixels = Math.floor(rgb.length / 3);
  let budget = Math.floor(pixels / 1000);
  for (let i = 0; i + 2 < rgb.length; i += 3) {
    const r = rgb[i] as number;
    const g = rgb[i + 1] as number;
    const b = rgb[i + 2] as number;
    if (Math.max(r, g, b) - Math.min(r, g, b) > GREY_TOLERANCE && --budget < 0) return false;
  }
  return true;
}

const GREY_TOLERANCE = 12;

type RawInfo = { width: number; height: number; channels: Channels };

function checkWidths(widths: readonly number[]): number[] {
  const wanted = [...new Set(widths)].filter((w) => Number.isInteger(w) && w > 0);
  if (wanted.length === 0) throw new RangeError("at least one positive integer width is required");
  return wanted;
}

/** Decodes the pipeline once, to raw pixels at `width` (never enlarged). */
async function decodeAt(pipeline: Sharp, width: number): Promise<{ data: Buffer; raw: RawInfo }> {
  const { data, info } = await pipeline.resize({ width, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
  return { data, raw: { width: info.width, height: info.height, channels: info.channels as Channels } };
}

async function encodeRaw(data: Buffer, raw: RawInfo, width: number, jpeg: JpegOptions, grey = false): Promise<EncodedImage> {
  let pipeline = sharp(data, { raw });
  if (width < raw.width) pipeline = pipeline.resize({ width });
  if (grey) pipeline = pipeline.toColourspace("b-w");
  const { data: bytes, info } = await pipeline
    .jpeg(jpeg)
    .toBuffer({ resolveWithObject: true });
  return { bytes, mime: "image/jpeg", width: info.width, height: info.height };
}

/** Size, type and header dimensions, all checked before any pixel is decoded. */
async function inspect(input: Buffer, limits: Required<ImageLimits>): Promise<void> {
  if (input.byteLength > limits.maxBytes) {
    throw new MediaError("TOO_LARGE", `Image is larger than ${Math.floor(limits.maxBytes / (1024 * 1024))} MB`, { limit: limits.maxBytes });
  }
  if (!sniffImage(input)) throw new MediaError("UNSUPPORTED_TYPE", "Only JPEG, PNG, WebP and GIF images are accepted");
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(input, { limitInputPixels: false }).metadata());
  } catch (err) {
    throw new MediaError("CORRUPT", "The image could not be read", { cause: err });
  }
  if (!width || !height) throw new MediaError("CORRUPT", "The image has no dimensions");
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE || width * height > limits.maxPixels) {
    throw new MediaError("TOO_MANY_PIXELS", `The image is too large (${width}x${height})`, { limit: limits.maxPixels });
  }
}

function decode(input: Buffer, maxPixels: number): Sharp {
  // limitInputPixels guards again at decode time; failOn "error" rejects truncated and broken data
  // while tolerating the harmless warnings many cameras' files produce.
  return sharp(input, { limitInputPixels: maxPixels, failOn: "error", sequentialRead: true })
    .rotate() // apply the EXIF orientation, then drop it with the rest of the metadata
    .flatten({ background: "#ffffff" }); // JPEG has no alpha: transparent areas become white
}

function toMediaError(err: unknown, maxPixels: number): MediaError {
  if (err instanceof MediaError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) return new MediaError("TOO_MANY_PIXELS", "The image is too large", { cause: err, limit: maxPixels });
  return new MediaError("CORRUPT", "The image could not be decoded", { cause: err });
}

/** A manga cover as stored: the card image (at most COVER_MAX_WIDTH wide, its own aspect) and the wide banner crop. */
export const COVER_MAX_WIDTH = 720;
export const BANNER_SIZE = { width: 1600, height: 600 } as const;

/**
 * Validates one uploaded cover (sniffed, size and pixel caps, decoded once) and encodes the card image and the
 * banner (a centred 8:3 crop, the shape the featured banner shows). Throws MediaError.
 */
export async function processCoverImages(opts: { input: Uint8Array } & ImageLimits): Promise<{ cover: EncodedImage; banner: EncodedImage }> {
  const maxPixels = opts.maxPixels ?? IMAGE_MAX_PIXELS;
  const input = Buffer.from(opts.input.buffer, opts.input.byteOffset, opts.input.byteLength);
  await inspect(input, { maxBytes: opts.maxBytes ?? IMAGE_MAX_BYTES, maxPixels });
  try {
    const { data, info } = await decode(input, maxPixels).raw().toBuffer({ resolveWithObject: true });
    const raw: RawInfo = { width: info.width, height: info.height, channels: info.channels as Channels };
    const [cover, banner] = await Promise.all([
      encodeRaw(data, raw, Math.min(COVER_MAX_WIDTH, raw.width), UPLOAD_JPEG),
      sharp(data, { raw })
        .resize({ ...BANNER_SIZE, fit: "cover", position: "centre" })
        .jpeg(UPLOAD_JPEG)
        .toBuffer({ resolveWithObject: true })
        .then(({ data: bytes, info: out }): EncodedImage => ({ bytes, mime: "image/jpeg", width: out.width, height: out.height })),
    ]);
    return { cover, banner };
  } catch (err) {
    throw toMediaError(err, maxPixels);
  }
}
