/**
 * The browser's checks of a chapter's files before they are sent (the server checks again, DESIGN §7): the type by
 * the bytes (magic numbers, not the name), the size caps of docs/decisions/013, the dimensions against spec §9's
 * recommended 2049 × 1398 page (a warning), and duplicate pages (the same bytes, by SHA-256).
 */

export type ImageKind = "jpeg" | "png" | "webp" | "gif";
export type FileKind = ImageKind | "pdf";

export const UPLOAD_LIMITS = {
  imageMaxBytes: 15 * 1024 * 1024,
  pdfMaxBytes: 50 * 1024 * 1024,
  maxPages: 200,
  /** Spec §9: the recommended page, 2049 × 1398 px (either way round). */
  recommended: { width: 2049, height: 1398 },
} as const;

/** Bytes needed from the start of a file to know its type and, for images, usually its dimensions. */
export const HEAD_BYTES = 256 * 1024;

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (b: Uint8Array, at: number, len: number) => String.fromCharCode(...b.subarray(at, at + len));

/** The file type by its first bytes, or null for anything else. */
export function sniffKind(b: Uint8Array): FileKind | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (ascii(b, 0, 6) === "GIF87a" || ascii(b, 0, 6) === "GIF89a") return "gif";
  if (ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") return "webp";
  if (ascii(b, 0, 5) === "%PDF-") return "pdf";
  return null;
}

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number) => (u16be(b, at) * 0x10000) + u16be(b, at + 2);

/** Width and height from an image's header (no decoding), or null when the header is not where it should be. */
export function imageDimensions(b: Uint8Array, kind: ImageKind): { width: number; height: number } | null {
  switch (kind) {
    case "png":
      return b.length >= 24 && ascii(b, 12, 4) === "IHDR" ? positive(u32be(b, 16), u32be(b, 20)) : null;
    case "gif":
      return b.length >= 10 ? positive(u16le(b, 6), u16le(b, 8)) : null;
    case "webp": {
      const chunk = ascii(b, 12, 4);
      if (chunk === "VP8 " && b.length >= 30) return positive(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
      if (chunk === "VP8L" && b.length >= 25 && b[20] === 0x2f) {
        const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
        return positive((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
      }
      if (chunk === "VP8X" && b.length >= 30) return positive(u24le(b, 24) + 1, u24le(b, 27) + 1);
      return null;
    }
    case "jpeg": {
      // Walk the segments to the first start-of-frame (SOF0–SOF15 except DHT, JPG and DAC).
      let at = 2;
      while (at + 9 < b.length) {
        if (b[at] !== 0xff) return null;
        const marker = b[at + 1]!;
        if (marker === 0xff) {
          at++;
          continue;
        }
        if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
          at += 2;
          continue;
        }
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
          return positive(u16be(b, at + 7), u16be(b, at + 5));
        }
        at += 2 + u16be(b, at + 2);
      }
      return null;
    }
  }
}

function positive(width: number, height: number) {
  return width > 0 && height > 0 ? { width, height } : null;
}

/** Whether a page is smaller than the recommended 2049 × 1398 (in either orientation): it may look blurry. */
export function belowRecommended(width: number, height: number): boolean {
  const { width: long, height: short } = UPLOAD_LIMITS.recommended;
  return Math.max(width, height) < long || Math.min(width, height) < short;
}

/** Lower-case hex SHA-256 of bytes (Web Crypto; the same in the browser and in Node). */
export async function sha256Hex(bytes: BufferSource): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (v) => v.toString(16).padStart(2, "0")).join("");
}

export type PageProblem = { code: "notImage" } | { code: "imageTooLarge"; size: number } | { code: "unreadable" };
export type PdfProblem = { code: "notPdf" } | { code: "pdfTooLarge"; size: number };

export interface PageCheck {
  kind: ImageKind | null;
  size: number;
  width: number | null;
  height: number | null;
  hash: string | null;
  /** Problems that block sending. */
  problems: PageProblem[];
  /** Smaller than recommended (sending is allowed). */
  belowRecommended: boolean;
}

/** The minimal file the checks need (a browser File, or a Blob in tests). */
export interface CheckedFile {
  size: number;
  slice(start?: number, end?: number): Blob;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/**
 * One image page's check. Reads the head for the type and dimensions and (for a file within the cap) the whole file
 * for its hash; nothing is decoded.
 */
export async function checkPage(file: CheckedFile): Promise<PageCheck> {
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  const sniffed = sniffKind(head);
  const kind = sniffed && sniffed !== "pdf" ? sniffed : null;
  const problems: PageProblem[] = [];
  if (!kind) problems.push({ code: "notImage" });
  if (file.size > UPLOAD_LIMITS.imageMaxBytes) problems.push({ code: "imageTooLarge", size: file.size });
  let dims = kind ? imageDimensions(head, kind) : null;
  let hash: string | null = null;
  if (kind && file.size <= UPLOAD_LIMITS.imageMaxBytes) {
    const all = await file.arrayBuffer();
    hash = await sha256Hex(all);
    // A JPEG with a large EXIF thumbnail can put its frame header past the head.
    if (!dims && file.size > head.length) dims = imageDimensions(new Uint8Array(all), kind);
  }
  if (kind && !dims) problems.push({ code: "unreadable" });
  return {
    kind,
    size: file.size,
    width: dims?.width ?? null,
    height: dims?.height ?? null,
    hash,
    problems,
    belowRecommended: dims ? belowRecommended(dims.width, dims.height) : false,
  };
}

/** The PDF's check: "%PDF-" at the start and at most 50 MB. */
export async function checkPdf(file: CheckedFile): Promise<PdfProblem[]> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const problems: PdfProblem[] = [];
  if (sniffKind(head) !== "pdf") problems.push({ code: "notPdf" });
  if (file.size > UPLOAD_LIMITS.pdfMaxBytes) problems.push({ code: "pdfTooLarge", size: file.size });
  return problems;
}

/**
 * For each page, the 1-based number of an earlier page with the same bytes (or null): the later copies are flagged,
 * the first one is not.
 */
export function duplicateOf(hashes: ReadonlyArray<string | null>): Array<number | null> {
  const first = new Map<string, number>();
  return hashes.map((hash, i) => {
    if (!hash) return null;
    const seen = first.get(hash);
    if (seen !== undefined) return seen + 1;
    first.set(hash, i);
    return null;
  });
}

/** Moves the item at `from` to `to` (both clamped), returning a new array. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item as T);
  return next;
}
