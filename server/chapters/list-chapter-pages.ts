import type { Db } from "@/db/client";
import { getPageRange, getPageRangeWithBytes } from "./pages";
import { paged, type Paged, type PageCopies, type PageVariants, type Viewer } from "./types";
import { requireChapterAccess } from "./chapter-access";

/**
 * PaginatedChapterImagePages / PaginatedChapterPdfPages (spec §7): a chapter's pages, `pageSize` at a time.
 * Each item has the spec's number and base64 JPEG fields (`pageNumber`/`imageData` for image chapters'
 * endpoint, `pdfPageNumber`/`pdfPageData` for the PDF one) plus the page's URL, size and render-width
 * variants, and (added for the reader) its AVIF copies; `imageFormat: "url"` leaves the base64 out. Both endpoints serve any chapter: pages are stored
 * the same way whatever their source. Hidden chapters are 404, premium ones 403 (see visibility.ts); the URLs of a
 * chapter that is premium now are signed for the caller (pages.ts).
 */
export interface PageItemCommon {
  imageUrl: string;
  width: number;
  height: number;
  variants: PageVariants;
  /** AVIF copies of the reading image, 480/720/1080 px wide at most (an addition to the spec's fields). */
  avif?: PageCopies;
}
export type ImagePageItem = PageItemCommon & { pageNumber: number; imageData?: string };
export type PdfPageItem = PageItemCommon & { pdfPageNumber: number; pdfPageData?: string };

export interface ListChapterPagesOptions {
  db: Db;
  viewer: Viewer;
  chapterId: number;
  pageNumber: number;
  pageSize: number;
  imageFormat: "base64" | "url";
}

export function listChapterImagePages(opts: ListChapterPagesOptions): Promise<Paged<ImagePageItem>> {
  return listPages(opts, (p, data) => ({ pageNumber: p.pageNumber, ...(data === undefined ? {} : { imageData: data }), ...common(p) }));
}

export function listChapterPdfPages(opts: ListChapterPagesOptions): Promise<Paged<PdfPageItem>> {
  return listPages(opts, (p, data) => ({ pdfPageNumber: p.pageNumber, ...(data === undefined ? {} : { pdfPageData: data }), ...common(p) }));
}

type Page = PageItemCommon & { pageNumber: number };

function common(p: Page): PageItemCommon {
  return { imageUrl: p.imageUrl, width: p.width, height: p.height, variants: p.variants, avif: p.avif };
}

async function listPages<T>(opts: ListChapterPagesOptions, shape: (page: Page, data: string | undefined) => T): Promise<Paged<T>> {
  const { db, viewer, chapterId, pageNumber, pageSize, imageFormat } = opts;
  const { chapter } = await requireChapterAccess({ db, chapterId, viewer });
  const from = (pageNumber - 1) * pageSize + 1;
  const to = Math.min(chapter.pageCount, pageNumber * pageSize);
  const items =
    imageFormat === "url"
      ? (await getPageRange({ db, chapterId, from, to, viewer })).map((p) => shape(p, undefined))
      : (await getPageRangeWithBytes({ db, chapterId, from, to, viewer })).map((p) => shape(p, p.bytes ? p.bytes.toString("base64") : ""));
  return paged(items, pageNumber, pageSize, chapter.pageCount);
}
