import { and, eq, exists, isNull, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { follows, manga, users } from "@/db/schema";
import { Role, Status } from "@/lib/enums";
import type { RateRule } from "@/server/core/rate-limit";

/**
 * Following writers (issue 34, item 4; docs/decisions/027): who can be followed, how many one account may follow and how
 * often it may change them. Shared by the use cases of this folder.
 */

/** Writers one account may follow at once: far beyond a reader's taste, short of a scraper's list. */
export const MAX_FOLLOWS = 1000;

/**
 * Follows and unfollows one account may send in an hour (RATE_LIMIT_FOLLOW_USER overrides, like every rule): each is a
 * self-service write, limited like reports and reader settings. Someone tidying their list clicks a few dozen.
 */
export const FOLLOW_RATE_RULE: RateRule = { name: "follow_user", limit: 120, windowSeconds: 60 * 60 };

/** Manga of theirs the writer's page shows (newest first); a writer with more is shown their latest. */
export const WRITER_PAGE_MANGA = 120;

/**
 * SQL: the `users` row is someone who can be followed, and whose page exists: a live account (not deleted, not banned)
 * with the writer role, or a root account that has published manga of its own (root publishes too). Readers, staff
 * and admin are no one's writers.
 */
export function followable(): SQL {
  const publishedRoot = and(
    eq(users.role, Role.root),
    exists(sql`(select 1 from ${manga} where ${manga.authorId} = ${users.id} and ${manga.status} = ${Status.Accepted})`),
  );
  return and(isNull(users.deletedAt), eq(users.banned, false), or(eq(users.role, Role.writer), publishedRoot))!;
}

/** SQL: the writer's follower count (one index range: follows_writer_id_index). */
export const followerCountOf = (writerId: AnyPgColumn | number): SQL<number> =>
  sql<number>`(select count(*) from ${follows} where ${follows.writerId} = ${writerId})`.mapWith(Number);
