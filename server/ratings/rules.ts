import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Tx } from "@/server/core/unit-of-work";
import { manga, ratings, users } from "@/db/schema";
import { Status } from "@/lib/enums";
import { ratingMean } from "@/lib/rating";
import type { RatingState } from "@/lib/validation/ratings";
import type { RateRule } from "@/server/core/rate-limit";

/**
 * Ratings (issue 34, item 3; docs/decisions/028): the rules the use cases of this folder share.
 *
 * Counting: manga.rating_sum / rating_count hold the ratings marked `counted`. Every write to a manga's ratings (rate,
 * remove, the fold-in of matured accounts, an account's deletion) locks that manga's row first, in id order when there
 * are several, so the counters and the rows always agree, however many accounts rate at once.
 */

/** An account counts once it is this old (the database clock decides, so every process agrees). */
export const MATURITY = sql.raw(`interval '1 day'`);

/** SQL: the account row is at least a day old. */
export const accountMatured = (): SQL => sql`${users.createdAt} <= now() - ${MATURITY}`;

/**
 * Rates and removals one account may send in an hour (RATE_LIMIT_RATE_MANGA overrides, like every rule): a reader
 * rating their shelf sends a few dozen; 120 an hour is never met by a person.
 */
export const RATING_RATE_RULE: RateRule = { name: "rate_manga", limit: 120, windowSeconds: 60 * 60 };

/** Locks the manga row (the order every ratings write keeps) and returns it when the manga is public, else undefined. */
export async function lockPublicManga(tx: Tx, mangaId: number) {
  const [row] = await tx
    .select({ id: manga.id, ratingSum: manga.ratingSum, ratingCount: manga.ratingCount })
    .from(manga)
    .where(and(eq(manga.id, mangaId), eq(manga.status, Status.Accepted)))
    .for("update");
  return row;
}

/** Moves the manga's counted sum and count; returns the new ones. */
export async function moveCounters(tx: Tx, mangaId: number, sumDelta: number, countDelta: number): Promise<{ ratingSum: number; ratingCount: number }> {
  const [row] = await tx
    .update(manga)
    .set({ ratingSum: sql`${manga.ratingSum} + ${sumDelta}`, ratingCount: sql`${manga.ratingCount} + ${countDelta}` })
    .where(eq(manga.id, mangaId))
    .returning({ ratingSum: manga.ratingSum, ratingCount: manga.ratingCount });
  return row!;
}

export function stateOf(mangaId: number, mine: { score: number; counted: boolean } | undefined, counters: { ratingSum: number; ratingCount: number }): RatingState {
  return {
    mangaId,
    score: mine?.score ?? null,
    counted: mine?.counted ?? false,
    mean: ratingMean(counters.ratingSum, counters.ratingCount),
    count: counters.ratingCount,
  };
}

/** My rating row of a manga, locked (the manga row is locked first by the caller). */
export async function myRating(tx: Tx, userId: number, mangaId: number) {
  const [row] = await tx
    .select({ score: ratings.score, counted: ratings.counted })
    .from(ratings)
    .where(and(eq(ratings.userId, userId), eq(ratings.mangaId, mangaId)))
    .for("update");
  return row;
}
