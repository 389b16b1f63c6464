import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { readingProgress } from "@/db/schema";
import { mediaUrl } from "@/lib/media-url";
import { chapterNeighbours } from "./neighbours";
import type { Viewer } from "./types";
import { requireChapterAccess } from "./visibility";

export interface ChapterDetail {
  id: number;
  mangaId: number;
  title: string;
  number: number;
  status: number;
  isPremium: boolean;
  /** 0 image pages, 1 PDF. */
  sourceType: number;
  pageCount: number;
  views: number;
  /** The reviewer's note: only for the manga's author and root. */
  reviewNote: string | null;
  createdAt: Date;
  updatedAt: Date;
  manga: { id: number; title: string; readingDirection: number; coverImageUrl: string | null };
  previousChapterId: number | null;
  nextChapterId: number | null;
  /** The signed-in caller's last page in this chapter, if any. */
  progress: { pageNumber: number; completed: boolean } | null;
}

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
  return {
    id: chapter.id,
    mangaId: chapter.mangaId,
    title: chapter.title,
    number: chapter.number,
    status: chapter.status,
    isPremium: chapter.isPremium,
    sourceType: chapter.sourceType,
    pageCount: chapter.pageCount,
    views: chapter.views,
    reviewNote: privileged ? chapter.reviewNote : null,
    createdAt: chapter.createdAt,
    updatedAt: chapter.updatedAt,
    manga: {
      id: chapter.manga.id,
      title: chapter.manga.title,
      readingDirection: chapter.manga.readingDirection,
      coverImageUrl: mediaUrl(chapter.manga.coverImageId),
    },
    ...neighbours,
    progress: progress[0] ?? null,
  };
}
