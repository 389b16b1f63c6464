import { timingSafeEqual } from "node:crypto";
import type http from "node:http";
import { scrape } from "@/server/core/metrics";

/**
 * GET /api/metrics (docs/decisions/026), answered by the custom server before Next: Prometheus' text format, for a
 * scraper that sends `Authorization: Bearer <METRICS_TOKEN>`. Default deny: without METRICS_TOKEN set, or with another
 * token, the path answers 404 as if absent (so it gives nothing away through nginx). METRICS_PORT serves it without a
 * token on a port of its own instead (bind it to a private interface; never publish it).
 */
export const METRICS_PATH = "/api/metrics";

export function isMetricsRequest(req: http.IncomingMessage): boolean {
  const url = req.url ?? "";
  return url === METRICS_PATH || url.startsWith(`${METRICS_PATH}?`);
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith("Bearer ") ? header.slice(7).trim() : "");
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** Answers a metrics request when allowed (true), or leaves it to the rest of the server (false: a 404 there). */
export function serveMetrics(req: http.IncomingMessage, res: http.ServerResponse, options: { token?: string; open?: boolean }): boolean {
  if (!isMetricsRequest(req) || req.method !== "GET") return false;
  if (!options.open && !(options.token && tokenMatches(req.headers.authorization, options.token))) return false;
  scrape().then(
    ({ text, contentType }) => res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" }).end(text),
    () => res.writeHead(500, { "Cache-Control": "no-store" }).end(),
  );
  return true;
}
