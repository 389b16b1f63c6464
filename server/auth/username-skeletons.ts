import { and, asc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { usernameSkeleton } from "@/lib/validation/usernames";
import { log } from "@/server/core/log";

/** Rows read per round of the backfill. */
const BATCH = 1000;

/**
 * Fills users.username_skeleton (migration 0016, issue 27 item 13) for live accounts that have none: accounts from
 * before the migration (the skeleton is JavaScript, lib/validation/usernames.ts, so SQL cannot compute it) and rows
 * inserted without one. Run after the migrations at every start (db/client.ts); with nothing to fill it is one indexed
 * look-up. Accounts are taken in id order: when two existing accounts already share a skeleton (allowed before the
 * index), the older keeps it and the later one keeps none, so nothing fails; a new look-alike of either is still
 * refused through the older one's skeleton. Returns how many rows got one and how many were left without.
 * No "server-only": db/client.ts (run by plain Node scripts) calls it.
 */
export async function backfillUsernameSkeletons(db: Db): Promise<{ filled: number; duplicates: number }> {
  let filled = 0;
  let duplicates = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(and(isNull(users.usernameSkeleton), isNull(users.deletedAt), gt(users.id, after)))
      .orderBy(asc(users.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    for (const row of rows) {
      const skeleton = usernameSkeleton(row.username);
      // Only when no other account holds it: the unique index is never violated, so the start never fails on old data.
      const updated = await db
        .update(users)
        .set({ usernameSkeleton: skeleton })
        .where(
          and(
            eq(users.id, row.id),
            isNull(users.usernameSkeleton),
            sql`not exists (select 1 from ${users} as other where other.username_skeleton = ${skeleton})`,
          ),
        )
        .returning({ id: users.id });
      if (updated.length > 0) filled += 1;
      else duplicates += 1;
    }
  }
  if (duplicates > 0) {
    const [left] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(and(isNull(users.usernameSkeleton), isNull(users.deletedAt), isNotNull(users.username)));
    log.warn(`[accounts] ${left?.n ?? duplicates} accounts share a username skeleton with an older account and keep none (docs/decisions/018)`);
  }
  return { filled, duplicates };
}
