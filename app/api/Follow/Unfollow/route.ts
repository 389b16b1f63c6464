import { defineRoute } from "@/server/http/route";
import { followBody } from "@/server/follows/input";
import { unfollowWriter } from "@/server/follows/unfollow-writer";

/** Beyond the spec (issue 34): `{ writerId }`; stops following (idempotent); answers `{ writerId, isFollowing, followers }`. */
export const POST = defineRoute({
  key: "POST /api/Follow/Unfollow",
  body: followBody,
  handler: async ({ ctx, body }) => unfollowWriter({ db: await ctx.db, viewer: ctx.viewer, writerId: body.writerId }),
});
