import { sql, type SQL } from "drizzle-orm";
import { Status } from "@/lib/enums";
import { mediaUrl } from "@/lib/media-url";
import type { LatestChapter } from "@/lib/latest";

/**
 * What the latest-updates reads share (./latest-updates.ts, ./latest-chapters.ts, ./manga-feed.ts; docs/decisions/025),
 * in SQL over the aliases `c` (chapters) and `m` (manga): visibility as server/visibility.ts says it for a visitor, the
 * release time and the premium flag.
 */
export const RELEASED_AT = sql.raw("coalesce(c.announced_at, c.publish_at, c.created_at)");
export const PREMIUM_NOW = sql.raw("(c.is_premium and (c.free_at is null or c.free_at > now()))");
/** SQL: chapter `c` of manga `m` is visible to a visitor now. */
export const visibleChapter = (): SQL =>
  sql`c.status = ${Status.Accepted} and (c.publish_at is null or c.publish_at <= now()) and m.status = ${Status.Accepted}`;

export const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();

/** A feed entry: one public chapter with its manga. */
export interface FeedChapter extends LatestChapter {
  mangaId: number;
  mangaTitle: string;
  coverImageUrl: string | null;
}

/** The columns feedChapter reads. */
export const FEED_COLUMNS = sql`c.id, c.number, c.title, ${PREMIUM_NOW} as premium, ${RELEASED_AT} as released_at, m.id as manga_id, m.title as manga_title, m.cover_image_id`;

export function feedChapter(r: Record<string, unknown>): FeedChapter {
  return {
    id: Number(r.id),
    number: Number(r.number),
    title: String(r.title ?? ""),
    premium: Boolean(r.premium),
    releasedAt: iso(r.released_at),
    mangaId: Number(r.manga_id),
    mangaTitle: String(r.manga_title ?? ""),
    coverImageUrl: mediaUrl(r.cover_image_id as string | null),
  };
}
