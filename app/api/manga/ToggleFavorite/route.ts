import { z } from "zod";
import { id } from "@/lib/validation/numbers";
import { defineRoute } from "@/server/http/route";
import { toggleFavorite } from "@/server/favorites/toggle-favorite";

/** Spec §7 POST /manga/ToggleFavorite { mangaId }: signed-in users only; answers the new state and count. */
export const POST = defineRoute({
  key: "POST /api/manga/ToggleFavorite",
  body: z.object({ mangaId: id() }),
  handler: async ({ ctx, body }) => toggleFavorite({ db: await ctx.db, viewer: ctx.viewer, mangaId: body.mangaId }),
});
