import { listSessions } from "@/server/account/list-sessions";
import { defineRoute } from "@/server/http/route";

/** Issue 16: the caller's active sign-ins (device, created, last used, rotations), `current` marking this one. */
export const GET = defineRoute({
  key: "GET /api/Authentication/Sessions",
  handler: async ({ user, ctx }) => listSessions({ db: await ctx.db, viewer: ctx.viewer, currentSid: user.sid }),
});
