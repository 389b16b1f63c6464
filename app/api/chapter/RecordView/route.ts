import { getDb } from "@/db/client";
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
  handler: async ({ req, user, body, locale }) => {
    const existing = user ? null : readViewerCookie(req.headers.get("cookie"));
    const anonymousId = user ? null : (existing ?? newViewerId());
    const viewerKey = viewerKeyFor(user, anonymousId) ?? `a:${newViewerId()}`;
    const result = await recordView({ db: await getDb(), chapterId: body.chapterId, viewer: user, viewerKey });
    const res = ok(result, apiMessage(locale, "success"));
    if (anonymousId && anonymousId !== existing) res.headers.append("Set-Cookie", viewerCookieHeader(anonymousId, isSecureRequest(req)));
    return res;
  },
});
