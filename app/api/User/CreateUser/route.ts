import { defineRoute } from "@/server/http/route";
import { createUser } from "@/server/users/create-user";
import { userBody } from "@/server/users/input";

/** Spec §7 POST /User/CreateUser (root only): the registration fields with any role 0–4; answers the new user's row. */
export const POST = defineRoute({
  key: "POST /api/User/CreateUser",
  body: userBody.create,
  handler: async ({ ctx, body }) =>
    createUser({ db: await ctx.db, viewer: ctx.viewer, input: body, locale: ctx.locale }),
});
