import type http from "node:http";
import type { RateRule } from "@/server/core/rate-limit";
import { AppError } from "@/server/core/errors";
import { apiMessage } from "@/server/core/messages";
import { clientIp } from "@/server/core/client-ip";
import { ReadLimits } from "./anonymous-reads";

/**
 * A visitor's share of the pages rendered on request (docs/decisions/018, third round). The page cache answers the
 * public pages everyone asks for from memory (./page-cache.ts); everything else is a render: a search, each
 * combination of the discovery filters (issue 31: a query string per choice, none cached), a page past the cached
 * ones, every signed-in page and a client navigation's payload. Each costs tens of milliseconds of CPU and a few
 * queries, and any visitor can make up a new URL per request, so without a bound one address on a few dozen
 * connections could keep every core busy rendering pages nobody else asked for.
 *
 * So the API reads' rules (./anonymous-reads.ts), per client address, apply to renders as well:
 * 1. Share: at most PAGE_RENDER_SLOTS of an address's renders run at once; the next ones wait their turn (at most
 *    PAGE_RENDER_QUEUE waiting). A browser opens six connections and a page prefetches the links it shows, so a real
 *    visitor waits a little at worst; a flood takes PAGE_RENDER_SLOTS of the server's hands, whatever it opens.
 * 2. Rate: a bucket of 600 renders refilled at 20 a second, far above what a person, or an office behind one address,
 *    makes (a page and its prefetches), and a ceiling on what a script does.
 * 3. Past either: 429 with Retry-After after a 1 s pause, a short page in the visitor's language.
 * Links' prefetches count in a second share of the same size (prefetchRenders), so a page never waits for them.
 * Answers from the page cache, Next's static files, media and the API (limited on their own) do not count.
 * `RATE_LIMIT_PAGE_RENDER="<renders>/<seconds>"` sets the bucket, `off` turns share and rate off (load tests).
 */
export const PAGE_RENDER_RULE: RateRule = { name: "page_render", limit: 600, windowSeconds: 30 };
export const PAGE_RENDER_SLOTS = 4;
export const PAGE_RENDER_QUEUE = 100;

export const pageRenders = new ReadLimits({ rule: PAGE_RENDER_RULE, slots: PAGE_RENDER_SLOTS, queue: PAGE_RENDER_QUEUE });
/**
 * The links' prefetches (`Next-Router-Prefetch`: a dashboard's sidebar asks for a dozen at once) have a share of their
 * own, the same size, so the page a visitor opens never waits behind its own page's prefetches.
 */
export const prefetchRenders = new ReadLimits({ rule: PAGE_RENDER_RULE, slots: PAGE_RENDER_SLOTS, queue: PAGE_RENDER_QUEUE });

/** Whether a request is a page render these limits count: GET or HEAD of a path that is not the API, a static file or media. */
export function isPageRender(method: string | undefined, url: string | undefined): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  const raw = url ?? "/";
  const query = raw.indexOf("?");
  const path = query < 0 ? raw : raw.slice(0, query);
  if (path.startsWith("/api/") || path.startsWith("/_next/") || path.startsWith("/media/")) return false;
  // A file (favicon.ico, robots.txt, a feed or a sitemap's .xml): served from the build or cheap to make.
  return !path.slice(path.lastIndexOf("/") + 1).includes(".");
}

/**
 * Runs `render` (Next's handling of the request) within the caller's share: at once when it is not a page render or
 * the limits are off, after its turn otherwise; a refusal is answered here. The slot is held until the response is
 * finished or its connection closed, streamed pages included.
 */
export async function renderWithinShare(req: http.IncomingMessage, res: http.ServerResponse, render: () => Promise<void>, shares?: ReadLimits): Promise<void> {
  const limits = shares ?? (req.headers["next-router-prefetch"] !== undefined ? prefetchRenders : pageRenders);
  if (!limits.enabled || !isPageRender(req.method, req.url)) return render();
  const address = clientIp({ headers: { get: (name) => headerOf(req, name) } });
  let release: () => void;
  try {
    release = await limits.admit(address);
  } catch (err) {
    if (err instanceof AppError && err.httpStatus === 429) return refuse(req, res, err);
    throw err;
  }
  // The slot is freed when the response is written out or its connection is gone, whether or not render() has
  // returned by then (listened for from the start: a client may leave mid-render); at once if render() fails.
  const done = finished(res);
  const rendering = render();
  try {
    await Promise.race([done, rendering.then(() => done)]);
  } finally {
    release();
  }
  await rendering;
}

function headerOf(req: http.IncomingMessage, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : (value ?? null);
}

/** Resolves once the response is written out ("finish") or its connection is gone ("close"), whichever comes first. */
function finished(res: http.ServerResponse): Promise<void> {
  if (res.writableFinished || res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const end = () => {
      res.off("finish", end);
      res.off("close", end);
      resolve();
    };
    res.once("finish", end);
    res.once("close", end);
  });
}

function refuse(req: http.IncomingMessage, res: http.ServerResponse, err: AppError): void {
  if (res.headersSent || res.destroyed) return;
  const arabic = /^\/ar(?:[/?]|$)/.test(req.url ?? "");
  const text = apiMessage(arabic ? "ar" : "en", "tooManyRequests");
  const body = Buffer.from(
    `<!doctype html><html lang="${arabic ? "ar" : "en"}" dir="${arabic ? "rtl" : "ltr"}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text}</title><p>${text}</p></html>`,
  );
  res.writeHead(429, {
    ...err.headers,
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-length": body.byteLength,
  });
  res.end(req.method === "HEAD" ? undefined : body);
}
