import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { publicChapter } from "@/server/visibility";
import { chapters, manga, readingProgress } from "@/db/schema";
import { Status } from "@/lib/enums";
import { mediaUrl } from "@/lib/media-url";

export interface ContinueReadingItem {
  mangaId: number;
  mangaTitle: string;
  coverImageUrl: string | null;
  chapterId: number;
  chapterTitle: string;
  chapterNumber: number;
  pageNumber: number;
  pageCount: number;
  updatedAt: Date;
}

/**
 * GET /api/chapter/ContinueReading (beyond the spec, for the dashboard): the signed-in user's unfinished
 * chapters, one per manga (the most recently read), newest first, with the manga's title and cover.
 * Only chapters that are still public are offered. One query (DISTINCT ON the manga, then by time).
 */
export async function continueReading({ db, userId, limit = 10 }: { db: Db; userId: number; limit?: number }): Promise<ContinueReadingItem[]> {
  const latest = db
    .selectDistinctOn([readingProgress.mangaId], {
      mangaId: readingProgress.mangaId,
      mangaTitle: sql<string>`${manga.title}`.as("manga_title"),
      coverImageId: manga.coverImageId,
      chapterId: readingProgress.chapterId,
      chapterTitle: sql<string>`${chapters.title}`.as("chapter_title"),
      chapterNumber: chapters.number,
      pageNumber: readingProgress.pageNumber,
      pageCount: chapters.pageCount,
      updatedAt: readingProgress.updatedAt,
    })
    .from(readingProgress)
    .innerJoin(chapters, eq(chapters.id, readingProgress.chapterId))
    .innerJoin(manga, eq(manga.id, readingProgress.mangaId))
    .where(
      and(
        eq(readingProgress.userId, userId),
        eq(readingProgress.completed, false),
        publicChapter(),
        eq(manga.status, Status.Accepted),
      ),
    )
    .orderBy(readingProgress.mangaId, desc(readingProgress.updatedAt))
    .as("latest");
  const rows = await db.select().from(latest).orderBy(desc(latest.updatedAt), desc(latest.chapterId)).limit(limit);
  return rows.map(({ coverImageId, ...r }) => ({ ...r, coverImageUrl: mediaUrl(coverImageId) }));
}
