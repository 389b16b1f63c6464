import { getDb } from "@/db/client";
import { getCurrentUser } from "@/server/auth/get-current-user";
import { imageFormatOf, imageFormatQuery } from "@/server/auth/route-helpers";
import { unauthorized } from "@/server/core/errors";
import { defineRoute } from "@/server/http/route";

/** Spec §7/§3: the current user; 401 when the account is gone or banned (the client then signs out). */
export const GET = defineRoute({
  key: "GET /api/Authentication/Me",
  query: imageFormatQuery,
  handler: async ({ user, query }) => {
    const me = await getCurrentUser({ db: await getDb(), userId: user.userId, imageFormat: imageFormatOf(query) });
    if (!me) throw unauthorized("invalidToken");
    return me;
  },
});
