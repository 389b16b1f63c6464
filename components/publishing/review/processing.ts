const INGEST_CODES = [
  "EMPTY", "TOO_MANY_PAGES", "TOO_LARGE", "NOT_A_PDF", "ENCRYPTED", "MALFORMED", "TOO_COMPLEX", "UNSUPPORTED_IMAGE", "TOO_MANY_PIXELS", "CORRUPT_IMAGE",
] as const;

/** The writer-facing text of a failed chapter's processing error code (server/chapters/ingest/errors.ts), in `approval`. */
export function processingReason(t: (key: string) => string, code: string | null): string {
  const known = INGEST_CODES.find((k) => k === code);
  return t(`processingErrors.${known ?? "other"}`);
}
