import { RATE_RULES } from "@/server/core/rate-limit";
import { countPerViewer } from "@/server/http/count-per-viewer";
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
  handler: ({ req, body, ctx }) =>
    countPerViewer(req, ctx, RATE_RULES.recordImpressionIp, (db, who) =>
      recordImpression({ db, chapterId: body.chapterId, viewer: ctx.viewer, viewerKey: who.viewerKey, alsoKnownAs: who.alsoKnownAs, position: body.position }),
    ),
});
