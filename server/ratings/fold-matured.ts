import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { changed } from "@/server/manga/changed";
import { startPeriodic } from "@/server/core/periodic";
import { MATURITY } from "./rules";

/** How many manga one fold-in takes at most (the rest wait for the next run). */
export const FOLD_BATCH = 500;
/** How often each process folds matured ratings in (server/main.ts): a new account's ratings count within this of its first day. */
export const FOLD_INTERVAL_MS = 5 * 60_000;

/**
 * Folds in the ratings whose account has turned a day old since it rated (docs/decisions/028): marks them counted and
 * adds them to their manga's sum and count. One transaction: the manga rows concerned are locked first in id order
 * (the order every ratings write keeps, so it never deadlocks with a rate or a removal), then their uncounted matured
 * ratings are marked and summed in one statement. Idempotent and safe to run on every process at once: a second run
 * waits for the first's locks and then finds nothing left. Returns how many ratings it counted.
 */
export async function foldMaturedRatings(db: Db): Promise<number> {
  return runUnitOfWork(db, async (uow) => {
    const { tx } = uow;
    const locked = await tx.execute<{ id: number }>(sql`
      select m.id from manga m
      where m.id in (
        select r.manga_id from ratings r join users u on u.id = r.user_id
        where not r.counted and u.created_at <= now() - ${MATURITY} and u.deleted_at is null
      )
      order by m.id limit ${FOLD_BATCH}
      for update of m`);
    const ids = locked.rows.map((r) => Number(r.id));
    if (ids.length === 0) return 0;
    const folded = await tx.execute<{ manga_id: number; n: number }>(sql`
      with matured as (
        update ratings r set counted = true
        from users u
        where u.id = r.user_id and not r.counted and u.created_at <= now() - ${MATURITY} and u.deleted_at is null
          and r.manga_id = any(${sql.raw(`array[${ids.join(",")}]::integer[]`)})
        returning r.manga_id, r.score
      ), sums as (
        select manga_id, sum(score)::integer as s, count(*)::integer as n from matured group by manga_id
      )
      update manga m set rating_sum = m.rating_sum + sums.s, rating_count = m.rating_count + sums.n
      from sums where m.id = sums.manga_id
      returning m.id as manga_id, sums.n as n`);
    const touched = folded.rows.map((r) => Number(r.manga_id));
    if (touched.length > 0) changed(uow, { counters: touched });
    return folded.rows.reduce((a, r) => a + Number(r.n), 0);
  });
}

/** Folds matured ratings in every FOLD_INTERVAL_MS in this process; returns the stop function. */
export function startRatingFolder(db: Db): () => void {
  return startPeriodic("rating_fold", FOLD_INTERVAL_MS, () => foldMaturedRatings(db));
}
