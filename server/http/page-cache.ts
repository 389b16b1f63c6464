import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import { GENRES, SortBy } from "@/lib/enums";
import { catalogueGeneration, mangaGeneration } from "@/server/manga/changed";
import { CACHED_DISCOVERY_PAGES } from "@/server/manga/cache-limits";
import { parseSitemapFileName } from "@/server/seo/sitemap";
import { parseLatestPage } from "@/lib/latest";
import { acceptsGzip } from "./accept-encoding";
import { log } from "@/server/core/log";
import { metrics } from "@/server/core/metrics";

/**
 * The public pages' HTML cache (issue 18, item 1; docs/decisions/019). Landing, the first discovery pages, previews,
 * the static pages, the sitemaps and robots.txt are the same for every visitor (the signed-in parts are client
 * islands), so the custom server keeps each one's rendered answer in memory and serves it without Next:
 *
 * - A miss renders the page once through Next, by a request to this same server on the loopback interface carrying
 *   nothing of the visitor (no cookie, no Accept-Language, identity encoding) and a per-process secret header that
 *   sends it straight to Next. Concurrent misses of one page wait for that one render.
 * - An entry is valid for the generations it was rendered at (server/manga/changed.ts): a use case's `changed()`
 *   bumps them on every process at once (the bus), so a write makes exactly the pages it touched render again
 *   everywhere: one manga's preview for a favourite, every catalogue page for a new chapter or a settings save.
 *   Static pages depend on the build only. Past PAGE_TTL_MS an entry is served once more while it renders again in
 *   the background (time-based changes: scheduled chapters and premium windows open at query time).
 * - Answers carry `Cache-Control: public, max-age=0, s-maxage=…, stale-while-revalidate=…` and an ETag (304 on a
 *   match), never Set-Cookie. English pages without a prefix answer by language (next-intl sends a visitor whose
 *   NEXT_LOCALE cookie or Accept-Language asks for Arabic to /ar): those requests go to Next, the English answer says
 *   `Vary: Accept-Language, Cookie`; `/ar…` pages vary on neither.
 * - Bodies are kept gzipped (a client that does not accept gzip gets them inflated), within PAGE_CACHE_MB (LRU).
 *
 * - A client-side navigation to one of these pages (Next's RSC payload) is kept the same way, keyed also by the
 *   router headers Next varies on (what the browser already shows); prefetches are left to Next.
 *
 * Everything else (searches, deep pages, odd queries, signed-in pages, the reader, the API) is not touched.
 */

export interface PageCacheOptions {
  /** Where this server listens (for the loopback render). */
  target: () => { host: string; port: number };
  maxBytes?: number;
  ttlMs?: number;
}

export interface PageCache {
  /** Serves a cacheable page (resolving when answered), or returns undefined to leave the request to Next. */
  serve(req: http.IncomingMessage, res: http.ServerResponse, fallback: () => Promise<void>): Promise<void> | undefined;
  /**
   * Renders these pages now, `concurrency` at a time, as a first visitor would (paths that are not cacheable are
   * skipped): a process fills its cache before it takes traffic. Resolves with how many were stored.
   */
  warm(paths: readonly string[], concurrency?: number): Promise<number>;
  /** Entries and bytes held (tests, diagnostics). */
  stats(): { entries: number; bytes: number };
  close(): void;
}

interface Entry {
  status: number;
  headers: http.OutgoingHttpHeaders;
  gz: Buffer;
  etag: string;
  generation: string;
  storedAt: number;
  pool: Pool;
}

/**
 * Child sitemaps share the cache with a quarter of its bytes at most (their own LRU inside it): a crawler's sweep of
 * hundreds of them must not push the landing and the previews out.
 */
type Pool = "page" | "sitemap";
const SITEMAP_SHARE = 0.25;

interface Rendered {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

export const PAGE_TTL_MS = 60_000;
/** How long a shared cache (CDN) may keep a page, and serve it stale while it fetches a fresh one. */
export const SHARED_MAX_AGE_S = 30;
export const STALE_WHILE_REVALIDATE_S = 60;
const CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_S}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`;
const FILL_HEADER = "x-page-cache-fill";
const RENDER_TIMEOUT_MS = 30_000;
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** What a cacheable request is: its key, whether it is an unprefixed (English, language-negotiated) page, its generation. */
export interface Cacheable {
  key: string;
  /** What the loopback render asks for: the path and the headers of the request that matter to Next. */
  path: string;
  headers: Record<string, string>;
  negotiated: boolean;
  generation: () => string;
  pool?: Pool;
}

const STATIC_PAGES = new Set(["/frequently-asked-questions", "/terms-of-service", "/privacy-policy"]);
const SORTS = new Set(Object.values(SortBy).map(String));
const catalogue = () => `c${catalogueGeneration()}`;
const BUILD = () => "build";

/** The cacheable pages, from the path and query alone (undefined: not cacheable, leave it to Next). */
export function cacheableRequest(url: string): Cacheable | undefined {
  const page = cacheablePage(url);
  return page && { ...page, path: page.key, headers: {} };
}

/**
 * A client-side navigation to a cacheable page, or its prefetch (Next's RSC payloads): cached like the page, keyed by
 * the URL (whose `_rsc` parameter Next derives from these headers) and the router headers Next varies on, which say
 * what the browser already has and which part it asks for.
 */
export function cacheableNavigation(url: string, headers: http.IncomingHttpHeaders): Cacheable | undefined {
  if (headers.rsc !== "1") return undefined;
  const forwarded: Record<string, string> = { rsc: "1" };
  for (const name of ROUTER_HEADERS) {
    const value = headers[name];
    if (value === undefined) continue;
    if (typeof value !== "string" || value.length > 4096) return undefined;
    forwarded[name] = value;
  }
  const q = url.indexOf("?");
  const params = q < 0 ? [] : url.slice(q + 1).split("&");
  const rsc = params.filter((p) => p.startsWith("_rsc="));
  if (rsc.length !== 1) return undefined;
  const rest = params.filter((p) => !p.startsWith("_rsc="));
  const page = cacheablePage(`${q < 0 ? url : url.slice(0, q)}${rest.length ? `?${rest.join("&")}` : ""}`);
  if (!page) return undefined;
  return { ...page, key: `rsc ${url}\n${ROUTER_HEADERS.map((name) => forwarded[name] ?? "").join("\n")}`, path: url, headers: forwarded };
}

/** The request headers Next's answer to an RSC request depends on (its Vary, and the interception route's next-url). */
const ROUTER_HEADERS = ["next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-url"] as const;

function cacheablePage(url: string): Omit<Cacheable, "path" | "headers"> | undefined {
  const q = url.indexOf("?");
  const pathname = q < 0 ? url : url.slice(0, q);
  const search = q < 0 ? "" : url.slice(q + 1);
  if (pathname === "/sitemap.xml") return search ? undefined : { key: pathname, negotiated: false, generation: catalogue };
  if (pathname === "/robots.txt") return search ? undefined : { key: pathname, negotiated: false, generation: BUILD };
  // The child sitemaps (up to 5,000 ids each) are read by crawlers and anyone else: from memory, not a query per request.
  if (pathname.startsWith("/sitemaps/")) return !search && parseSitemapFileName(pathname.slice("/sitemaps/".length)) ? { key: pathname, negotiated: false, generation: catalogue, pool: "sitemap" } : undefined;
  // The latest updates' feeds (docs/decisions/025), English or ?lang=ar: one entry per language, fresh with the catalogue.
  if (pathname === "/feeds/latest.xml") return search === "" || search === "lang=ar" ? { key: `${pathname}${search ? `?${search}` : ""}`, negotiated: false, generation: catalogue } : undefined;
  const feed = /^\/feeds\/manga\/([1-9]\d{0,8})\.xml$/.exec(pathname);
  if (feed) {
    if (search !== "" && search !== "lang=ar") return undefined;
    const id = Number(feed[1]);
    return { key: `${pathname}${search ? `?${search}` : ""}`, negotiated: false, generation: () => `m${mangaGeneration(id)}${catalogue()}` };
  }
  const arabic = pathname === "/ar" || pathname.startsWith("/ar/");
  const page = arabic ? pathname.slice(3) || "/" : pathname;
  if (arabic && page === "/" && pathname !== "/ar") return undefined; // "/ar/": Next's trailing-slash redirect
  const negotiated = !arabic;
  if (page === "/") return search ? undefined : { key: pathname, negotiated, generation: catalogue };
  if (STATIC_PAGES.has(page)) return search ? undefined : { key: pathname, negotiated, generation: BUILD };
  // The latest updates: its first page and ?page=2…LATEST.maxPages (page=1 and anything else go to Next uncached).
  if (page === "/latest") {
    if (!search) return { key: pathname, negotiated, generation: catalogue };
    const m = /^page=(\d+)$/.exec(search);
    const n = m ? parseLatestPage(m[1]) : undefined;
    return n !== undefined && n > 1 ? { key: `${pathname}?page=${n}`, negotiated, generation: catalogue } : undefined;
  }
  if (page === "/discovery") {
    const query = canonicalDiscoveryQuery(search);
    return query === undefined ? undefined : { key: `${pathname}${query}`, negotiated, generation: catalogue };
  }
  const preview = /^\/discovery\/manga\/([1-9]\d{0,8})$/.exec(page);
  if (preview && !search) {
    const id = Number(preview[1]);
    return { key: pathname, negotiated, generation: () => `m${mangaGeneration(id)}${catalogue()}` };
  }
  return undefined;
}

/**
 * The discovery query when it names a page the catalogue keeps cached (genre, sort, page ≤ CACHED_DISCOVERY_PAGES, no
 * search), in one canonical order; undefined for a search, a deep page, anything unknown, repeated or malformed, so
 * made-up queries cannot fill the cache.
 */
export function canonicalDiscoveryQuery(search: string): string | undefined {
  if (!search) return "";
  const seen = new Map<string, string>();
  for (const part of search.split("&")) {
    const eq = part.indexOf("=");
    const name = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? "" : part.slice(eq + 1);
    if (seen.has(name)) return undefined;
    seen.set(name, value);
  }
  for (const [name, value] of seen) {
    if (name === "genre" && (GENRES as readonly string[]).includes(value)) continue;
    if (name === "sort" && SORTS.has(value)) continue;
    if (name === "page" && /^[1-9]\d{0,2}$/.test(value) && Number(value) <= CACHED_DISCOVERY_PAGES) continue;
    return undefined;
  }
  return `?${["genre", "sort", "page"].filter((n) => seen.has(n)).map((n) => `${n}=${seen.get(n)}`).join("&")}`;
}

/**
 * The language next-intl would pick for an unprefixed page: the NEXT_LOCALE cookie when it names a language, else
 * the preferred of en/ar in Accept-Language (English when neither is named). Undefined when the header cannot be read.
 */
export function negotiatedLocale(cookie: string | undefined, acceptLanguage: string | undefined): "en" | "ar" | undefined {
  const chosen = cookie ? /(?:^|;\s*)NEXT_LOCALE=([^;]*)/.exec(cookie)?.[1]?.trim() : undefined;
  if (chosen === "en" || chosen === "ar") return chosen;
  if (!acceptLanguage) return "en";
  let best: { locale: "en" | "ar"; q: number } | undefined;
  for (const part of acceptLanguage.split(",")) {
    const [tag = "", ...params] = part.trim().toLowerCase().split(";");
    const primary = tag.trim().split("-")[0];
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q)) return undefined;
    if (q <= 0 || (primary !== "en" && primary !== "ar")) continue;
    if (!best || q > best.q) best = { locale: primary, q };
  }
  return best?.locale ?? "en";
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const ttlMs = options.ttlMs ?? PAGE_TTL_MS;
  const secret = randomBytes(16).toString("hex");
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, Promise<Rendered | null>>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  let bytes = 0;
  let sitemapBytes = 0;
  const sitemapMax = Math.floor(maxBytes * SITEMAP_SHARE);

  const remember = (key: string, entry: Entry) => {
    forget(key);
    entries.set(key, entry);
    bytes += entry.gz.byteLength;
    if (entry.pool === "sitemap") sitemapBytes += entry.gz.byteLength;
    // The oldest sitemaps first while they are over their share, then the oldest of anything.
    for (const [oldest, old] of entries) {
      if (sitemapBytes <= sitemapMax) break;
      if (old.pool === "sitemap") forget(oldest);
    }
    for (const [oldest] of entries) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  };
  const forget = (key: string) => {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    bytes -= old.gz.byteLength;
    if (old.pool === "sitemap") sitemapBytes -= old.gz.byteLength;
  };

  /** One render of `key` at `generation` at a time; stores a 200 and resolves with whatever Next answered. */
  const render = (page: Cacheable, generation: string): Promise<Rendered | null> => {
    const { key } = page;
    const flight = `${generation} ${key}`;
    let pending = inflight.get(flight);
    if (!pending) {
      pending = renderThroughNext(page)
        .then(async (rendered) => {
          if (rendered.status === 200) {
            const gz = await gzipAsync(rendered.body);
            const etag = `W/"${createHash("sha256").update(rendered.body).digest("base64url").slice(0, 27)}"`;
            remember(key, { status: 200, headers: rendered.headers, gz, etag, generation, storedAt: Date.now(), pool: page.pool ?? "page" });
          }
          return rendered;
        })
        .catch((err: unknown) => {
          log.error({ err }, `[page-cache] rendering ${key} failed`);
          return null;
        })
        .finally(() => inflight.delete(flight));
      inflight.set(flight, pending);
    }
    return pending;
  };

  const renderThroughNext = (page: Cacheable) =>
    new Promise<Rendered>((resolve, reject) => {
      const { host, port } = options.target();
      const request = http.request(
        {
          host,
          port,
          path: page.path,
          method: "GET",
          agent,
          timeout: RENDER_TIMEOUT_MS,
          headers: { ...page.headers, host: `localhost:${port}`, [FILL_HEADER]: secret, "accept-encoding": "identity", "user-agent": "page-cache" },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", reject);
          response.on("end", () => resolve({ status: response.statusCode ?? 502, headers: kept(response.headers), body: Buffer.concat(chunks) }));
        },
      );
      request.on("timeout", () => request.destroy(new Error(`render timed out after ${RENDER_TIMEOUT_MS} ms`)));
      request.on("error", reject);
      request.end();
    });

  async function answer(req: http.IncomingMessage, res: http.ServerResponse, page: Cacheable, fallback: () => Promise<void>) {
    req.resume();
    const generation = page.generation();
    let entry = entries.get(page.key);
    let state = "HIT";
    if (entry && entry.generation !== generation) entry = undefined;
    if (entry && Date.now() - entry.storedAt > ttlMs) {
      // Stale by time only: this answer still serves it, the next one gets the fresh render.
      state = "STALE";
      void render(page, generation);
    }
    if (!entry) {
      state = "MISS";
      const rendered = await render(page, generation);
      metrics().pageCache.inc({ result: "miss" });
      if (!rendered) return fallback();
      entry = entries.get(page.key);
      if (rendered.status !== 200 || !entry || entry.generation !== generation) return sendUncached(req, res, rendered);
    } else {
      // Recently used last, for the LRU order.
      entries.delete(page.key);
      entries.set(page.key, entry);
    }
    if (state !== "MISS") metrics().pageCache.inc({ result: state.toLowerCase() });
    return sendEntry(req, res, entry, page, state);
  }

  return {
    serve(req, res, fallback) {
      if (req.method !== "GET" && req.method !== "HEAD") return undefined;
      // The loopback render itself, and anything Next's client router asks for (RSC payloads), go to Next.
      if (req.headers[FILL_HEADER] !== undefined) {
        if (req.headers[FILL_HEADER] === secret) return undefined;
        delete req.headers[FILL_HEADER];
      }
      if (req.headers["next-action"] !== undefined) return undefined;
      const page = req.headers.rsc !== undefined ? (req.method === "GET" ? cacheableNavigation(req.url ?? "/", req.headers) : undefined) : cacheableRequest(req.url ?? "/");
      if (!page) return undefined;
      if (page.negotiated) {
        const cookie = req.headers.cookie;
        const acceptLanguage = req.headers["accept-language"];
        if (negotiatedLocale(cookie, Array.isArray(acceptLanguage) ? acceptLanguage.join(",") : acceptLanguage) !== "en") return undefined;
      }
      return answer(req, res, page, fallback);
    },
    async warm(paths, concurrency = 2) {
      const queue = paths.map((path) => cacheableRequest(path)).filter((page) => page !== undefined);
      let stored = 0;
      const worker = async () => {
        for (let page = queue.shift(); page; page = queue.shift()) if ((await render(page, page.generation()))?.status === 200) stored++;
      };
      await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
      return stored;
    },
    stats: () => ({ entries: entries.size, bytes }),
    close() {
      agent.destroy();
      entries.clear();
      bytes = 0;
    },
  };
}

/** Next's response headers that belong in every copy: not cookies, framing, validators or Next's internals. */
const DROPPED = new Set(["set-cookie", "date", "connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "cache-control", "etag", "x-middleware-rewrite", "x-request-id"]);
function kept(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || DROPPED.has(name) || name.startsWith("x-nextjs-")) continue;
    out[name] = value;
  }
  return out;
}

function withVary(headers: http.OutgoingHttpHeaders, negotiated: boolean): string {
  const vary = new Set(String(headers.vary ?? "").split(",").map((s) => s.trim()).filter(Boolean));
  vary.add("Accept-Encoding");
  if (negotiated) {
    vary.add("Accept-Language");
    vary.add("Cookie");
  }
  return [...vary].join(", ");
}

async function sendEntry(req: http.IncomingMessage, res: http.ServerResponse, entry: Entry, page: Cacheable, state: string) {
  const headers: http.OutgoingHttpHeaders = {
    ...entry.headers,
    "cache-control": CACHE_CONTROL,
    etag: entry.etag,
    vary: withVary(entry.headers, page.negotiated),
    "x-page-cache": state,
  };
  const inm = req.headers["if-none-match"];
  if (inm && inm.split(",").some((tag) => tag.trim() === entry.etag || tag.trim() === entry.etag.slice(2))) {
    delete headers["content-type"];
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const gzipped = acceptsGzip(req.headers["accept-encoding"]);
  const body = gzipped ? entry.gz : await gunzipAsync(entry.gz);
  if (gzipped) headers["content-encoding"] = "gzip";
  headers["content-length"] = body.byteLength;
  res.writeHead(entry.status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** A render that is not kept (not a 200, or already outdated): answered as Next answered it, never shared. */
function sendUncached(req: http.IncomingMessage, res: http.ServerResponse, rendered: Rendered) {
  const headers: http.OutgoingHttpHeaders = { ...rendered.headers, "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate", "content-length": rendered.body.byteLength };
  res.writeHead(rendered.status, headers);
  res.end(req.method === "HEAD" ? undefined : rendered.body);
}
