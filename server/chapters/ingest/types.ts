import type { ChapterSource } from "@/lib/enums";
import type { EncodedImage } from "@/server/media/process-image";

/** One page, re-encoded: the reading image and the three render-width variants, all JPEG. */
export interface EncodedPage {
  reading: EncodedImage;
  w350: EncodedImage;
  w500: EncodedImage;
  w700: EncodedImage;
}

/** A stored page as written to chapter_pages (media ids are SHA-256 hex; width/height are the reading image's). */
export interface StoredPage {
  pageNumber: number;
  imageId: string;
  image350Id: string;
  image500Id: string;
  image700Id: string;
  width: number;
  height: number;
  /** Wider than tall: a two-page spread (lib/paged.ts isSpread). */
  spread: boolean;
}

export interface IngestResult {
  chapterId: number;
  /** 0 images, 1 PDF. */
  sourceType: ChapterSource;
  pageCount: number;
  pages: StoredPage[];
}
