import { asc, eq } from "drizzle-orm";
import { chapterPages, chapters } from "@/db/schema";
import { ChapterSource } from "@/lib/enums";
import type { Locale } from "@/i18n/routing";
import { MAX_IMAGE_PAGES, processImagePages, storePageMedia, type EncodedPage, type StoredPage } from "@/server/chapters/ingest";
import { splitTallImages } from "@/server/chapters/ingest/split-tall";
import { conflict, validation } from "@/server/core/errors";
import { apiMessage } from "@/server/core/messages";
import type { Tx } from "@/server/core/unit-of-work";
import { Processing } from "./managed";

/**
 * A chapter's pages fixed in place (ADR 013 "Fixing pages in place"): UpdateChapter's `pageOrder` lists the new pages
 * in reading order, each a page the chapter has now (`page`: its current number, kept with its stored images, never
 * re-encoded) or one of the uploaded images (`file`: its index, from 0). Replacing one page, inserting, removing and
 * reordering are all such a list. The chapter keeps its id, views and everything else.
 */
export type PageEntry = { page: number } | { file: number };

const isKept = (entry: PageEntry): entry is { page: number } => "page" in entry;

/**
 * Checks a list against the chapter (locked by the caller): an image chapter whose pages are ready, and every named
 * page one of its own. Anything else is refused with a field error on `pageOrder`; nothing changes.
 */
export async function checkPageOrder(tx: Tx, chapterId: number, entries: readonly PageEntry[], locale: Locale): Promise<void> {
  const [row] = await tx.select({ sourceType: chapters.sourceType, processing: chapters.processing, pageCount: chapters.pageCount }).from(chapters).where(eq(chapters.id, chapterId));
  if (!row) return;
  if (row.processing === Processing.Processing) throw conflict("chapterProcessing");
  if (row.sourceType !== ChapterSource.Images) throw validation({ pageOrder: [apiMessage(locale, "pageOrderImagesOnly")] });
  const pages = new Set((await tx.select({ n: chapterPages.pageNumber }).from(chapterPages).where(eq(chapterPages.chapterId, chapterId))).map((r) => r.n));
  if (entries.some((e) => isKept(e) && !pages.has(e.page))) throw validation({ pageOrder: [apiMessage(locale, "pageOrderForeignPage")] });
}

/**
 * Encodes the uploaded images of a list (before any transaction opens, like prepareUpload): each file may become
 * several pages (a webtoon strip is cut), so the answer is one group of pages per file. The whole chapter stays
 * within MAX_IMAGE_PAGES (IngestError TOO_MANY_PAGES).
 */
export async function encodePageFiles(entries: readonly PageEntry[], files: readonly Uint8Array[]): Promise<EncodedPage[][]> {
  if (files.length === 0) return [];
  const slices = await Promise.all(files.map((file) => splitTallImages([file])));
  const kept = entries.filter(isKept).length;
  const encoded = await processImagePages({ files: slices.flat(), maxPages: Math.max(1, MAX_IMAGE_PAGES - kept) });
  const groups: EncodedPage[][] = [];
  let at = 0;
  for (const group of slices) {
    groups.push(encoded.slice(at, at + group.length));
    at += group.length;
  }
  return groups;
}

/**
 * Rewrites the chapter's page rows in the list's order, in the caller's transaction: kept pages reuse their stored
 * media, new ones are stored. Answers whether the pages changed (a list that keeps every page in place changes
 * nothing), the media the pages used before (for removeUnusedMedia) and the new pages (for their copies).
 */
export async function applyPageOrder(
  tx: Tx,
  chapterId: number,
  entries: readonly PageEntry[],
  groups: readonly EncodedPage[][],
): Promise<{ changed: boolean; previousMedia: string[]; added: StoredPage[] }> {
  const rows = await tx.select().from(chapterPages).where(eq(chapterPages.chapterId, chapterId)).orderBy(asc(chapterPages.pageNumber));
  const byNumber = new Map(rows.map((r) => [r.pageNumber, r]));
  const unchanged = groups.length === 0 && entries.length === rows.length && entries.every((e, i) => isKept(e) && e.page === rows[i]!.pageNumber);
  if (unchanged) return { changed: false, previousMedia: [], added: [] };

  const stored = await Promise.all(groups.map((group) => storePageMedia(tx, group)));
  const pages: Array<typeof chapterPages.$inferInsert> = [];
  const added: StoredPage[] = [];
  for (const entry of entries) {
    if (isKept(entry)) {
      // checkPageOrder found every kept page under the same lock.
      const row = byNumber.get(entry.page)!;
      pages.push({ ...row, pageNumber: pages.length + 1 });
    } else {
      for (const page of stored[entry.file] ?? []) {
        const fresh = { pageNumber: pages.length + 1, ...page };
        pages.push({ chapterId, ...fresh });
        added.push(fresh);
      }
    }
  }
  await tx.delete(chapterPages).where(eq(chapterPages.chapterId, chapterId));
  await tx.insert(chapterPages).values(pages);
  await tx.update(chapters).set({ pageCount: pages.length }).where(eq(chapters.id, chapterId));
  const previousMedia = rows.flatMap((r) => [r.imageId, r.image350Id, r.image500Id, r.image700Id]).filter((id): id is string => typeof id === "string");
  return { changed: true, previousMedia, added };
}
