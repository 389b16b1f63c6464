import { z } from "zod";
import { revokeSession } from "@/server/account/revoke-session";
import { apiMessage } from "@/server/core/messages";
import { ok } from "@/server/http/envelope";
import { defineRoute } from "@/server/http/route";

/** Issue 16: `{ sessionId }` signs that sign-in of the caller out; anyone else's (or an ended one) is a 404. */
export const POST = defineRoute({
  key: "POST /api/Authentication/Sessions/Revoke",
  body: z.looseObject({ sessionId: z.unknown().optional() }),
  handler: async ({ body, ctx }) => {
    const result = await revokeSession({ db: await ctx.db, viewer: ctx.viewer, sessionId: body.sessionId });
    return ok(result, apiMessage(ctx.locale, "sessionRevoked"));
  },
});
