import { changePasswordSchema } from "@/lib/validation/auth";
import { changePassword } from "@/server/account/change-password";
import { localized } from "@/server/auth/validation";
import { apiMessage } from "@/server/core/messages";
import { ok } from "@/server/http/envelope";
import { defineRoute } from "@/server/http/route";

/**
 * Issue 16: `{ currentPassword, newPassword, confirmPassword }` → `{ sessionsRevoked }`. Register's password rules; a
 * wrong current password is a 422 on currentPassword (429 after too many); every other sign-in is signed out.
 */
export const POST = defineRoute({
  key: "POST /api/Authentication/ChangePassword",
  body: localized(changePasswordSchema),
  handler: async ({ user, body: input, ctx }) => {
    const result = await changePassword({ db: await ctx.db, viewer: ctx.viewer, currentSid: user.sid, input, locale: ctx.locale });
    return ok(result, apiMessage(ctx.locale, "passwordChanged"));
  },
});
