import { forgotPasswordSchema } from "@/lib/validation/auth";
import { requestPasswordReset } from "@/server/auth/request-password-reset";
import { localized } from "@/server/auth/validation";
import { ok } from "@/server/http/envelope";
import { apiMessage } from "@/server/core/messages";
import { clientIp } from "@/server/core/client-ip";
import { defineRoute } from "@/server/http/route";

/** Forgot password, body toemail: the same answer whether or not the account exists; 429 when rate limited. */
export const POST = defineRoute({
  key: "POST /api/Email/SendResetPasswordEmail",
  body: localized(forgotPasswordSchema),
  handler: async ({ req, body: input, ctx }) => {
    await requestPasswordReset({ db: await ctx.db, email: input.toemail, locale: ctx.locale, ip: clientIp(req) });
    return ok(null, apiMessage(ctx.locale, "resetEmailSent"));
  },
});
