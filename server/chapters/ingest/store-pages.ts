import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { Tx } from "@/server/core/unit-of-work";
import { chapterPages, chapters } from "@/db/schema";
import type { ChapterSource } from "@/lib/enums";
import { MediaKind } from "@/server/media/kind";
import { storeMediaMany, type MediaToStore } from "@/server/media/store-media";
import { isSpread } from "@/lib/paged";
import { IngestError } from "./errors";
import type { EncodedPage, IngestResult, StoredPage } from "./types";

/** Page rows per insert statement (a row is a few short strings). */
const PAGE_ROWS_PER_INSERT = 500;
/** Media items per storeMediaMany call: 4 per page, so 8 pages (about 3 MB of JPEG) per statement. */
const MEDIA_PER_CALL = 32;

export interface StoreChapterPagesOptions {
  db: Db;
  chapterId: number;
  sourceType: ChapterSource;
  /** Already validated and encoded, in reading order (page 1 first). */
  pages: readonly EncodedPage[];
}

/**
 * Replaces a chapter's pages in one transaction: the media (content-addressed, so shared images are stored
 * once), the chapter_pages rows, and chapters.pageCount / sourceType. The chapter row is locked first, so two
 * ingestions of one chapter run one after the other and the last one wins whole. Media of replaced pages stay
 * in the store (other pages may share them); removing unreferenced media is housekeeping's job.
 */
export async function storeChapterPages(opts: StoreChapterPagesOptions): Promise<IngestResult> {
  const { db, ...rest } = opts;
  return db.transaction((tx) => storeChapterPagesIn(tx, rest));
}

/** storeChapterPages inside a use case's own transaction (server/publishing). */
export async function storeChapterPagesIn(tx: Tx, opts: Omit<StoreChapterPagesOptions, "db">): Promise<IngestResult> {
  const { chapterId, sourceType, pages } = opts;
  const [chapter] = await tx
    .update(chapters)
    .set({ pageCount: pages.length, sourceType, updatedAt: new Date() })
    .where(eq(chapters.id, chapterId))
    .returning({ id: chapters.id });
  if (!chapter) throw new IngestError("CHAPTER_NOT_FOUND", `Chapter ${chapterId} does not exist`);

  const stored: StoredPage[] = (await storePageMedia(tx, pages)).map((page, i) => ({ pageNumber: i + 1, ...page }));

  await tx.delete(chapterPages).where(eq(chapterPages.chapterId, chapterId));
  for (let i = 0; i < stored.length; i += PAGE_ROWS_PER_INSERT) {
    await tx.insert(chapterPages).values(stored.slice(i, i + PAGE_ROWS_PER_INSERT).map((p) => ({ chapterId, ...p })));
  }
  return { chapterId, sourceType, pageCount: stored.length, pages: stored };
}

/** Stores encoded pages' media (the reading image and its three variants each), answering their ids in order. */
export async function storePageMedia(tx: Tx, pages: readonly EncodedPage[]): Promise<Array<Omit<StoredPage, "pageNumber">>> {
  const items: MediaToStore[] = pages.flatMap((page) =>
    [page.reading, page.w350, page.w500, page.w700].map((img) => ({ ...img, kind: MediaKind.Page })),
  );
  // A few pages per statement: small statements keep the database's (and PGlite's in-process) working
  // memory low during a 300-page transaction.
  const ids: string[] = [];
  for (let i = 0; i < items.length; i += MEDIA_PER_CALL) {
    ids.push(...(await storeMediaMany(tx, items.slice(i, i + MEDIA_PER_CALL))));
  }
  return pages.map((page, i) => ({
    imageId: ids[i * 4] as string,
    image350Id: ids[i * 4 + 1] as string,
    image500Id: ids[i * 4 + 2] as string,
    image700Id: ids[i * 4 + 3] as string,
    width: page.reading.width,
    height: page.reading.height,
    spread: isSpread(page.reading),
  }));
}

/** Fails early (before any decoding) when the chapter does not exist; storeChapterPages checks again. */
export async function assertChapterExists(db: Db, chapterId: number): Promise<void> {
  const [row] = await db.select({ id: chapters.id }).from(chapters).where(eq(chapters.id, chapterId)).limit(1);
  if (!row) throw new IngestError("CHAPTER_NOT_FOUND", `Chapter ${chapterId} does not exist`);
}
