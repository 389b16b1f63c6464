import { z } from "zod";
import { verifyEmail } from "@/server/auth/verify-email";
import { ok } from "@/server/http/envelope";
import { badRequest } from "@/server/core/errors";
import { apiMessage } from "@/server/core/messages";
import { defineRoute } from "@/server/http/route";

/**
 * Spec §7: query token (and email, sent empty and ignored). 400 "Token is required to verify email"
 * without a token; 400 with code verifyTokenInvalid / verifyTokenExpired; success otherwise.
 */
export const GET = defineRoute({
  key: "GET /api/Authentication/VerifyEmail",
  query: z.looseObject({ token: z.unknown().optional(), email: z.unknown().optional() }),
  handler: async ({ query, ctx }) => {
    const token = typeof query.token === "string" ? query.token.trim() : "";
    if (!token) throw badRequest("verifyTokenRequired");
    const result = await verifyEmail({ db: await ctx.db, token });
    return ok(result, apiMessage(ctx.locale, "emailVerified"));
  },
});
