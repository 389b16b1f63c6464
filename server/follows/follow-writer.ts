import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { follows, users } from "@/db/schema";
import { AppError, conflict, notFound, unauthorized } from "@/server/core/errors";
import { enforceRateLimit } from "@/server/core/rate-limit";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import type { SignedInViewer } from "@/server/core/viewer";
import { isRowId } from "@/lib/validation/numbers";
import { FOLLOW_RATE_RULE, followable, followerCountOf, MAX_FOLLOWS } from "./rules";

export interface FollowState {
  writerId: number;
  /** The state after the call. */
  isFollowing: boolean;
  /** The writer's follower count after the call. */
  followers: number;
}

/**
 * POST /api/Follow/Follow (members): follows a writer (./rules.ts `followable`; anyone else, or an unknown id, is a 404
 * like a missing writer). Idempotent: following again leaves the one row (the primary key keeps it) and answers the
 * same. Following oneself is a 422. At most MAX_FOLLOWS writers (409 followLimit); every call counts in the rate rule
 * (429). One transaction that locks the follower's own row first, so one account's concurrent follows run one after
 * another and the cap holds exactly; the follower count is read from the table, so it is exact under any concurrency.
 * Nothing public is cached with the count (the writer's page reads it per request), so no effect follows the commit.
 */
export async function followWriter({ db, viewer, writerId }: { db: Db; viewer: SignedInViewer; writerId: number }): Promise<FollowState> {
  if (!isRowId(writerId)) throw notFound("writerNotFound");
  if (writerId === viewer.userId) throw new AppError(422, "followSelf");
  await enforceRateLimit({ db, rule: FOLLOW_RATE_RULE, subject: String(viewer.userId) });
  return runUnitOfWork(db, async (uow) => {
    const { tx } = uow;
    const [me] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, viewer.userId), isNull(users.deletedAt))).for("no key update");
    if (!me) throw unauthorized("invalidToken");
    const [writer] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, writerId), followable()));
    if (!writer) throw notFound("writerNotFound");
    const [already] = await tx.select({ one: sql`1` }).from(follows).where(and(eq(follows.followerId, viewer.userId), eq(follows.writerId, writerId)));
    if (!already) {
      const [mine] = await tx.select({ n: count() }).from(follows).where(eq(follows.followerId, viewer.userId));
      if ((mine?.n ?? 0) >= MAX_FOLLOWS) throw conflict("followLimit", { params: { max: MAX_FOLLOWS } });
      await tx.insert(follows).values({ followerId: viewer.userId, writerId }).onConflictDoNothing();
    }
    const [state] = await tx.select({ followers: followerCountOf(writerId) }).from(sql`(select 1) as one`);
    return { writerId, isFollowing: true, followers: state?.followers ?? 0 };
  });
}
