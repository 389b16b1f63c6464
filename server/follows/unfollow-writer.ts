import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { follows } from "@/db/schema";
import { notFound } from "@/server/core/errors";
import { enforceRateLimit } from "@/server/core/rate-limit";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import type { SignedInViewer } from "@/server/core/viewer";
import { isRowId } from "@/lib/validation/numbers";
import type { FollowState } from "./follow-writer";
import { FOLLOW_RATE_RULE, followerCountOf } from "./rules";

/**
 * POST /api/Follow/Unfollow (members): stops following a writer. Idempotent: unfollowing someone not followed (or no
 * longer followable: a banned writer can still be left) answers `isFollowing: false` and changes nothing. Counts in
 * the same rate rule as following. One transaction: the row removed and the count read after it.
 */
export async function unfollowWriter({ db, viewer, writerId }: { db: Db; viewer: SignedInViewer; writerId: number }): Promise<FollowState> {
  if (!isRowId(writerId)) throw notFound("writerNotFound");
  await enforceRateLimit({ db, rule: FOLLOW_RATE_RULE, subject: String(viewer.userId) });
  return runUnitOfWork(db, async (uow) => {
    await uow.tx.delete(follows).where(and(eq(follows.followerId, viewer.userId), eq(follows.writerId, writerId)));
    const [state] = await uow.tx.select({ followers: followerCountOf(writerId) }).from(sql`(select 1) as one`);
    return { writerId, isFollowing: false, followers: state?.followers ?? 0 };
  });
}
