import { ChapterSource } from "@/lib/enums";
import { inspectPdf, processImagePages, type EncodedPage } from "@/server/chapters/ingest";
import { splitTallImages } from "@/server/chapters/ingest/split-tall";

/** What a chapter upload carries: page images in reading order, or one PDF. */
export type ChapterUpload = { kind: "images"; files: readonly Uint8Array[] } | { kind: "pdf"; bytes: Uint8Array };

/** An upload after the checks a request can afford: encoded image pages, or a PDF that opens (rendered later). */
export type PreparedUpload =
  | { kind: "images"; sourceType: typeof ChapterSource.Images; pages: EncodedPage[] }
  | { kind: "pdf"; sourceType: typeof ChapterSource.Pdf; bytes: Uint8Array; pageCount: number };

/**
 * Checks and prepares an upload before any transaction opens (CPU work holds no locks): images are sniffed, capped,
 * webtoon strips cut into pages, and every page encoded; a PDF is checked and opened (encrypted, malformed, empty and
 * too long files are refused here) and rendered later by the job runner. Throws IngestError; nothing is stored.
 */
export async function prepareUpload(upload: ChapterUpload): Promise<PreparedUpload> {
  if (upload.kind === "images") {
    const pages = await processImagePages({ files: await splitTallImages(upload.files) });
    return { kind: "images", sourceType: ChapterSource.Images, pages };
  }
  const { pageCount } = await inspectPdf(upload.bytes);
  return { kind: "pdf", sourceType: ChapterSource.Pdf, bytes: upload.bytes, pageCount };
}
