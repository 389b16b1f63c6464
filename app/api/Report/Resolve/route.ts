import { defineRoute } from "@/server/http/route";
import { reportBody } from "@/server/reports/input";
import { resolveReports } from "@/server/reports/resolve-reports";

/** POST /api/Report/Resolve (root): `{ mangaId, chapterId?, action: "dismiss" | "hide" | "delete", note? }` (hiding needs a note). */
export const POST = defineRoute({
  key: "POST /api/Report/Resolve",
  body: reportBody.resolve,
  maxBodyBytes: 64 * 1024,
  handler: async ({ ctx, body }) => resolveReports({ db: await ctx.db, viewer: ctx.viewer, input: body }),
});
