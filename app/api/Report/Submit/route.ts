import { defineRoute } from "@/server/http/route";
import { reportBody } from "@/server/reports/input";
import { submitReport } from "@/server/reports/submit-report";

/** POST /api/Report/Submit (members): `{ mangaId, chapterId?, reason: 0–3, details? }`; answers the stored report. */
export const POST = defineRoute({
  key: "POST /api/Report/Submit",
  body: reportBody.submit,
  maxBodyBytes: 64 * 1024,
  handler: async ({ ctx, body }) => submitReport({ db: await ctx.db, viewer: ctx.viewer, input: body }),
});
