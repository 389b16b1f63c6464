import { revokeOtherSessions } from "@/server/account/revoke-other-sessions";
import { apiMessage } from "@/server/core/messages";
import { ok } from "@/server/http/envelope";
import { defineRoute } from "@/server/http/route";

/** Issue 16: "sign out everywhere else" → `{ revoked }` (how many sign-ins ended). */
export const POST = defineRoute({
  key: "POST /api/Authentication/Sessions/RevokeOthers",
  handler: async ({ user, ctx }) => {
    const result = await revokeOtherSessions({ db: await ctx.db, viewer: ctx.viewer, currentSid: user.sid });
    return ok(result, apiMessage(ctx.locale, "otherSessionsRevoked"));
  },
});
