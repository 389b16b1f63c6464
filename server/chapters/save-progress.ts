import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { readingProgress } from "@/db/schema";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import type { Viewer } from "./types";
import { requireChapterAccess } from "./chapter-access";

export interface SavedProgress {
  chapterId: number;
  mangaId: number;
  pageNumber: number;
  pageCount: number;
  /** The saved page is the chapter's last. */
  completed: boolean;
  /** The vertical view's exact place (issue 32), null when saved from a paged view. */
  anchor: { page: number; offset: number } | null;
}

/**
 * POST /api/chapter/SaveProgress (beyond the spec): the signed-in user's last page in a chapter, one row per
 * user and chapter (upsert). The page is clamped to the chapter; only chapters the user may read are saved. The vertical
 * view's exact place (issue 32) is kept with it, so another browser resumes there.
 */
export async function saveProgress({ db, viewer, chapterId, pageNumber, anchorPage, anchorOffset }: {
  db: Db;
  viewer: NonNullable<Viewer>;
  chapterId: number;
  pageNumber: number;
  /** Issue 32: the vertical view's place, the page at the top edge and a fraction 0–1 of its height (both or neither). */
  anchorPage?: number;
  anchorOffset?: number;
}): Promise<SavedProgress> {
  const { userId } = viewer;
  const { chapter } = await requireChapterAccess({ db, chapterId, viewer });
  const pageCount = chapter.pageCount;
  const page = Math.max(1, Math.min(pageNumber, Math.max(1, pageCount)));
  const completed = pageCount > 0 && page >= pageCount;
  // A paged view's save clears the place (the page alone is where to resume then).
  const anchor = anchorPage !== undefined && anchorOffset !== undefined && pageCount > 0
    ? { page: Math.min(anchorPage, pageCount), offset: Math.min(1, Math.max(0, anchorOffset)) }
    : null;
  // A write like every other (ADR 012): one unit of work, here a single upsert with no effects to follow.
  await runUnitOfWork(db, (uow) =>
    uow.tx
      .insert(readingProgress)
      .values({ userId, chapterId, mangaId: chapter.mangaId, pageNumber: page, completed, anchorPage: anchor?.page ?? null, anchorOffset: anchor?.offset ?? null, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: [readingProgress.userId, readingProgress.chapterId],
        set: { pageNumber: page, completed, mangaId: chapter.mangaId, anchorPage: anchor?.page ?? null, anchorOffset: anchor?.offset ?? null, updatedAt: sql`now()` },
      }),
  );
  return { chapterId, mangaId: chapter.mangaId, pageNumber: page, pageCount, completed, anchor };
}
