import { z } from "zod";
import { logout } from "@/server/auth/logout";
import { ok } from "@/server/http/envelope";
import { apiMessage } from "@/server/core/messages";
import { defineRoute } from "@/server/http/route";

/**
 * Spec §7: body accessToken, refreshToken (the bearer credential identifies the caller). Revokes the
 * sign-in's refresh tokens, the bearer token's own sign-in included (body `{}` signs it out too, issue 27 item 11),
 * and closes that sign-in's notification sockets; idempotent. When no sign-in of the caller's is found (a token
 * without a sign-in id and no refresh token of theirs) it says so instead of "You have been signed out.".
 */
export const POST = defineRoute({
  key: "POST /api/Authentication/Logout",
  body: z.looseObject({ accessToken: z.unknown().optional(), refreshToken: z.unknown().optional() }),
  handler: async ({ user, body, ctx }) => {
    const refreshToken = typeof body.refreshToken === "string" ? body.refreshToken : "";
    const ended = await logout({ db: await ctx.db, userId: ctx.viewer.userId, refreshToken, sessionId: user.sid });
    return ok(null, apiMessage(ctx.locale, ended ? "loggedOut" : "nothingSignedOut"));
  },
});
