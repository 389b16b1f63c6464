import { and, asc, between, eq, not, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chapterPages, chapters, manga, media } from "@/db/schema";
import { Status } from "@/lib/enums";
import { asBoolean } from "@/server/media/premium-media";
import { mediaUrlExpiry, signedMediaUrl, type MediaGrant } from "@/server/media/signed-url";
import { chapterPremiumNow, publicChapter } from "@/server/visibility";
import { fillBucketBytes } from "@/server/media/object-store";
import { PAGE_COPY_WIDTHS, type PageCopyWidth } from "@/lib/media-url";
import type { PageCopies, PageShapes, PageVariants, ReaderPage } from "./types";

/**
 * Page rows of one chapter, `from`…`to` inclusive, as reader pages (URLs only). Shared by the API, the reader page and
 * the review desk. Callers have checked that `viewer` may read the chapter (chapter-access.ts, managed.ts).
 *
 * The pages of a chapter that is not publicly free right now get URLs signed for the viewer (server/media/signed-url.ts):
 * a premium chapter (flagged, free date not yet come), and, since issue 27 item 9, any chapter that is not published
 * (pending, rejected, scheduled) or whose manga is not accepted, which its author and root read in the reader and the
 * review desk. On the database clock, as /media decides (server/media/premium-media.ts), whose plain URLs serve only
 * a published free chapter's pages. Those keep the public, immutable `/media/{id}`.
 */
export async function getPageRange({ db, chapterId, from, to, viewer }: PageRangeOptions): Promise<ReaderPage[]> {
  if (to < from) return [];
  const rows = await db
    .select({ ...pageColumns, signed: signedOnly() })
    .from(chapterPages)
    .innerJoin(chapters, eq(chapters.id, chapterPages.chapterId))
    .innerJoin(manga, eq(manga.id, chapters.mangaId))
    .where(and(eq(chapterPages.chapterId, chapterId), between(chapterPages.pageNumber, from, to)))
    .orderBy(asc(chapterPages.pageNumber));
  const sign = signerFor(viewer);
  return rows.map((r) => toReaderPage(r, asBoolean(r.signed) ? sign : plain));
}

/** The same pages with the reading image's bytes (for the spec's base64 fields), in one joined query (plus the bucket's reads for pages kept there). */
export async function getPageRangeWithBytes({ db, chapterId, from, to, viewer }: PageRangeOptions): Promise<Array<ReaderPage & { bytes: Buffer | null }>> {
  if (to < from) return [];
  const rows = await db
    .select({ ...pageColumns, signed: signedOnly(), store: media.store, bytes: media.bytes })
    .from(chapterPages)
    .innerJoin(chapters, eq(chapters.id, chapterPages.chapterId))
    .innerJoin(manga, eq(manga.id, chapters.mangaId))
    .leftJoin(media, eq(media.id, chapterPages.imageId))
    .where(and(eq(chapterPages.chapterId, chapterId), between(chapterPages.pageNumber, from, to)))
    .orderBy(asc(chapterPages.pageNumber));
  await fillBucketBytes(rows, (r) => r.imageId);
  const sign = signerFor(viewer);
  return rows.map((r) => ({ ...toReaderPage(r, asBoolean(r.signed) ? sign : plain), bytes: r.bytes }));
}

/** SQL: the chapter's pages are served by signed URLs only: it is not published and free now in an accepted manga. */
function signedOnly(): SQL<boolean> {
  return sql<boolean>`not coalesce(${and(publicChapter(), eq(manga.status, Status.Accepted), not(chapterPremiumNow()))}, false)`;
}

export interface PageRangeOptions {
  db: Db;
  chapterId: number;
  from: number;
  to: number;
  /** Who the URLs of premium or unpublished pages are signed for (null: a visitor, who can only be reading a published free chapter). */
  viewer: { userId: number } | null;
}

const pageColumns = {
  pageNumber: chapterPages.pageNumber,
  imageId: chapterPages.imageId,
  image350Id: chapterPages.image350Id,
  image500Id: chapterPages.image500Id,
  image700Id: chapterPages.image700Id,
  width: chapterPages.width,
  height: chapterPages.height,
  spread: chapterPages.spread,
};

type PageRow = { pageNumber: number; imageId: string; image350Id: string | null; image500Id: string | null; image700Id: string | null; width: number; height: number; spread: boolean };
/** A media URL, or with a width its AVIF copy that wide (PAGE_COPY_WIDTHS). */
type UrlOf = (id: string, avifWidth?: PageCopyWidth) => string;

const plain: UrlOf = (id, avifWidth) => (avifWidth === undefined ? `/media/${id}` : `/media/${id}?w=${avifWidth}&f=avif`);

/** Signed URLs for the viewer, one expiry for the whole response (rounded, so the same URLs for a while). */
function signerFor(viewer: { userId: number } | null): UrlOf {
  // A visitor never reaches a premium chapter's pages (403 first); were one to, the plain URLs are refused by /media.
  if (!viewer) return plain;
  const grant: MediaGrant = { userId: viewer.userId, exp: mediaUrlExpiry() };
  return (id, avifWidth) => (avifWidth === undefined ? signedMediaUrl(id, grant) : signedMediaUrl(id, grant, avifWidth, "avif"));
}

function toReaderPage(r: PageRow, url: UrlOf): ReaderPage {
  const full = url(r.imageId);
  // A page without a smaller variant falls back to the next larger one (the reading image last).
  const v700 = r.image700Id ? url(r.image700Id) : full;
  const v500 = r.image500Id ? url(r.image500Id) : v700;
  const v350 = r.image350Id ? url(r.image350Id) : v500;
  const variants: PageVariants = { 350: v350, 500: v500, 700: v700 };
  // The reading image's AVIF copies (made when the pages were stored; on first request for older ones).
  const avif = Object.fromEntries(PAGE_COPY_WIDTHS.map((w) => [w, url(r.imageId, w)])) as unknown as PageCopies;
  return { pageNumber: r.pageNumber, imageUrl: full, width: r.width, height: r.height, spread: r.spread, variants, avif };
}

/**
 * Every page's size and which pages are spreads, in page order (issue 32): the reader pairs double pages and reserves each
 * vertical page's height before any page's data has arrived. A few bytes a page; the caller has checked access.
 */
export async function getPageShapes({ db, chapterId }: { db: Db; chapterId: number }): Promise<PageShapes> {
  const rows = await db
    .select({ pageNumber: chapterPages.pageNumber, width: chapterPages.width, height: chapterPages.height, spread: chapterPages.spread })
    .from(chapterPages)
    .where(eq(chapterPages.chapterId, chapterId))
    .orderBy(asc(chapterPages.pageNumber));
  return { sizes: rows.map((r) => [r.width, r.height]), spreads: rows.filter((r) => r.spread).map((r) => r.pageNumber) };
}
