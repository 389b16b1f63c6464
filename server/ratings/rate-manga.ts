import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { ratings, users } from "@/db/schema";
import type { RatingState } from "@/lib/validation/ratings";
import { notFound, unauthorized } from "@/server/core/errors";
import { enforceRateLimit } from "@/server/core/rate-limit";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import type { SignedInViewer } from "@/server/core/viewer";
import { changed } from "@/server/manga/changed";
import { isRowId } from "@/lib/validation/numbers";
import { accountMatured, lockPublicManga, moveCounters, myRating, RATING_RATE_RULE, stateOf } from "./rules";

/**
 * POST /api/Rating/Rate (members): sets or changes my 1–10 score of a public manga (anything else, or an unknown id, is
 * a 404). One row per account and manga (the primary key; a second call changes it). An account younger than a day is
 * stored uncounted and folded into the mean when it matures (./fold-matured.ts); once counted, a change moves the sum
 * by the difference. One transaction that locks the manga row first, so concurrent ratings of one manga (and one
 * account's concurrent changes) run one after another and the counters stay exact. Rate-limited per account (429).
 * After the commit the manga's public pages refresh on the counters' window, as a favourite does.
 */
export async function rateManga({ db, viewer, mangaId, score }: { db: Db; viewer: SignedInViewer; mangaId: number; score: number }): Promise<RatingState> {
  if (!isRowId(mangaId)) throw notFound("mangaNotFound");
  await enforceRateLimit({ db, rule: RATING_RATE_RULE, subject: String(viewer.userId) });
  return runUnitOfWork(db, async (uow) => {
    const { tx } = uow;
    const target = await lockPublicManga(tx, mangaId);
    if (!target) throw notFound("mangaNotFound");
    const [me] = await tx
      .select({ matured: sql<boolean>`${accountMatured()}` })
      .from(users)
      .where(and(eq(users.id, viewer.userId), isNull(users.deletedAt)));
    if (!me) throw unauthorized("invalidToken");
    const before = await myRating(tx, viewer.userId, mangaId);
    // Once counted, a rating stays counted (an account only grows older).
    const counted = before?.counted === true || me.matured;
    const [after] = await tx
      .insert(ratings)
      .values({ userId: viewer.userId, mangaId, score, counted })
      .onConflictDoUpdate({ target: [ratings.userId, ratings.mangaId], set: { score, counted, updatedAt: sql`now()` } })
      .returning({ score: ratings.score, counted: ratings.counted });
    const sumDelta = (counted ? score : 0) - (before?.counted ? before.score : 0);
    const countDelta = (counted ? 1 : 0) - (before?.counted ? 1 : 0);
    const counters = sumDelta !== 0 || countDelta !== 0 ? await moveCounters(tx, mangaId, sumDelta, countDelta) : target;
    if (sumDelta !== 0 || countDelta !== 0) changed(uow, { counters: mangaId });
    return stateOf(mangaId, after, counters);
  });
}
