import type { Db } from "@/db/client";
import { countingViewer, type CountingViewer } from "@/server/chapters/counting-viewer";
import { apiMessage } from "@/server/core/messages";
import { enforceRateLimit, type RateRule } from "@/server/core/rate-limit";
import { clientIp } from "@/server/core/client-ip";
import { ok } from "./envelope";
import type { RequestContext } from "./route";

/**
 * What the counting routes (RecordView, RecordImpression) share: a per-address limit no reader meets (429 with
 * Retry-After past it), the viewer the call counts as (server/chapters/counting-viewer.ts), the use case's answer in
 * the envelope, and the new viewer cookie when the visitor had none.
 */
export async function countPerViewer<T>(
  req: Request,
  ctx: RequestContext,
  rule: RateRule,
  count: (db: Db, who: CountingViewer) => Promise<T>,
): Promise<Response> {
  const db = await ctx.db;
  const ip = clientIp(req);
  await enforceRateLimit({ db, rule, subject: ip });
  const who = await countingViewer(db, req, ctx.viewer, ip);
  const res = ok(await count(db, who), apiMessage(ctx.locale, "success"));
  if (who.setCookie) res.headers.append("Set-Cookie", who.setCookie);
  return res;
}
