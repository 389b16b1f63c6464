import { resetPasswordSchema } from "@/lib/validation/auth";
import { resetPassword } from "@/server/auth/reset-password";
import { bodyShapeOf, parseLocalized } from "@/server/auth/validation";
import { ok } from "@/server/http/envelope";
import { apiMessage } from "@/server/core/messages";
import { defineRoute } from "@/server/http/route";

/** Spec §7: body token, Password, ConfirmPassword. 400 "Invalid or expired token." for an unusable token. */
export const POST = defineRoute({
  key: "POST /api/Authentication/ResetPassword",
  body: bodyShapeOf(resetPasswordSchema),
  handler: async ({ body, ctx }) => {
    const input = await parseLocalized(resetPasswordSchema, body, ctx.locale);
    await resetPassword({ db: await ctx.db, token: input.token, password: input.password });
    return ok(null, apiMessage(ctx.locale, "passwordResetDone"));
  },
});
