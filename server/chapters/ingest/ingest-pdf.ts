import type { Db } from "@/db/client";
import { ChapterSource } from "@/lib/enums";
import { checkPdfBytes, rasterizePdf, type RasterizePdfOptions } from "./rasterize-pdf";
import { assertChapterExists, storeChapterPages } from "./store-pages";
import type { IngestResult } from "./types";

export interface IngestChapterPdfOptions extends Omit<RasterizePdfOptions, "pdf"> {
  db: Db;
  chapterId: number;
  /** Untrusted upload: ≤ 50 MB, must start with %PDF-. The caller's buffer is not modified. */
  pdf: Uint8Array;
}

/**
 * Replaces a chapter's pages with the pages of a PDF (chapters.sourceType 1): each page rendered once at
 * reading width in worker threads and stored with its 350/500/700 variants. Throws IngestError (EMPTY,
 * TOO_LARGE, NOT_A_PDF, ENCRYPTED, MALFORMED, TOO_MANY_PAGES, TOO_COMPLEX, CHAPTER_NOT_FOUND); nothing is
 * stored unless every page rendered.
 */
export async function ingestChapterPdf(opts: IngestChapterPdfOptions): Promise<IngestResult> {
  const { db, chapterId, ...raster } = opts;
  checkPdfBytes(raster.pdf);
  await assertChapterExists(db, chapterId);
  const pages = await rasterizePdf(raster);
  opts.signal?.throwIfAborted();
  return storeChapterPages({ db, chapterId, sourceType: ChapterSource.Pdf, pages });
}
