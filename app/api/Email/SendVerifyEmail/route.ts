import { sendVerifyEmailSchema } from "@/lib/validation/auth";
import { requestVerificationEmail } from "@/server/auth/request-verification-email";
import { localized } from "@/server/auth/validation";
import { ok } from "@/server/http/envelope";
import { apiMessage } from "@/server/core/messages";
import { clientIp } from "@/server/core/client-ip";
import { defineRoute } from "@/server/http/route";

/** Resend the verification mail, body toemail: the same answer whatever the address; 429 when rate limited. */
export const POST = defineRoute({
  key: "POST /api/Email/SendVerifyEmail",
  body: localized(sendVerifyEmailSchema),
  handler: async ({ req, body: input, ctx }) => {
    await requestVerificationEmail({ db: await ctx.db, email: input.toemail, locale: ctx.locale, ip: clientIp(req) });
    return ok(null, apiMessage(ctx.locale, "verifyEmailSent"));
  },
});
