import { listMyManga } from "@/server/auth/my-manga";
import { imageFormatOf, imageFormatQuery } from "@/server/auth/route-helpers";
import { defineRoute } from "@/server/http/route";

/** The manga the caller created, in every status. */
export const GET = defineRoute({
  key: "GET /api/Authentication/Me/Manga",
  query: imageFormatQuery,
  handler: async ({ query, ctx }) => listMyManga({ db: await ctx.db, userId: ctx.viewer.userId, imageFormat: imageFormatOf(query) }),
});
