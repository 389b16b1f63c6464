import { z } from "zod";
import { getDb } from "@/db/client";
import { refreshTokens } from "@/server/auth/refresh-tokens";
import { unauthorized } from "@/server/core/errors";
import { defineRoute } from "@/server/http/route";

/** Spec §7: body refreshToken; data holds the new token set. Any unusable token is a 401. */
export const POST = defineRoute({
  key: "POST /api/Authentication/RefreshToken",
  body: z.looseObject({ refreshToken: z.unknown().optional() }),
  handler: async ({ req, body }) => {
    if (typeof body.refreshToken !== "string" || body.refreshToken === "") throw unauthorized("invalidToken");
    return refreshTokens({ db: await getDb(), refreshToken: body.refreshToken, userAgent: req.headers.get("user-agent") });
  },
});
