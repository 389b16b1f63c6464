import { getDb } from "@/db/client";
import { listMyFavorites } from "@/server/auth/my-favorites";
import { imageFormatOf, imageFormatQuery } from "@/server/auth/route-helpers";
import { defineRoute } from "@/server/http/route";

/** The caller's favourites: a list of entries with mangaId (spec §3), as manga cards. */
export const GET = defineRoute({
  key: "GET /api/Authentication/Me/Favorites",
  query: imageFormatQuery,
  handler: async ({ user, query }) => listMyFavorites({ db: await getDb(), userId: user.userId, imageFormat: imageFormatOf(query) }),
});
