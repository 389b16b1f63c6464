import { getCurrentUser } from "@/server/auth/get-current-user";
import { imageFormatOf, imageFormatQuery } from "@/server/auth/route-helpers";
import { unauthorized } from "@/server/core/errors";
import { defineRoute } from "@/server/http/route";

/** Spec §7/§3: the current user; 401 when the account is gone or banned (the client then signs out). */
export const GET = defineRoute({
  key: "GET /api/Authentication/Me",
  query: imageFormatQuery,
  handler: async ({ query, ctx }) => {
    const me = await getCurrentUser({ db: await ctx.db, userId: ctx.viewer.userId, imageFormat: imageFormatOf(query) });
    if (!me) throw unauthorized("invalidToken");
    return me;
  },
});
