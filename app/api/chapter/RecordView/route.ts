import { recordView } from "@/server/chapters/record-view";
import { countingViewer } from "@/server/chapters/counting-viewer";
import { enforceRateLimit, RATE_RULES } from "@/server/core/rate-limit";
import { clientIp } from "@/server/http/client-ip";
import { recordViewBody } from "@/server/chapters/schemas";
import { ok } from "@/server/http/envelope";
import { apiMessage } from "@/server/core/messages";
import { defineRoute } from "@/server/http/route";

/**
 * Spec §7 POST /chapter/RecordView { chapterid }: counts one view per chapter per viewer (a signed-in user,
 * or an anonymous visitor by a signed httpOnly cookie this route sets when it is missing; without one, once per
 * address and user agent per day: server/chapters/counting-viewer.ts), at most RATE_RULES.recordViewIp calls per
 * address. Answers `{ counted, views }`: `counted` is false when this viewer had already been counted.
 */
export const POST = defineRoute({
  key: "POST /api/chapter/RecordView",
  body: recordViewBody,
  handler: async ({ req, body, ctx }) => {
    const db = await ctx.db;
    const ip = clientIp(req);
    // A limit no reader meets (RATE_RULES.recordViewIp): 429 with Retry-After past it.
    await enforceRateLimit({ db, rule: RATE_RULES.recordViewIp, subject: ip });
    const who = countingViewer(req, ctx.viewer, ip);
    const result = await recordView({ db, chapterId: body.chapterId, viewer: ctx.viewer, viewerKey: who.viewerKey, alsoKnownAs: who.alsoKnownAs });
    const res = ok(result, apiMessage(ctx.locale, "success"));
    if (who.setCookie) res.headers.append("Set-Cookie", who.setCookie);
    return res;
  },
});
