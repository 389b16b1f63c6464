import { z } from "zod";
import { getDb } from "@/db/client";
import { logout } from "@/server/auth/logout";
import { ok } from "@/server/http/envelope";
import { apiMessage } from "@/server/core/messages";
import { defineRoute } from "@/server/http/route";

/**
 * Spec §7: body accessToken, refreshToken (the bearer credential identifies the caller). Revokes the
 * sign-in's refresh tokens and closes the caller's notification sockets; idempotent.
 */
export const POST = defineRoute({
  key: "POST /api/Authentication/Logout",
  body: z.looseObject({ accessToken: z.unknown().optional(), refreshToken: z.unknown().optional() }),
  handler: async ({ user, body, locale }) => {
    const refreshToken = typeof body.refreshToken === "string" ? body.refreshToken : "";
    await logout({ db: await getDb(), userId: user.userId, refreshToken });
    return ok(null, apiMessage(locale, "loggedOut"));
  },
});
