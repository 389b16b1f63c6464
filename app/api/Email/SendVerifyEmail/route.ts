import { getDb } from "@/db/client";
import { sendVerifyEmailSchema } from "@/lib/validation/auth";
import { requestVerificationEmail } from "@/server/auth/request-verification-email";
import { bodyShapeOf, parseLocalized } from "@/server/auth/validation";
import { ok } from "@/server/http/envelope";
import { apiMessage } from "@/server/core/messages";
import { clientIp } from "@/server/core/client-ip";
import { defineRoute } from "@/server/http/route";

/** Resend the verification mail, body toemail: the same answer whatever the address; 429 when rate limited. */
export const POST = defineRoute({
  key: "POST /api/Email/SendVerifyEmail",
  body: bodyShapeOf(sendVerifyEmailSchema),
  handler: async ({ req, body, locale }) => {
    const input = await parseLocalized(sendVerifyEmailSchema, body, locale);
    await requestVerificationEmail({ db: await getDb(), email: input.toemail, locale, ip: clientIp(req) });
    return ok(null, apiMessage(locale, "verifyEmailSent"));
  },
});
