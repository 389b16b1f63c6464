import { z } from "zod";
import type { Locale } from "@/i18n/routing";
import { ARCHIVE_MAX_ENTRIES, ARCHIVE_MAX_TOTAL_BYTES } from "@/server/chapters/ingest/archive-limits";
import { IngestError, INGEST_ERROR_STATUS, type IngestErrorCode } from "@/server/chapters/ingest/errors";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "@/server/core/database-unavailable";
import { AppError, badRequest, fieldErrorsOf, formatBytes } from "@/server/core/errors";
import { apiMessage, isMessageKey, type MessageKey, type MessageParams } from "@/server/core/messages";
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, MediaError, MediaStoreUnavailableError, type MediaErrorCode } from "@/server/media/errors";
import { fail } from "./envelope";
import { log } from "@/server/core/log";

/**
 * Any thrown value as an envelope response in the caller's language; never exposes a stack.
 * Every error type the domain throws has its status and message here: AppError, ZodError, and the upload
 * pipeline's IngestError and MediaError (`data.code` is their code, `data.pageNumber` the failing page when known),
 * a database that cannot be reached (restart, network cut, full pool): 503 with Retry-After, not a 500, and
 * MediaStoreUnavailableError (the media bucket cannot be reached: 503).
 * `context` (e.g. the route key) only goes to the server log of unexpected errors.
 */
export function toResponse(err: unknown, locale: Locale, context = "api"): Response {
  if (err instanceof AppError) {
    const message = apiMessage(locale, err.messageKey, err.params);
    const data = err.data && "errors" in err.data ? { ...err.data, errors: localizeFieldErrors(err.data.errors, locale) } : err.data;
    return fail(err.httpStatus, message, { code: err.code, message, ...data }, err.headers);
  }
  if (err instanceof z.ZodError) {
    const message = apiMessage(locale, "validationFailed");
    return fail(422, message, { code: "validationFailed", message, errors: fieldErrorsOf(err) });
  }
  if (err instanceof IngestError) {
    return uploadFailure(locale, INGEST_ERROR_STATUS[err.code], err.code, INGEST_MESSAGES[err.code], err.limit, err.pageNumber);
  }
  if (err instanceof MediaError) {
    return uploadFailure(locale, err.code === "TOO_LARGE" ? 413 : 422, err.code, MEDIA_MESSAGES[err.code], err.limit);
  }
  // Before the database check: an unreachable bucket fails with the same connection errors (ECONNREFUSED…).
  if (err instanceof MediaStoreUnavailableError) {
    // The media bucket (MEDIA_STORE=s3) is down or refusing us: the visitor may retry; the details are for the log.
    log.error({ err, context }, `[${context}] media store unavailable`);
    const message = apiMessage(locale, "mediaUnavailable");
    return fail(503, message, { code: "mediaUnavailable", message }, { "Retry-After": "5" });
  }
  // A client that left while its body was being read (Node's "aborted", ECONNRESET) is not a database fault, and
  // not worth a log line: nobody reads this answer.
  if (isClientAbort(err)) return toResponse(badRequest(), locale);
  if (isDatabaseUnavailable(err)) return unavailable(locale, context, err);
  log.error({ err, context }, `[${context}] unexpected error`);
  const message = apiMessage(locale, "internal");
  return fail(500, message, { code: "internal", message });
}

/** The database is away for a moment: 503, Retry-After, one line in the log (an outage is not a bug; no stack). */
export function unavailable(locale: Locale, context = "api", err?: unknown): Response {
  if (err !== undefined) log.warn({ context, reason: describe(err) }, `[${context}] database unavailable`);
  const message = apiMessage(locale, "serviceUnavailable");
  return fail(503, message, { code: "serviceUnavailable", message }, { "Retry-After": String(RETRY_AFTER_SECONDS) });
}

/**
 * Readiness failed (`/api/health/ready`, docs/decisions/026): the same 503 envelope as an outage, `data.code` "notReady"
 * and which checks failed; never cached. Not logged: a load balancer asks every few seconds.
 */
export function notReady(locale: Locale, checks: Record<string, string>): Response {
  const message = apiMessage(locale, "serviceUnavailable");
  return fail(503, message, { code: "notReady", message, checks }, { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" });
}

/** Node's error for a request whose client closed the connection before its body was read (anywhere in the cause chain). */
export function isClientAbort(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    if (current.message === "aborted" && (current as { code?: unknown }).code === "ECONNRESET") return true;
    current = current.cause;
  }
  return false;
}

/** The driver's own error at the bottom of the cause chain (Drizzle's wrapper names the query and its parameters). */
function describe(err: unknown): string {
  let current = err;
  for (let depth = 0; depth < 5 && current instanceof Error && current.cause instanceof Error; depth++) current = current.cause;
  if (!(current instanceof Error)) return String(current);
  const code = (current as { code?: unknown }).code;
  return `${current.message.split("\n")[0]}${typeof code === "string" ? ` (${code})` : ""}`;
}

/** Field errors the domain wrote as message keys (`{ note: ["noteRequired"] }`) in the caller's language. */
function localizeFieldErrors(errors: unknown, locale: Locale): unknown {
  if (typeof errors !== "object" || errors === null) return errors;
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [
      field,
      Array.isArray(messages) ? messages.map((m) => (typeof m === "string" && isMessageKey(m) ? apiMessage(locale, m) : m)) : messages,
    ]),
  );
}

/** How an upload's cap enters its message (`limit` is the error's own cap, when it carries one). */
type UploadMessage = { key: MessageKey; params?: (limit: number | undefined) => MessageParams };

const sizeCap = (limit: number | undefined): MessageParams => ({ limit: limit === undefined ? "?" : formatBytes(limit) });
const pixelCap = (limit: number | undefined): MessageParams => ({
  side: IMAGE_MAX_SIDE,
  megapixels: +((limit ?? IMAGE_MAX_PIXELS) / 1_000_000).toFixed(1),
});

const INGEST_MESSAGES: Record<IngestErrorCode, UploadMessage> = {
  EMPTY: { key: "uploadEmpty" },
  TOO_MANY_PAGES: { key: "tooManyPages", params: (limit) => ({ max: limit ?? "?" }) },
  TOO_LARGE: { key: "fileTooLarge", params: sizeCap },
  NOT_A_PDF: { key: "notAPdf" },
  ENCRYPTED: { key: "pdfEncrypted" },
  MALFORMED: { key: "pdfMalformed" },
  TOO_COMPLEX: { key: "pdfTooComplex" },
  UNSUPPORTED_IMAGE: { key: "notAnImage" },
  TOO_MANY_PIXELS: { key: "imageTooManyPixels", params: pixelCap },
  CORRUPT_IMAGE: { key: "imageCorrupt" },
  ARCHIVE_TOO_LARGE: { key: "archiveTooLarge", params: () => ({ entries: ARCHIVE_MAX_ENTRIES, limit: formatBytes(ARCHIVE_MAX_TOTAL_BYTES) }) },
  ARCHIVE_INVALID: { key: "archiveInvalid" },
  CHAPTER_NOT_FOUND: { key: "chapterNotFound" },
};

const MEDIA_MESSAGES: Record<MediaErrorCode, UploadMessage> = {
  UNSUPPORTED_TYPE: { key: "notAnImage" },
  TOO_LARGE: { key: "fileTooLarge", params: sizeCap },
  TOO_MANY_PIXELS: { key: "imageTooManyPixels", params: pixelCap },
  CORRUPT: { key: "imageCorrupt" },
};

function uploadFailure(
  locale: Locale,
  status: number,
  code: string,
  { key, params }: UploadMessage,
  limit: number | undefined,
  pageNumber?: number,
): Response {
  const text = apiMessage(locale, key, params?.(limit));
  const message = pageNumber === undefined ? text : apiMessage(locale, "onPage", { page: pageNumber, message: text });
  return fail(status, message, { code, message, ...(pageNumber === undefined ? {} : { pageNumber }) });
}
