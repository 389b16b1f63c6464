import { deleteMeSchema } from "@/lib/validation/auth";
import { deleteMyAccount } from "@/server/account/delete-my-account";
import { localized } from "@/server/auth/validation";
import { apiMessage } from "@/server/core/messages";
import { ok } from "@/server/http/envelope";
import { defineRoute } from "@/server/http/route";

/** Issue 16: `{ password }` deletes the caller's own account (a tombstone; works and money records stay) → `{ id, deletedAt }`. */
export const POST = defineRoute({
  key: "POST /api/Authentication/DeleteMe",
  body: localized(deleteMeSchema),
  handler: async ({ body, ctx }) => {
    const { password } = body;
    const result = await deleteMyAccount({ db: await ctx.db, viewer: ctx.viewer, password, locale: ctx.locale });
    return ok(result, apiMessage(ctx.locale, "accountSelfDeleted"));
  },
});
