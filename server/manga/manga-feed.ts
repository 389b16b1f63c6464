import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { Status } from "@/lib/enums";
import { LATEST } from "@/lib/latest";
import { mediaUrl } from "@/lib/media-url";
import { FEED_COLUMNS, feedChapter, iso, RELEASED_AT, visibleChapter, type FeedChapter } from "./latest-sql";

export interface MangaFeed {
  mangaId: number;
  title: string;
  description: string;
  coverImageUrl: string | null;
  updatedAt: string;
  chapters: FeedChapter[];
}

/**
 * One manga's feed (docs/decisions/025): its newest chapters a visitor can see (at most `limit` ≤
 * LATEST.feedEntries), or undefined when the manga does not exist or is not public (the feed route answers 404).
 * Two queries, whatever the number of chapters.
 */
export async function getMangaFeed({ db, mangaId, limit = LATEST.feedEntries }: { db: Db; mangaId: number; limit?: number }): Promise<MangaFeed | undefined> {
  const found = await db.execute<{ id: number; title: string; description: string; cover_image_id: string | null; updated_at: unknown }>(sql`
    select id, title, description, cover_image_id, updated_at from manga where id = ${mangaId} and status = ${Status.Accepted}`);
  const m = found.rows[0];
  if (!m) return undefined;
  const result = await db.execute<Record<string, unknown>>(sql`
    select ${FEED_COLUMNS}
    from chapters c join manga m on m.id = c.manga_id
    where c.manga_id = ${mangaId} and ${visibleChapter()}
    order by ${RELEASED_AT} desc, c.number desc
    limit ${Math.max(1, Math.min(Math.trunc(limit), LATEST.feedEntries))}`);
  return {
    mangaId: Number(m.id),
    title: m.title,
    description: m.description,
    coverImageUrl: mediaUrl(m.cover_image_id),
    updatedAt: iso(m.updated_at),
    chapters: result.rows.map(feedChapter),
  };
}
