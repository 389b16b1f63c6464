import { ACCOUNT_LIMITS, updateSelfSchema } from "@/lib/validation/auth";
import { imageFormatOf, imageFormatQuery } from "@/server/auth/route-helpers";
import { updateSelf } from "@/server/auth/update-self";
import { localized } from "@/server/auth/validation";
import { ok } from "@/server/http/envelope";
import { apiMessage } from "@/server/core/messages";
import { defineRoute } from "@/server/http/route";

/**
 * Spec §7: the caller's own fullName, username, email and profileImage (base64); anything else in the
 * body (role, balance, banned…) is ignored. Data is the updated user, which the client caches. A new e-mail needs
 * `currentPassword` and applies only from the link mailed to it (ConfirmEmailChange, issue 27 item 6).
 */
export const POST = defineRoute({
  key: "POST /api/Authentication/UpdateSelf",
  body: localized(updateSelfSchema),
  query: imageFormatQuery,
  // A 5 MB image is about 6.7 MB as base64.
  maxBodyBytes: Math.ceil((ACCOUNT_LIMITS.profileImageMaxBytes * 4) / 3) + 64 * 1024,
  handler: async ({ body: input, query, ctx }) => {
    const { user: updated, emailChangeRequested } = await updateSelf({ db: await ctx.db, userId: ctx.viewer.userId, input, locale: ctx.locale, imageFormat: imageFormatOf(query) });
    // The same words whether or not the new address is taken (issue 27, item 6): the mail to it tells.
    return ok(updated, emailChangeRequested ? apiMessage(ctx.locale, "emailChangeRequested", { email: emailChangeRequested }) : apiMessage(ctx.locale, "profileUpdated"));
  },
});
