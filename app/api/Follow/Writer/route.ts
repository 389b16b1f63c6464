import { defineRoute } from "@/server/http/route";
import { notFound } from "@/server/core/errors";
import { getWriterProfile } from "@/server/follows/get-writer-profile";
import { writerQuery } from "@/server/follows/input";

/**
 * Beyond the spec (issue 34): a writer's public profile by `?username=`: `{ id, username, followers, isFollowing,
 * manga }` (their accepted manga as catalogue items; isFollowing null for visitors). Not a writer: 404.
 */
export const GET = defineRoute({
  key: "GET /api/Follow/Writer",
  query: writerQuery,
  handler: async ({ ctx, query }) => {
    const profile = await getWriterProfile({ db: await ctx.db, viewer: ctx.viewer, username: query.username });
    if (!profile) throw notFound("writerNotFound");
    return profile;
  },
});
