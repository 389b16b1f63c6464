/**
 * The error of the image pipeline (./process-image.ts) and its caps, in a module without sharp so the HTTP layer can
 * map the error (server/http/errors.ts) without loading the image library.
 */

/** Default upload cap for a single image (PDFs have their own 50 MB cap, spec §5). */
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;
/** No side of a decoded image may exceed this. */
export const IMAGE_MAX_SIDE = 10_000;
/** Decoded pixel budget (≈ 120 MB of RGB): a 2049x1398 page is 2.9 MP, a 800x10000 strip 8 MP. */
export const IMAGE_MAX_PIXELS = 40_000_000;

export type MediaErrorCode = "UNSUPPORTED_TYPE" | "TOO_LARGE" | "TOO_MANY_PIXELS" | "CORRUPT";

export class MediaError extends Error {
  readonly code: MediaErrorCode;
  /** The cap that was exceeded: bytes for TOO_LARGE, decoded pixels for TOO_MANY_PIXELS. */
  readonly limit: number | undefined;

  constructor(code: MediaErrorCode, message: string, options?: { cause?: unknown; limit?: number }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "MediaError";
    this.code = code;
    this.limit = options?.limit;
  }
}

/**
 * The object-storage bucket holding media bytes (MEDIA_STORE=s3, ./object-store.ts) cannot be used just now: not
 * reachable, too slow, answering 5xx, or refusing the configured credentials. A 503 envelope to the visitor
 * (server/http/errors.ts), never a 500; the message (host, key, status) only goes to the server log.
 */
export class MediaStoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "MediaStoreUnavailableError";
  }
}
