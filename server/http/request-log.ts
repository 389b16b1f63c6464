import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
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
/** Methods named on the metrics; any other a client makes up is counted as OTHER. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

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

/**
 * The site's own paths as route patterns, read once from the app directory (each page.tsx and route.ts, route groups,
 * the locale segment and catch-alls dropped; `[id]` becomes `{id}`), plus the files public/ serves and robots.txt.
 */
function sitePatterns(appDir = path.join(process.cwd(), "app"), publicDir = path.join(process.cwd(), "public")): Array<{ pattern: RegExp; route: string }> {
  const routes = new Set<string>(["/robots.txt", "/manifest.webmanifest"]);
  const walk = (dir: string, segments: string[]) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (entry.name === "api" && segments.length === 0) continue;
        if (entry.name.startsWith("[...") || entry.name.startsWith("[[...")) continue;
        const dropped = entry.name === "[locale]" || /^\(.*\)$/.test(entry.name);
        walk(path.join(dir, entry.name), dropped ? segments : [...segments, entry.name.replace(/^\[(\w+)\]$/, "{$1}")]);
      } else if (/^(?:page|route)\.tsx?$/.test(entry.name)) routes.add(`/${segments.join("/")}`);
    }
  };
  walk(appDir, []);
  try {
    for (const file of fs.readdirSync(publicDir, { recursive: true, encoding: "utf8" })) routes.add(`/${file.split(path.sep).join("/")}`);
  } catch {
    // No public folder: nothing served from it.
  }
  return [...routes].map((route) => ({
    route,
    pattern: new RegExp(`^(?:/(?:ar|en))?${route === "/" ? "" : route.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+")}/?$`),
  }));
}

let SITE_PATTERNS: ReturnType<typeof sitePatterns> | undefined;

/**
 * A path's label on the request metrics: the route key for the API and Next's files, else the site route it matches
 * or `{other}`. Never made of what a visitor typed: each label is a histogram kept for the process's life, and made-up
 * paths answered 307 (a dashboard page signed out), 308 (a trailing slash), 429 or 503 are not 404s.
 */
export const metricRouteOf: (pathname: string) => string = remembered(
  (pathname) => {
    if (pathname.startsWith("/api/") || pathname.startsWith("/_next/") || pathname.startsWith("/media/")) return routeOf(pathname);
    SITE_PATTERNS ??= sitePatterns();
    return SITE_PATTERNS.find((p) => p.pattern.test(pathname))?.route ?? "{other}";
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
    const pathname = query < 0 ? url : url.slice(0, query);
    const method = req.method ?? "GET";
    const route = `${method} ${routeOf(pathname)}`;
    const seconds = (performance.now() - started) / 1000;
    // Paths answered 404 share one label, and the others' labels are the site's routes: made-up paths never grow it.
    if (!internal) observeRequest(`${METHODS.has(method) ? method : "OTHER"} ${res.statusCode === 404 && !pathname.startsWith("/api/") ? "{not-found}" : metricRouteOf(pathname)}`, res.statusCode, seconds);
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
