import { getDb } from "@/db/client";
import { listMyNotifications } from "@/server/auth/my-notifications";
import { defineRoute } from "@/server/http/route";

/** The caller's latest notifications. */
export const GET = defineRoute({
  key: "GET /api/Authentication/Me/Notifications",
  handler: async ({ user, ctx }) => listMyNotifications({ db: await getDb(), userId: user.userId, locale: ctx.locale }),
});
