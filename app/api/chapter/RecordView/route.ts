import { anonymousDayKey, recordView, viewerKeyFor } from "@/server/chapters/record-view";
import { enforceRateLimit, RATE_RULES } from "@/server/core/rate-limit";
import { clientIp } from "@/server/http/client-ip";
import { recordViewBody } from "@/server/chapters/schemas";
import { isSecureRequest, newViewerId, readViewerCookie, viewerCookieHeader } from "@/server/chapters/viewer-cookie";
import { ok } from "@/server/http/envelope";
import { apiMessage } from "@/server/core/messages";
import { defineRoute } from "@/server/http/route";

/**
 * Spec §7 POST /chapter/RecordView { chapterid }: counts one view per chapter per viewer (a signed-in user,
 * or an anonymous visitor by a signed httpOnly cookie this route sets when it is missing; without one, once per
 * address and user agent per day), at most RATE_RULES.recordViewIp calls per address. Answers
 * `{ counted, views }`: `counted` is false when this viewer had already been counted.
 */
export const POST = defineRoute({
  key: "POST /api/chapter/RecordView",
  body: recordViewBody,
  handler: async ({ req, body, ctx }) => {
    const { viewer } = ctx;
    const db = await ctx.db;
    const ip = clientIp(req);
    // A limit no reader meets (RATE_RULES.recordViewIp): 429 with Retry-After past it.
    await enforceRateLimit({ db, rule: RATE_RULES.recordViewIp, subject: ip });
    const existing = viewer ? null : readViewerCookie(req.headers.get("cookie"));
    const anonymousId = viewer ? null : (existing ?? newViewerId());
    // Without a valid cookie the caller is counted by address and user agent for the day; the cookie issued now is
    // recorded with that view, so the visitor's next call (with the cookie) does not count this chapter again.
    const fresh = !viewer && !existing;
    const viewerKey = fresh ? anonymousDayKey(ip, req.headers.get("user-agent")) : (viewerKeyFor(viewer, anonymousId) ?? `a:${newViewerId()}`);
    const result = await recordView({ db, chapterId: body.chapterId, viewer, viewerKey, alsoKnownAs: fresh && anonymousId ? `a:${anonymousId}` : undefined });
    const res = ok(result, apiMessage(ctx.locale, "success"));
    if (anonymousId && anonymousId !== existing) res.headers.append("Set-Cookie", viewerCookieHeader(anonymousId, isSecureRequest(req)));
    return res;
  },
});
