import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { readingProgress } from "@/db/schema";
import { mediaUrl } from "@/lib/media-url";
import { chapterNeighbours } from "./neighbours";
import type { Viewer } from "./types";
import { requireChapterAccess, type ChapterRow } from "./chapter-access";

/** The chapter as stored (visibility.ts's row), with the manga's public fields, its neighbours and the caller's progress. */
export type ChapterDetail = Omit<ChapterRow, "manga"> & {
  manga: { id: number; title: string; readingDirection: number; coverImageUrl: string | null };
  previousChapterId: number | null;
  nextChapterId: number | null;
  /** The signed-in caller's last page in this chapter, if any. */
  progress: { pageNumber: number; completed: boolean } | null;
};

/** GET /api/chapter/GetChapter/{chapterid}: one chapter as its viewer may see it (404 hidden, 403 premium). */
export async function getChapter({ db, chapterId, viewer }: { db: Db; chapterId: number; viewer: Viewer }): Promise<ChapterDetail> {
  const { chapter, privileged } = await requireChapterAccess({ db, chapterId, viewer });
  const [neighbours, progress] = await Promise.all([
    chapterNeighbours({ db, mangaId: chapter.mangaId, number: chapter.number, privileged }),
    viewer
      ? db
          .select({ pageNumber: readingProgress.pageNumber, completed: readingProgress.completed })
          .from(readingProgress)
          .where(and(eq(readingProgress.userId, viewer.userId), eq(readingProgress.chapterId, chapterId)))
          .limit(1)
      : Promise.resolve([]),
  ]);
  const { manga, reviewNote, ...fields } = chapter;
  return {
    ...fields,
    // The reviewer's note: only for the manga's author and root.
    reviewNote: privileged ? reviewNote : null,
    manga: { id: manga.id, title: manga.title, readingDirection: manga.readingDirection, coverImageUrl: mediaUrl(manga.coverImageId) },
    ...neighbours,
    progress: progress[0] ?? null,
  };
}
