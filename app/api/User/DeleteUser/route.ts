import { defineRoute } from "@/server/http/route";
import { deleteUserShape, parseDeleteUser } from "@/server/users/input";
import { deleteUser } from "@/server/users/delete-user";

/** Spec §7 DELETE /User/DeleteUser { userId } (or `?userId=`), root only: the account becomes a tombstone (docs/decisions/015). */
export const DELETE = defineRoute({
  key: "DELETE /api/User/DeleteUser",
  body: deleteUserShape,
  query: deleteUserShape,
  handler: async ({ ctx, body, query }) => {
    const { userId } = parseDeleteUser({ userId: body.userId ?? query.userId }, ctx.locale);
    return deleteUser({ db: await ctx.db, viewer: ctx.viewer, userId });
  },
});
