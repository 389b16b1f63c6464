import { getDb } from "@/db/client";
import { forgotPasswordSchema } from "@/lib/validation/auth";
import { requestPasswordReset } from "@/server/auth/request-password-reset";
import { bodyShapeOf, parseLocalized } from "@/server/auth/validation";
import { ok } from "@/server/http/envelope";
import { apiMessage } from "@/server/core/messages";
import { clientIp } from "@/server/core/client-ip";
import { defineRoute } from "@/server/http/route";

/** Forgot password, body toemail: the same answer whether or not the account exists; 429 when rate limited. */
export const POST = defineRoute({
  key: "POST /api/Email/SendResetPasswordEmail",
  body: bodyShapeOf(forgotPasswordSchema),
  handler: async ({ req, body, locale }) => {
    const input = await parseLocalized(forgotPasswordSchema, body, locale);
    await requestPasswordReset({ db: await getDb(), email: input.toemail, locale, ip: clientIp(req) });
    return ok(null, apiMessage(locale, "resetEmailSent"));
  },
});
