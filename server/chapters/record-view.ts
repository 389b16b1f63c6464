import { createHmac } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { env } from "@/server/env";
import { chapters, chapterViews, dailyViews, manga } from "@/db/schema";
import { POPULARITY_PER_FAVORITE, POPULARITY_PER_VIEW } from "@/server/manga/popularity";
import type { Viewer } from "./types";
import { requireChapterAccess } from "./chapter-access";

/**
 * POST /api/chapter/RecordView: one view per chapter per viewer, however often it is called.
 * `viewerKey` is `u:{userId}` for a signed-in user or `a:{cookie}` for an anonymous visitor (the route
 * sets that cookie). In one transaction the (chapter, viewer) row is inserted with ON CONFLICT DO NOTHING;
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
 * The key of an anonymous caller without a (valid) viewer cookie (issue 19, item 4): one per address and User-Agent per
 * UTC day, hashed with the server's secret (chapter_views keeps no address in clear). Calls without a cookie used to
 * count every time; now they count once per chapter per (address, user agent) per day.
 */
export function anonymousDayKey(ip: string, userAgent: string | null, now: Date = new Date()): string {
  const day = now.toISOString().slice(0, 10);
  const digest = createHmac("sha256", env.authSecret).update(`${day}\n${ip}\n${userAgent ?? ""}`).digest("base64url").slice(0, 32);
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
  return runUnitOfWork(db, async ({ tx }) => {
    const inserted = await tx
      .insert(chapterViews)
      .values({ chapterId, viewerKey })
      .onConflictDoNothing()
      .returning({ chapterId: chapterViews.chapterId });
    if (alsoKnownAs) await tx.insert(chapterViews).values({ chapterId, viewerKey: alsoKnownAs }).onConflictDoNothing();
    if (inserted.length === 0) {
      const [row] = await tx.select({ views: chapters.views }).from(chapters).where(eq(chapters.id, chapterId));
      return { counted: false, views: row?.views ?? 0 };
    }
    const [row] = await tx
      .update(chapters)
      .set({ views: sql`${chapters.views} + 1` })
      .where(eq(chapters.id, chapterId))
      .returning({ views: chapters.views, mangaId: chapters.mangaId });
    if (row) {
      await tx
        .update(manga)
        .set({
          views: sql`${manga.views} + 1`,
          // Recomputed from the new counts with the catalogue's formula (server/manga/popularity.ts).
          popularity: sql`(${manga.views} + 1) * ${POPULARITY_PER_VIEW} + ${manga.favorites} * ${POPULARITY_PER_FAVORITE}`,
        })
        .where(eq(manga.id, row.mangaId));
      await tx
        .insert(dailyViews)
        .values({ day: sql`(now() at time zone 'UTC')::date`, mangaId: row.mangaId, views: 1 })
        .onConflictDoUpdate({ target: [dailyViews.day, dailyViews.mangaId], set: { views: sql`${dailyViews.views} + 1` } });
    }
    return { counted: true, views: row?.views ?? 0 };
  });
}
