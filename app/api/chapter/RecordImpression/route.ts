import { countingViewer } from "@/server/chapters/counting-viewer";
import { enforceRateLimit, RATE_RULES } from "@/server/core/rate-limit";
import { apiMessage } from "@/server/core/messages";
import { clientIp } from "@/server/http/client-ip";
import { ok } from "@/server/http/envelope";
import { defineRoute } from "@/server/http/route";
import { recordImpressionBody } from "@/server/monetization/input";
import { recordImpression } from "@/server/monetization/record-impression";

/**
 * POST /api/chapter/RecordImpression { chapterId, position } (issue 16 §3, beyond the spec): the reader showed the
 * sponsored overlay at the start, middle or end of a chapter. One impression per viewer per chapter per position, the
 * viewer found exactly as RecordView finds it (server/chapters/counting-viewer.ts), at most
 * RATE_RULES.recordImpressionIp calls per address. Answers `{ counted }`.
 */
export const POST = defineRoute({
  key: "POST /api/chapter/RecordImpression",
  body: recordImpressionBody,
  handler: async ({ req, body, ctx }) => {
    const db = await ctx.db;
    const ip = clientIp(req);
    await enforceRateLimit({ db, rule: RATE_RULES.recordImpressionIp, subject: ip });
    const who = countingViewer(req, ctx.viewer, ip);
    const result = await recordImpression({ db, chapterId: body.chapterId, viewer: ctx.viewer, viewerKey: who.viewerKey, alsoKnownAs: who.alsoKnownAs, position: body.position });
    const res = ok(result, apiMessage(ctx.locale, "success"));
    if (who.setCookie) res.headers.append("Set-Cookie", who.setCookie);
    return res;
  },
});
