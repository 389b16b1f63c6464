import type { Viewer } from "./types";
import { anonymousDayKey, viewerKeyFor } from "./record-view";
import { isSecureRequest, newViewerId, readViewerCookie, viewerCookieHeader } from "./viewer-cookie";

export interface CountingViewer {
  /** The key the call counts under: `u:{id}`, `a:{cookie}`, or the day's address-and-browser key without a cookie. */
  viewerKey: string;
  /** Without a valid cookie: the key of the cookie issued now, recorded beside the count so the next call matches. */
  alsoKnownAs?: string;
  /** The Set-Cookie value for a newly issued viewer cookie, if any. */
  setCookie: string | null;
}

/**
 * Who a counting call (RecordView, RecordImpression) counts as: the account; else the visitor's signed viewer cookie;
 * else, once per address and user agent per UTC day (issue 19, item 4), with a new cookie issued and recorded beside
 * it so the visitor's next call, with the cookie, is the same viewer.
 */
export function countingViewer(req: Request, viewer: Viewer, ip: string): CountingViewer {
  if (viewer) return { viewerKey: viewerKeyFor(viewer, null)!, setCookie: null };
  const existing = readViewerCookie(req.headers.get("cookie"));
  if (existing) return { viewerKey: `a:${existing}`, setCookie: null };
  const issued = newViewerId();
  return {
    viewerKey: anonymousDayKey(ip, req.headers.get("user-agent")),
    alsoKnownAs: `a:${issued}`,
    setCookie: viewerCookieHeader(issued, isSecureRequest(req)),
  };
}
