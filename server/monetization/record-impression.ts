import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { adImpressionDays, adImpressionMonths, adImpressions } from "@/db/schema";
import { notFound } from "@/server/core/errors";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { resolveChapterAccess } from "@/server/chapters/chapter-access";
import type { Viewer } from "@/server/chapters/types";

/** The reader's three sponsored-overlay moments (components/reader/reader-utils.ts OverlayBand), stored as 0, 1, 2. */
export const IMPRESSION_POSITIONS = ["start", "mid", "end"] as const;
export type ImpressionPosition = (typeof IMPRESSION_POSITIONS)[number];

/**
 * POST /api/chapter/RecordImpression (issue 16 §3): the reader showed the sponsored overlay at `position` of a chapter.
 * One impression per viewer per chapter per position, however often it is called: the (chapter, viewer, position) row
 * is inserted with ON CONFLICT DO NOTHING, and only when it was inserted are the chapter's row of the day (UTC) in
 * ad_impression_days and its author's row of the month in ad_impression_months raised, in the same transaction (concurrent calls wait on the primary key; exactly one counts).
 *
 * Not counted (`counted: false`, nothing written): a chapter the viewer reads as its author or as root (nobody earns
 * from their own reading), a PremiumPlus reader (they are never shown the overlay), a premium chapter the viewer cannot
 * open (the paywall shows instead of the overlay). A chapter the viewer cannot see is a 404, as in the reader.
 */
export async function recordImpression({
  db,
  chapterId,
  viewer,
  viewerKey,
  alsoKnownAs,
  position,
}: {
  db: Db;
  chapterId: number;
  viewer: Viewer;
  viewerKey: string;
  /** As in recordView: the issued cookie's key, recorded beside an impression counted by address and browser. */
  alsoKnownAs?: string;
  position: ImpressionPosition;
}): Promise<{ counted: boolean }> {
  const access = await resolveChapterAccess({ db, chapterId, viewer });
  if (access.kind === "notFound") throw notFound("chapterNotFound");
  if (access.kind === "premium" || access.privileged || access.adFree) return { counted: false };
  return runUnitOfWork(db, async ({ tx }) => {
    const at = IMPRESSION_POSITIONS.indexOf(position);
    const inserted = await tx.insert(adImpressions).values({ chapterId, viewerKey, position: at }).onConflictDoNothing().returning({ chapterId: adImpressions.chapterId });
    if (alsoKnownAs) await tx.insert(adImpressions).values({ chapterId, viewerKey: alsoKnownAs, position: at }).onConflictDoNothing();
    if (inserted.length === 0) return { counted: false };
    await tx
      .insert(adImpressionDays)
      .values({ day: sql`(now() at time zone 'UTC')::date`, chapterId, impressions: 1 })
      .onConflictDoUpdate({ target: [adImpressionDays.chapterId, adImpressionDays.day], set: { impressions: sql`${adImpressionDays.impressions} + 1` } });
    const authorId = access.chapter.manga.authorId;
    if (authorId !== null) {
      await tx
        .insert(adImpressionMonths)
        .values({ month: sql`date_trunc('month', now() at time zone 'UTC')::date`, userId: authorId, impressions: 1 })
        .onConflictDoUpdate({ target: [adImpressionMonths.month, adImpressionMonths.userId], set: { impressions: sql`${adImpressionMonths.impressions} + 1` } });
    }
    return { counted: true };
  });
}
