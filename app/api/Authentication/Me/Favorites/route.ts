import { listMyFavorites } from "@/server/auth/my-favorites";
import { imageFormatOf, imageFormatQuery } from "@/server/auth/route-helpers";
import { defineRoute } from "@/server/http/route";

/** The caller's favourites: a list of entries with mangaId (spec §3), as manga cards. */
export const GET = defineRoute({
  key: "GET /api/Authentication/Me/Favorites",
  query: imageFormatQuery,
  handler: async ({ query, ctx }) => listMyFavorites({ db: await ctx.db, userId: ctx.viewer.userId, imageFormat: imageFormatOf(query) }),
});
