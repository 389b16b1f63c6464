import { resetPasswordSchema } from "@/lib/validation/auth";
import { resetPassword } from "@/server/auth/reset-password";
import { localized } from "@/server/auth/validation";
import { ok } from "@/server/http/envelope";
import { apiMessage } from "@/server/core/messages";
import { defineRoute } from "@/server/http/route";

/** Spec §7: body token, Password, ConfirmPassword. 400 "Invalid or expired token." for an unusable token. */
export const POST = defineRoute({
  key: "POST /api/Authentication/ResetPassword",
  body: localized(resetPasswordSchema),
  handler: async ({ body: input, ctx }) => {
    await resetPassword({ db: await ctx.db, token: input.token, password: input.password });
    return ok(null, apiMessage(ctx.locale, "passwordResetDone"));
  },
});
