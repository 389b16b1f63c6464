/**
 * The one error type of chapter ingestion. `code` is stable (API routes map it to a status and a localised
 * message); `pageNumber` (from 1) names the failing page or upload file when there is one.
 */
export type IngestErrorCode =
  | "EMPTY" // no file, no image, or a PDF without pages
  | "TOO_MANY_PAGES"
  | "TOO_LARGE" // a file above its byte cap (PDF 50 MB, image 15 MB)
  | "NOT_A_PDF" // the bytes do not start with %PDF-
  | "ENCRYPTED" // password-protected PDF
  | "MALFORMED" // the PDF (or one of its pages) cannot be parsed or rendered
  | "TOO_COMPLEX" // a PDF page took too long or too much memory to render
  | "UNSUPPORTED_IMAGE" // not JPEG, PNG, WebP or GIF by content
  | "TOO_MANY_PIXELS" // image dimensions above the pixel or side cap (decompression bombs)
  | "CORRUPT_IMAGE" // a supported type that does not decode
  | "ARCHIVE_TOO_LARGE" // a zip of pages with too many entries, or unpacking to more than the archive cap
  | "ARCHIVE_INVALID" // a zip of pages that is hostile: overlapping entries, a bomb's compression ratio, sizes that lie
  | "CHAPTER_NOT_FOUND";

export class IngestError extends Error {
  readonly code: IngestErrorCode;
  readonly pageNumber: number | undefined;
  /**
   * The cap that was exceeded: bytes for TOO_LARGE, pages for TOO_MANY_PAGES, decoded pixels for TOO_MANY_PIXELS,
   * entries or bytes for ARCHIVE_TOO_LARGE.
   */
  readonly limit: number | undefined;

  constructor(code: IngestErrorCode, message: string, options?: { pageNumber?: number; limit?: number; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "IngestError";
    this.code = code;
    this.pageNumber = options?.pageNumber;
    this.limit = options?.limit;
  }
}

export function isIngestError(err: unknown): err is IngestError {
  return err instanceof IngestError;
}

/** The HTTP status an API route should answer for each code (DESIGN §6: 413 for size, 422 for bad content). */
export const INGEST_ERROR_STATUS: Readonly<Record<IngestErrorCode, number>> = {
  EMPTY: 422,
  TOO_MANY_PAGES: 422,
  TOO_LARGE: 413,
  NOT_A_PDF: 422,
  ENCRYPTED: 422,
  MALFORMED: 422,
  TOO_COMPLEX: 422,
  UNSUPPORTED_IMAGE: 422,
  TOO_MANY_PIXELS: 422,
  CORRUPT_IMAGE: 422,
  ARCHIVE_TOO_LARGE: 422,
  ARCHIVE_INVALID: 422,
  CHAPTER_NOT_FOUND: 404,
};
