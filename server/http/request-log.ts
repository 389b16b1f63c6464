import type http from "node:http";
import { ROUTE_KEYS } from "@/server/core/access-table";
import { inScope, newRequestId, requestLog, type LogScope } from "@/server/core/log";
import { remembered } from "@/lib/remembered";
import { observeRequest } from "@/server/core/metrics";

/**
 * One log line per request (issue 33, item 1; docs/decisions/026): method, route key, status, duration, user id or
 * "anonymous", request id, bytes sent. The request id comes from a trusted proxy's X-Request-Id (nginx sets it) when
 * it looks sane, else it is made here; it is answered in X-Request-Id and is on every line logged while serving the
 * request (AsyncLocalStorage, server/core/log.ts). The route key never holds the query string (tokens travel there:
 * reset and verification links) nor ids: `GET /api/chapter/GetChapter/{chapterid}`, `GET /discovery/manga/{id}`.
 * Cost per request: a header read, a UUID when none came, a remembered route lookup and one pino line.
 */
export const REQUEST_ID_HEADER = "x-request-id";
const SANE_ID = /^[A-Za-z0-9._:@-]{8,128}$/;

const API_PATTERNS: ReadonlyArray<{ pattern: RegExp; path: string }> = (() => {
  const paths = new Set(ROUTE_KEYS.map((key) => key.slice(key.indexOf(" ") + 1)));
  return [...paths].map((path) => ({
    pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+")}/?$`, "i"),
    path,
  }));
})();

/** A path's route key without its method: the access table's pattern for the API, ids replaced elsewhere. */
export const routeOf: (pathname: string) => string = remembered(
  (pathname) => {
    if (pathname.startsWith("/api/")) return API_PATTERNS.find((p) => p.pattern.test(pathname))?.path ?? "/api/{unknown}";
    if (pathname.startsWith("/_next/static/")) return "/_next/static/*";
    if (pathname.startsWith("/_next/")) return "/_next/*";
    if (pathname.startsWith("/media/")) return "/media/{id}";
    const segments = pathname.split("/").filter(Boolean);
    if (segments[0] === "ar" || segments[0] === "en") segments.shift();
    if (segments.length > 6) return "/{deep}";
    const shown = segments.map((s) => (/^\d+$/.test(s) || /^[0-9a-f]{16,}$/i.test(s) ? "{id}" : /^[\w.-]{1,64}$/.test(s) ? s : "{x}"));
    return `/${shown.join("/")}`;
  },
  { max: 2_000, maxKeyLength: 300 },
);

/** The incoming X-Request-Id when a trusted proxy sent a sane one, else a new id. */
export function requestIdOf(req: http.IncomingMessage, trustProxy: boolean): string {
  const incoming = trustProxy ? req.headers[REQUEST_ID_HEADER] : undefined;
  return typeof incoming === "string" && SANE_ID.test(incoming) ? incoming : newRequestId();
}

/**
 * Serves `next` in the request's log scope and writes its request line when the response is done (or cut). `internal`:
 * the page cache's own renders on the loopback port (a visitor's request already has its line): debug level, no metric.
 */
export function serveLogged(req: http.IncomingMessage, res: http.ServerResponse, trustProxy: boolean, next: () => void, internal = false): void {
  const started = performance.now();
  const socket = req.socket;
  const sentBefore = socket.bytesWritten;
  const scope: LogScope = { requestId: requestIdOf(req, trustProxy), userId: null };
  res.setHeader("X-Request-Id", scope.requestId);
  res.once("close", () => {
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const route = `${req.method ?? "GET"} ${routeOf(query < 0 ? url : url.slice(0, query))}`;
    const seconds = (performance.now() - started) / 1000;
    // Unknown paths answered 404 share one label: scanners' made-up paths do not grow the metric.
    if (!internal) observeRequest(res.statusCode === 404 && !route.includes(" /api/") ? `${req.method ?? "GET"} {not-found}` : route, res.statusCode, seconds);
    const line = {
      requestId: scope.requestId,
      userId: scope.userId ?? "anonymous",
      method: req.method,
      route,
      status: res.statusCode,
      durationMs: Math.round(seconds * 10_000) / 10,
      bytes: Math.max(0, socket.bytesWritten - sentBefore),
      ...(res.writableFinished ? {} : { aborted: true }),
      ...(internal ? { internal: true } : {}),
    };
    // Load balancers' health probes every few seconds, and the page cache's renders: kept out of the info level.
    if (internal || route.includes(" /api/health")) requestLog.debug(line, "request");
    else if (res.statusCode >= 500) requestLog.warn(line, "request");
    else requestLog.info(line, "request");
  });
  inScope(scope, next);
}
