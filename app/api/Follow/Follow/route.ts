import { defineRoute } from "@/server/http/route";
import { followWriter } from "@/server/follows/follow-writer";
import { followBody } from "@/server/follows/input";

/** Beyond the spec (issue 34): `{ writerId }`; follows the writer (idempotent); answers `{ writerId, isFollowing, followers }`. */
export const POST = defineRoute({
  key: "POST /api/Follow/Follow",
  body: followBody,
  handler: async ({ ctx, body }) => followWriter({ db: await ctx.db, viewer: ctx.viewer, writerId: body.writerId }),
});
