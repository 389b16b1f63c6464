import { and, asc, between, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chapterPages, media } from "@/db/schema";
import { fillBucketBytes } from "@/server/media/object-store";
import type { PageVariants, ReaderPage } from "./types";

/** Page rows of one chapter, `from`…`to` inclusive, as reader pages (URLs only). Shared by the API and the reader page. */
export async function getPageRange({ db, chapterId, from, to }: { db: Db; chapterId: number; from: number; to: number }): Promise<ReaderPage[]> {
  if (to < from) return [];
  const rows = await db
    .select(pageColumns)
    .from(chapterPages)
    .where(and(eq(chapterPages.chapterId, chapterId), between(chapterPages.pageNumber, from, to)))
    .orderBy(asc(chapterPages.pageNumber));
  return rows.map(toReaderPage);
}

/** The same pages with the reading image's bytes (for the spec's base64 fields), in one joined query (plus the bucket's reads for pages kept there). */
export async function getPageRangeWithBytes({ db, chapterId, from, to }: { db: Db; chapterId: number; from: number; to: number }): Promise<Array<ReaderPage & { bytes: Buffer | null }>> {
  if (to < from) return [];
  const rows = await db
    .select({ ...pageColumns, store: media.store, bytes: media.bytes })
    .from(chapterPages)
    .leftJoin(media, eq(media.id, chapterPages.imageId))
    .where(and(eq(chapterPages.chapterId, chapterId), between(chapterPages.pageNumber, from, to)))
    .orderBy(asc(chapterPages.pageNumber));
  await fillBucketBytes(rows, (r) => r.imageId);
  return rows.map((r) => ({ ...toReaderPage(r), bytes: r.bytes }));
}

const pageColumns = {
  pageNumber: chapterPages.pageNumber,
  imageId: chapterPages.imageId,
  image350Id: chapterPages.image350Id,
  image500Id: chapterPages.image500Id,
  image700Id: chapterPages.image700Id,
  width: chapterPages.width,
  height: chapterPages.height,
};

type PageRow = { pageNumber: number; imageId: string; image350Id: string | null; image500Id: string | null; image700Id: string | null; width: number; height: number };

const url = (id: string) => `/media/${id}`;

function toReaderPage(r: PageRow): ReaderPage {
  const full = url(r.imageId);
  // A page without a smaller variant falls back to the next larger one (the reading image last).
  const v700 = r.image700Id ? url(r.image700Id) : full;
  const v500 = r.image500Id ? url(r.image500Id) : v700;
  const v350 = r.image350Id ? url(r.image350Id) : v500;
  const variants: PageVariants = { 350: v350, 500: v500, 700: v700 };
  return { pageNumber: r.pageNumber, imageUrl: full, width: r.width, height: r.height, variants };
}
