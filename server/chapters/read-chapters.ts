import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { readingProgress } from "@/db/schema";

/**
 * GET /api/chapter/ReadChapters (beyond the spec; issue 31, item 4; docs/decisions/025): which of these chapters the
 * signed-in user has opened in the reader (a reading_progress row: the reader saves one from the first page shown).
 * The latest-updates page marks the others "New". One index lookup on the (user, chapter) primary key.
 */
export async function readChapters({ db, userId, chapterIds }: { db: Db; userId: number; chapterIds: readonly number[] }): Promise<{ chapterIds: number[] }> {
  if (chapterIds.length === 0) return { chapterIds: [] };
  const rows = await db
    .select({ chapterId: readingProgress.chapterId })
    .from(readingProgress)
    .where(and(eq(readingProgress.userId, userId), inArray(readingProgress.chapterId, [...chapterIds])));
  return { chapterIds: rows.map((r) => r.chapterId).sort((a, b) => a - b) };
}
