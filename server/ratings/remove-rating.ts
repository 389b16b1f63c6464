import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { ratings } from "@/db/schema";
import type { RatingState } from "@/lib/validation/ratings";
import { notFound } from "@/server/core/errors";
import { enforceRateLimit } from "@/server/core/rate-limit";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import type { SignedInViewer } from "@/server/core/viewer";
import { changed } from "@/server/manga/changed";
import { isRowId } from "@/lib/validation/numbers";
import { lockPublicManga, moveCounters, RATING_RATE_RULE, stateOf } from "./rules";

/**
 * POST /api/Rating/Remove (members): removes my rating of a public manga (idempotent: none to remove answers the same
 * state). Locks the manga row first, like rating; a counted rating leaves the sum and count. Counts in the rating rule.
 */
export async function removeRating({ db, viewer, mangaId }: { db: Db; viewer: SignedInViewer; mangaId: number }): Promise<RatingState> {
  if (!isRowId(mangaId)) throw notFound("mangaNotFound");
  await enforceRateLimit({ db, rule: RATING_RATE_RULE, subject: String(viewer.userId) });
  return runUnitOfWork(db, async (uow) => {
    const { tx } = uow;
    const target = await lockPublicManga(tx, mangaId);
    if (!target) throw notFound("mangaNotFound");
    const [removed] = await tx
      .delete(ratings)
      .where(and(eq(ratings.userId, viewer.userId), eq(ratings.mangaId, mangaId)))
      .returning({ score: ratings.score, counted: ratings.counted });
    if (!removed?.counted) return stateOf(mangaId, undefined, target);
    const counters = await moveCounters(tx, mangaId, -removed.score, -1);
    changed(uow, { counters: mangaId });
    return stateOf(mangaId, undefined, counters);
  });
}
