import { recordView, viewerKeyFor } from "@/server/chapters/record-view";
import { recordViewBody } from "@/server/chapters/schemas";
import { isSecureRequest, newViewerId, readViewerCookie, viewerCookieHeader } from "@/server/chapters/viewer-cookie";
import { ok } from "@/server/http/envelope";
import { apiMessage } from "@/server/core/messages";
import { defineRoute } from "@/server/http/route";

/**
 * Spec §7 POST /chapter/RecordView { chapterid }: counts one view per chapter per viewer (a signed-in user,
 * or an anonymous visitor by an httpOnly cookie this route sets when it is missing). Answers
 * `{ counted, views }`: `counted` is false when this viewer had already been counted.
 */
export const POST = defineRoute({
  key: "POST /api/chapter/RecordView",
  body: recordViewBody,
  handler: async ({ req, body, ctx }) => {
    const { viewer } = ctx;
    const existing = viewer ? null : readViewerCookie(req.headers.get("cookie"));
    const anonymousId = viewer ? null : (existing ?? newViewerId());
    const viewerKey = viewerKeyFor(viewer, anonymousId) ?? `a:${newViewerId()}`;
    const result = await recordView({ db: await ctx.db, chapterId: body.chapterId, viewer, viewerKey });
    const res = ok(result, apiMessage(ctx.locale, "success"));
    if (anonymousId && anonymousId !== existing) res.headers.append("Set-Cookie", viewerCookieHeader(anonymousId, isSecureRequest(req)));
    return res;
  },
});
