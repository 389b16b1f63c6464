import { defineRoute } from "@/server/http/route";
import { userBody } from "@/server/users/input";
import { updateUser } from "@/server/users/update-user";

/**
 * Spec §7 PUT /User/UpdateUser (root only): `id` plus any of fullName, username, email, role, isBanned, emailVerified,
 * unlock, trusted, subscription; answers the updated row.
 */
export const PUT = defineRoute({
  key: "PUT /api/User/UpdateUser",
  body: userBody.update,
  handler: async ({ ctx, body }) =>
    updateUser({ db: await ctx.db, viewer: ctx.viewer, input: body, locale: ctx.locale }),
});
