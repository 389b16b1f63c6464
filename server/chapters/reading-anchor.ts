import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { readingProgress } from "@/db/schema";

/**
 * The signed-in reader's exact place in a chapter's vertical view (issue 32), as the last save from any browser left it:
 * the page at the top edge and a fraction 0–1 of its height. Null when none (never saved, or saved from a paged view).
 */
export async function getReadingAnchor({ db, userId, chapterId }: { db: Db; userId: number; chapterId: number }): Promise<{ page: number; offset: number } | null> {
  const [row] = await db
    .select({ page: readingProgress.anchorPage, offset: readingProgress.anchorOffset })
    .from(readingProgress)
    .where(and(eq(readingProgress.userId, userId), eq(readingProgress.chapterId, chapterId)))
    .limit(1);
  return row && row.page !== null && row.offset !== null ? { page: row.page, offset: row.offset } : null;
}
