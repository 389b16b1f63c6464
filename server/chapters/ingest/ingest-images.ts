import os from "node:os";
import type { Db } from "@/db/client";
import { ChapterSource } from "@/lib/enums";
import { encodesInBackground, processPageVariantsInBackground } from "@/server/media/background-encoder";
import { IMAGE_MAX_BYTES, MediaError, processPageVariants, type EncodedImage } from "@/server/media/process-image";
import { sniffImage } from "@/server/media/sniff";
import { IngestError, type IngestErrorCode } from "./errors";
import { MAX_IMAGE_PAGES, PAGE_WIDTHS, READING_WIDTH } from "./limits";
import { assertChapterExists, storeChapterPages } from "./store-pages";
import type { EncodedPage, IngestResult } from "./types";

export interface ProcessImagePagesOptions {
  /** Untrusted uploads, one per page, in reading order. */
  files: readonly Uint8Array[];
  maxPages?: number;
  /** Images decoded at once; default one per core. */
  concurrency?: number;
  signal?: AbortSignal;
}

export interface IngestChapterImagesOptions extends ProcessImagePagesOptions {
  db: Db;
  chapterId: number;
}

const MEDIA_TO_INGEST: Record<MediaError["code"], IngestErrorCode> = {
  UNSUPPORTED_TYPE: "UNSUPPORTED_IMAGE",
  TOO_LARGE: "TOO_LARGE",
  TOO_MANY_PIXELS: "TOO_MANY_PIXELS",
  CORRUPT: "CORRUPT_IMAGE",
};

/**
 * Validates and re-encodes image pages (sniffed by content, 15 MB and pixel caps, decoded once each) into the
 * reading JPEG (≤ 1400 px wide, never enlarged) and the 350/500/700 variants (greyscale when the page has no
 * colour, see encodePageVariants). Every file is checked before
 * anything is returned; the first failing page (lowest number) is reported.
 */
export async function processImagePages(opts: ProcessImagePagesOptions): Promise<EncodedPage[]> {
  const { files } = opts;
  const maxPages = opts.maxPages ?? MAX_IMAGE_PAGES;
  if (files.length === 0) throw new IngestError("EMPTY", "No page images were given");
  if (files.length > maxPages) {
    throw new IngestError("TOO_MANY_PAGES", `${files.length} pages were given; at most ${maxPages} are accepted`, { limit: maxPages });
  }
  // Cheap checks on every file before decoding any of them.
  files.forEach((file, i) => {
    const pageNumber = i + 1;
    if (file.byteLength > IMAGE_MAX_BYTES) {
      throw new IngestError("TOO_LARGE", `Page ${pageNumber} is larger than ${IMAGE_MAX_BYTES / (1024 * 1024)} MB`, { pageNumber, limit: IMAGE_MAX_BYTES });
    }
    if (!sniffImage(file)) {
      throw new IngestError("UNSUPPORTED_IMAGE", `Page ${pageNumber} is not a JPEG, PNG, WebP or GIF image`, { pageNumber });
    }
  });

  // In production a child process at a lower CPU priority encodes (server/media/background-encoder.ts).
  const encode = encodesInBackground() ? processPageVariantsInBackground : processPageVariants;
  const results = new Array<EncodedPage>(files.length);
  const failures: IngestError[] = [];
  let next = 0;
  const worker = async () => {
    while (failures.length === 0 && next < files.length) {
      opts.signal?.throwIfAborted();
      const index = next++;
      const pageNumber = index + 1;
      try {
        const variants = await encode({ input: files[index] as Uint8Array, widths: PAGE_WIDTHS });
        results[index] = toEncodedPage(variants);
      } catch (err) {
        failures.push(toIngestError(err, pageNumber));
      }
    }
  };
  const concurrency = Math.max(1, Math.floor(opts.concurrency ?? os.availableParallelism()));
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
  if (failures.length > 0) {
    throw failures.reduce((a, b) => ((a.pageNumber ?? 0) <= (b.pageNumber ?? 0) ? a : b));
  }
  return results;
}

/** Replaces a chapter's pages with the given images (chapters.sourceType 0); nothing is stored on any failure. */
export async function ingestChapterImages(opts: IngestChapterImagesOptions): Promise<IngestResult> {
  await assertChapterExists(opts.db, opts.chapterId);
  const pages = await processImagePages(opts);
  opts.signal?.throwIfAborted();
  return storeChapterPages({ db: opts.db, chapterId: opts.chapterId, sourceType: ChapterSource.Images, pages });
}

function toEncodedPage(variants: Map<number, EncodedImage>): EncodedPage {
  const reading = variants.get(READING_WIDTH);
  const w350 = variants.get(350);
  const w500 = variants.get(500);
  const w700 = variants.get(700);
  if (!reading || !w350 || !w500 || !w700) throw new Error("processPageVariants returned too few widths");
  return { reading, w350, w500, w700 };
}

function toIngestError(err: unknown, pageNumber: number): IngestError {
  if (err instanceof IngestError) return err;
  if (err instanceof MediaError) {
    return new IngestError(MEDIA_TO_INGEST[err.code], `Page ${pageNumber}: ${err.message}`, { pageNumber, limit: err.limit, cause: err });
  }
  if (err instanceof Error && err.name === "AbortError") throw err;
  return new IngestError("CORRUPT_IMAGE", `Page ${pageNumber} could not be processed`, { pageNumber, cause: err });
}
