import type { Db } from "@/db/client";
import { hitRateLimit, RATE_RULES } from "@/server/core/rate-limit";
import type { Viewer } from "./types";
import { anonymousDayKey, viewerKeyFor } from "./record-view";
import { isSecureRequest, newViewerId, readViewerCookie, viewerCookieHeader } from "./viewer-cookie";

export interface CountingViewer {
  /** The key the call counts under: `u:{id}`, `a:{cookie}`, or the day's address key without a cookie. */
  viewerKey: string;
  /** Without a valid cookie: the key of the cookie issued now, recorded beside the count so the next call matches. */
  alsoKnownAs?: string;
  /** The Set-Cookie value for a newly issued viewer cookie, if any. */
  setCookie: string | null;
}

/**
 * Who a counting call (RecordView, RecordImpression) counts as: the account; else the visitor's signed viewer cookie;
 * else once per address per UTC day, whatever the User-Agent (issue 27, item 4; an IPv6 caller's /64 is one address).
 *
 * A caller without a cookie is issued one, recorded beside the count so the visitor's next call, with the cookie, is
 * the same viewer. Each signed cookie is a viewer of its own, so issuing them is bounded too: at most
 * RATE_RULES.viewerCookieIp new cookies per address per day. Past it the call still counts by the address (once per
 * chapter) but gets no cookie, so looping cookie-less calls cannot mint an unbounded crowd of "readers" to count
 * under afterwards (ADR 018, second round).
 */
export async function countingViewer(db: Db, req: Request, viewer: Viewer, ip: string): Promise<CountingViewer> {
  if (viewer) return { viewerKey: viewerKeyFor(viewer, null)!, setCookie: null };
  const existing = readViewerCookie(req.headers.get("cookie"));
  if (existing) return { viewerKey: `a:${existing}`, setCookie: null };
  const viewerKey = anonymousDayKey(ip);
  const issuing = await hitRateLimit({ db, rule: RATE_RULES.viewerCookieIp, subject: ip });
  if (!issuing.allowed) return { viewerKey, setCookie: null };
  const issued = newViewerId();
  return { viewerKey, alsoKnownAs: `a:${issued}`, setCookie: viewerCookieHeader(issued, isSecureRequest(req)) };
}
