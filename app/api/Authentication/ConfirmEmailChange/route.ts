import { z } from "zod";
import { confirmEmailChange } from "@/server/auth/confirm-email-change";
import { badRequest } from "@/server/core/errors";
import { apiMessage } from "@/server/core/messages";
import { ok } from "@/server/http/envelope";
import { defineRoute } from "@/server/http/route";

/**
 * Beyond the spec (issue 27, item 6), shaped like VerifyEmail: query token, from the link UpdateSelf mails to a new
 * address. 400 without a token or with a bad or expired one, 409 emailChangeTaken when the address has an account by
 * now, `{ email, emailVerified }` otherwise.
 */
export const GET = defineRoute({
  key: "GET /api/Authentication/ConfirmEmailChange",
  query: z.looseObject({ token: z.unknown().optional() }),
  handler: async ({ query, ctx }) => {
    const token = typeof query.token === "string" ? query.token.trim() : "";
    if (!token) throw badRequest("verifyTokenRequired");
    const result = await confirmEmailChange({ db: await ctx.db, token, locale: ctx.locale });
    return ok(result, apiMessage(ctx.locale, "emailChanged"));
  },
});
