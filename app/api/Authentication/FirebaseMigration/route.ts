import { selectRoleSchema } from "@/lib/validation/auth";
import { selectRole } from "@/server/auth/select-role";
import { localized } from "@/server/auth/validation";
import { defineRoute } from "@/server/http/route";

/**
 * Spec §7: body userRoleType (0 reader, 1 writer), dateOfBirth (dd/MM/yyyy), for an account that must
 * select a role; data is the updated user. The client then calls RefreshToken for a token with the new role.
 */
export const POST = defineRoute({
  key: "POST /api/Authentication/FirebaseMigration",
  body: localized(selectRoleSchema),
  handler: async ({ body: input, ctx }) => {
    return selectRole({ db: await ctx.db, userId: ctx.viewer.userId, ...input });
  },
});
