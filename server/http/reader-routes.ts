import { z } from "zod";
import { id } from "@/lib/validation/numbers";
import { listChapterImagePages } from "@/server/chapters/list-chapter-pages";
import { recordView } from "@/server/chapters/record-view";
import { chapterPagesQuery, recordViewBody } from "@/server/chapters/schemas";
import { RATE_RULES } from "@/server/core/rate-limit";
import { toggleFavorite } from "@/server/favorites/toggle-favorite";
import { countPerViewer } from "./count-per-viewer";
import { defineRoute } from "./route";

/**
 * What every reader does all the time (a chapter's pages, its view, the heart), defined here so the custom server
 * serves these routes directly (./direct-routes.ts) like the catalogue reads (./catalogue-routes.ts): Next's request
 * pipeline cost more CPU than the routes themselves (issue 18's mixed load). The route files under app/api re-export
 * them, so Next and the direct path run one handler.
 */

/** Spec §7: a chapter's pages (`pageNumber`, base64 JPEG `imageData`, plus URLs; `imageFormat=url` drops the base64). */
export const paginatedChapterImagePages = defineRoute({
  key: "GET /api/chapter/PaginatedChapterImagePages",
  query: chapterPagesQuery,
  handler: async ({ ctx, query }) => listChapterImagePages({ db: await ctx.db, viewer: ctx.viewer, ...query }),
});

/**
 * Spec §7 POST /chapter/RecordView { chapterid }: counts one view per chapter per viewer (a signed-in user,
 * or an anonymous visitor by a signed httpOnly cookie this route sets when it is missing; without one, once per
 * address per day whatever the User-Agent: server/chapters/counting-viewer.ts), at most RATE_RULES.recordViewIp calls per
 * address. Answers `{ counted, views }`: `counted` is false when this viewer had already been counted.
 */
export const recordViewRoute = defineRoute({
  key: "POST /api/chapter/RecordView",
  body: recordViewBody,
  handler: ({ req, body, ctx }) =>
    countPerViewer(req, ctx, RATE_RULES.recordViewIp, (db, who) =>
      recordView({ db, chapterId: body.chapterId, viewer: ctx.viewer, viewerKey: who.viewerKey, alsoKnownAs: who.alsoKnownAs }),
    ),
});

/** Spec §7 POST /manga/ToggleFavorite { mangaId }: signed-in users only; answers the new state and count. */
export const toggleFavoriteRoute = defineRoute({
  key: "POST /api/manga/ToggleFavorite",
  body: z.object({ mangaId: id() }),
  handler: async ({ ctx, body }) => toggleFavorite({ db: await ctx.db, viewer: ctx.viewer, mangaId: body.mangaId }),
});
