import { viewerKeyFor } from "@/server/chapters/record-view";
import { isSecureRequest, newViewerId, readViewerCookie, viewerCookieHeader } from "@/server/chapters/viewer-cookie";
import { ok } from "@/server/http/envelope";
import { apiMessage } from "@/server/core/messages";
import { defineRoute } from "@/server/http/route";
import { recordImpressionBody } from "@/server/monetization/input";
import { recordImpression } from "@/server/monetization/record-impression";

/**
 * POST /api/chapter/RecordImpression { chapterId, position } (issue 16 §3, beyond the spec): the reader showed the
 * sponsored overlay at the start, middle or end of a chapter. One impression per viewer (a signed-in user, or an
 * anonymous visitor by the same cookie as RecordView) per chapter per position. Answers `{ counted }`.
 */
export const POST = defineRoute({
  key: "POST /api/chapter/RecordImpression",
  body: recordImpressionBody,
  handler: async ({ req, body, ctx }) => {
    const { viewer } = ctx;
    const existing = viewer ? null : readViewerCookie(req.headers.get("cookie"));
    const anonymousId = viewer ? null : (existing ?? newViewerId());
    const viewerKey = viewerKeyFor(viewer, anonymousId) ?? `a:${newViewerId()}`;
    const result = await recordImpression({ db: await ctx.db, chapterId: body.chapterId, viewer, viewerKey, position: body.position });
    const res = ok(result, apiMessage(ctx.locale, "success"));
    if (anonymousId && anonymousId !== existing) res.headers.append("Set-Cookie", viewerCookieHeader(anonymousId, isSecureRequest(req)));
    return res;
  },
});
