import { defineRoute } from "@/server/http/route";
import { listFollowing } from "@/server/follows/list-following";

/** Beyond the spec (issue 34): the writers the caller follows, `[{ id, username, followers, followedAt }]`, newest first. */
export const GET = defineRoute({
  key: "GET /api/Follow/Following",
  handler: async ({ ctx }) => listFollowing({ db: await ctx.db, viewer: ctx.viewer }),
});
