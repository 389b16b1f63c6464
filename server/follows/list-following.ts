import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { follows, users } from "@/db/schema";
import type { SignedInViewer } from "@/server/core/viewer";
import { followerCountOf, MAX_FOLLOWS } from "./rules";

export interface FollowedWriter {
  id: number;
  username: string;
  followers: number;
  /** When the caller started following them (ISO). */
  followedAt: string;
}

/**
 * GET /api/Follow/Following (members): the writers the caller follows, most recently followed first (at most
 * MAX_FOLLOWS, so the whole list in one answer). Deleted accounts are gone from it (their rows are removed with them).
 */
export async function listFollowing({ db, viewer }: { db: Db; viewer: SignedInViewer }): Promise<FollowedWriter[]> {
  const rows = await db
    .select({ id: users.id, username: users.username, followers: followerCountOf(users.id), followedAt: follows.createdAt })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.writerId))
    .where(and(eq(follows.followerId, viewer.userId), isNull(users.deletedAt)))
    .orderBy(desc(follows.createdAt), desc(follows.writerId))
    .limit(MAX_FOLLOWS);
  return rows.map((r) => ({ id: r.id, username: r.username, followers: r.followers, followedAt: new Date(r.followedAt).toISOString() }));
}
