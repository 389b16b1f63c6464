import { z } from "zod";
import { refreshTokens } from "@/server/auth/refresh-tokens";
import { unauthorized } from "@/server/core/errors";
import { defineRoute } from "@/server/http/route";

/** Spec §7: body refreshToken; data holds the new token set. Any unusable token is a 401. */
export const POST = defineRoute({
  key: "POST /api/Authentication/RefreshToken",
  body: z.looseObject({ refreshToken: z.unknown().optional() }),
  handler: async ({ req, body, ctx }) => {
    if (typeof body.refreshToken !== "string" || body.refreshToken === "") throw unauthorized("invalidToken");
    return refreshTokens({ db: await ctx.db, refreshToken: body.refreshToken, userAgent: req.headers.get("user-agent") });
  },
});
