import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { env } from "@/server/env";
import { chapters, chapterViews, dailyViews, manga } from "@/db/schema";
import { POPULARITY_PER_FAVORITE, POPULARITY_PER_VIEW } from "@/server/manga/popularity";
import type { Viewer } from "./types";
import { requireChapterAccess } from "./chapter-access";

/**
 * POST /api/chapter/RecordView: one view per chapter per viewer, however often it is called.
 * `viewerKey` is `u:{userId}` for a signed-in user or `a:{cookie}` for an anonymous visitor (the route
 * sets that cookie). In one statement (its own transaction) the (chapter, viewer) row is inserted with ON CONFLICT DO NOTHING;
 * only when a row was inserted are chapters.views and manga.views incremented and the manga's popularity
 * recomputed, and the manga's row of the day (UTC) in daily_views is raised by one (INSERT … ON CONFLICT DO UPDATE),
 * which the administrator's overview reads instead of chapter_views. Concurrent calls by one viewer wait on the
 * primary key, so exactly one of them counts.
 */

export function viewerKeyFor(viewer: Viewer, anonymousId: string | null): string | null {
  if (viewer) return `u:${viewer.userId}`;
  return anonymousId ? `a:${anonymousId}` : null;
}

/**
 * The key of an anonymous caller without a (valid) viewer cookie: one per address per UTC day, hashed with the
 * server's secret (chapter_views keeps no address in clear). Issue 19 keyed it by address and User-Agent; a caller
 * chooses its User-Agent, so each made-up one counted again (issue 27, item 4): now the address alone (an IPv6
 * caller's /64, as `clientIp` gives it), whatever the User-Agent. ADR 018 says what a shared address loses.
 */
export function anonymousDayKey(ip: string, now: Date = new Date()): string {
  const day = now.toISOString().slice(0, 10);
  const digest = createHmac("sha256", env.authSecret).update(`${day}\n${ip}`).digest("base64url").slice(0, 32);
  return `d:${day}:${digest}`;
}

export async function recordView({
  db,
  chapterId,
  viewer,
  viewerKey,
  alsoKnownAs,
}: {
  db: Db;
  chapterId: number;
  viewer: Viewer;
  viewerKey: string;
  /**
   * Another key of the same viewer, recorded with the view (never counted on its own): the cookie the route issues
   * with a view counted by anonymousDayKey, so the visitor's next call with that cookie is recognised.
   */
  alsoKnownAs?: string;
}): Promise<{ counted: boolean; views: number }> {
  await requireChapterAccess({ db, chapterId, viewer });
  // One statement (one round trip, atomic on its own): the view row; only when it was new, the chapter's and the
  // manga's counters, the popularity (server/manga/popularity.ts) and the day's row. Data-modifying CTEs all run
  // once, to completion; the counters' `+ 1` apply to the latest committed row under its lock.
  const result = await db.execute(sql`
    with inserted as (
      insert into ${chapterViews} (chapter_id, viewer_key) values (${chapterId}, ${viewerKey})
      on conflict do nothing returning chapter_id
    ), known_as as (
      insert into ${chapterViews} (chapter_id, viewer_key)
      select ${chapterId}, ${alsoKnownAs ?? null}::text where ${alsoKnownAs ?? null}::text is not null
      on conflict do nothing
    ), chapter as (
      update ${chapters} set views = views + 1
      where id = ${chapterId} and exists (select 1 from inserted)
      returning views, manga_id
    ), counted_manga as (
      update ${manga} set views = views + 1, popularity = (views + 1) * ${POPULARITY_PER_VIEW} + favorites * ${POPULARITY_PER_FAVORITE}
      where id = (select manga_id from chapter)
    ), day as (
      insert into ${dailyViews} (day, manga_id, views)
      select (now() at time zone 'UTC')::date, manga_id, 1 from chapter
      on conflict (day, manga_id) do update set views = ${dailyViews.views} + 1
    )
    select exists (select 1 from chapter) as counted,
      coalesce((select views from chapter), (select views from ${chapters} where id = ${chapterId}), 0)::int as views
  `);
  const row = result.rows[0] as { counted?: unknown; views?: unknown } | undefined;
  return { counted: row?.counted === true || row?.counted === "t", views: Number(row?.views ?? 0) };
}
