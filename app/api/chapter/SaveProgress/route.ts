import { saveProgress } from "@/server/chapters/save-progress";
import { saveProgressBody } from "@/server/chapters/schemas";
import { defineRoute } from "@/server/http/route";

/** Beyond the spec: POST { chapterId, pageNumber } stores the signed-in user's last page in a chapter. */
export const POST = defineRoute({
  key: "POST /api/chapter/SaveProgress",
  body: saveProgressBody,
  handler: async ({ body, ctx }) => saveProgress({ db: await ctx.db, viewer: ctx.viewer, ...body }),
});
