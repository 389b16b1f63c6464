import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { LATEST } from "@/lib/latest";
import { FEED_COLUMNS, feedChapter, RELEASED_AT, visibleChapter, type FeedChapter } from "./latest-sql";

/**
 * The latest-updates feed's entries (docs/decisions/025): the newest chapters a visitor can see, of the whole
 * catalogue, newest release first, at most `limit` (≤ LATEST.feedEntries). One query.
 */
export async function listLatestChapters({ db, limit = LATEST.feedEntries }: { db: Db; limit?: number }): Promise<FeedChapter[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    select ${FEED_COLUMNS}
    from chapters c join manga m on m.id = c.manga_id
    where ${visibleChapter()}
    order by ${RELEASED_AT} desc, c.id desc
    limit ${Math.max(1, Math.min(Math.trunc(limit), LATEST.feedEntries))}`);
  return result.rows.map(feedChapter);
}
