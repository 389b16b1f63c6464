import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { applyCatalogueChange } from "@/server/manga/changed";
import { cacheableNavigation, cacheableRequest, canonicalDiscoveryQuery, createPageCache, negotiatedLocale, type PageCache } from "./page-cache";

describe("which requests the page cache answers", () => {
  it("takes the public pages in both languages, and nothing else", () => {
    for (const url of ["/", "/ar", "/discovery", "/ar/discovery", "/discovery/manga/12", "/ar/discovery/manga/12", "/frequently-asked-questions", "/ar/terms-of-service", "/privacy-policy", "/sitemap.xml", "/sitemaps/pages.xml", "/sitemaps/manga-0.xml", "/sitemaps/chapters-12.xml", "/robots.txt"]) {
      expect(cacheableRequest(url), url).toBeDefined();
    }
    for (const url of ["/ar/", "/en", "/en/discovery", "/dashboard", "/ar/dashboard/discovery", "/auth", "/manga-reader/1/2", "/api/health", "/media/abc", "/discovery/manga/0", "/discovery/manga/012", "/discovery/manga/1234567890", "/discovery/manga/1/x", "/?x=1", "/discovery/manga/3?ref=a", "/sitemap.xml?x", "/sitemaps/manga-0.xml?x", "/sitemaps/manga-01.xml", "/sitemaps/other.xml", "/sitemaps/", "/unknown"]) {
      expect(cacheableRequest(url), url).toBeUndefined();
    }
  });

  it("only the discovery queries the catalogue keeps cached, in one order", () => {
    expect(canonicalDiscoveryQuery("")).toBe("");
    expect(canonicalDiscoveryQuery("page=2&genre=Action")).toBe("?genre=Action&page=2");
    expect(canonicalDiscoveryQuery("sort=2&genre=Drama&page=20")).toBe("?genre=Drama&sort=2&page=20");
    expect(cacheableRequest("/ar/discovery?page=3&genre=Action")?.key).toBe("/ar/discovery?genre=Action&page=3");
    for (const bad of ["search=moon", "page=21", "page=0", "page=02", "page=1e1", "genre=Nope", "sort=99", "page=2&page=3", "utm=x", "page", "genre=Action&x=1"]) {
      expect(canonicalDiscoveryQuery(bad), bad).toBeUndefined();
    }
  });

  it("the latest updates' pages and feeds (docs/decisions/025), each language its own entry, fresh with the catalogue or the manga", () => {
    expect(cacheableRequest("/latest")?.key).toBe("/latest");
    expect(cacheableRequest("/ar/latest?page=20")?.key).toBe("/ar/latest?page=20");
    expect(cacheableRequest("/latest")?.negotiated).toBe(true);
    expect(cacheableRequest("/feeds/latest.xml?lang=ar")).toMatchObject({ key: "/feeds/latest.xml?lang=ar", negotiated: false });
    expect(cacheableRequest("/feeds/manga/7.xml")?.key).toBe("/feeds/manga/7.xml");
    for (const bad of ["/latest?page=1", "/latest?page=21", "/latest?page=02", "/latest?x=1", "/latest?page=2&page=3", "/feeds/latest.xml?lang=fr", "/feeds/latest.xml?x", "/feeds/manga/0.xml", "/feeds/manga/7.xml?lang=en", "/feeds/manga/07.xml", "/feeds/manga/7"]) {
      expect(cacheableRequest(bad), bad).toBeUndefined();
    }
    const feed = cacheableRequest("/feeds/manga/7.xml")!;
    const latest = cacheableRequest("/feeds/latest.xml")!;
    const before = { feed: feed.generation(), latest: latest.generation() };
    applyCatalogueChange({ manga: 7 });
    expect(feed.generation()).not.toBe(before.feed);
    expect(latest.generation()).toBe(before.latest);
    applyCatalogueChange({ catalogue: true });
    expect(latest.generation()).not.toBe(before.latest);
  });

  it("keys a preview on its manga's and the catalogue's generations, a static page on neither", () => {
    const preview = cacheableRequest("/discovery/manga/7")!;
    const other = cacheableRequest("/discovery/manga/8")!;
    const landing = cacheableRequest("/")!;
    const faq = cacheableRequest("/frequently-asked-questions")!;
    const before = { preview: preview.generation(), other: other.generation(), landing: landing.generation(), faq: faq.generation() };
    applyCatalogueChange({ manga: 7 });
    expect(preview.generation()).not.toBe(before.preview);
    expect(other.generation()).toBe(before.other);
    expect(landing.generation()).toBe(before.landing);
    applyCatalogueChange({ catalogue: true });
    expect(other.generation()).not.toBe(before.other);
    expect(landing.generation()).not.toBe(before.landing);
    expect(faq.generation()).toBe(before.faq);
  });

  it("takes client-side navigations to those pages, keyed by what Next varies on", () => {
    const tree = "%5B%22%22%2C%7B%7D%5D";
    const nav = cacheableNavigation("/discovery/manga/4?_rsc=abc", { rsc: "1", "next-router-state-tree": tree })!;
    expect(nav.path).toBe("/discovery/manga/4?_rsc=abc");
    expect(nav.headers).toEqual({ rsc: "1", "next-router-state-tree": tree });
    const prefetch = cacheableNavigation("/discovery/manga/4?_rsc=abc", { rsc: "1", "next-router-state-tree": tree, "next-router-prefetch": "1", "next-router-segment-prefetch": "/_tree" })!;
    expect(prefetch.key).not.toBe(nav.key);
    expect(prefetch.headers["next-router-segment-prefetch"]).toBe("/_tree");
    expect(nav.generation()).toBe(cacheableRequest("/discovery/manga/4")!.generation());
    expect(cacheableNavigation("/ar/discovery?genre=Action&_rsc=x", { rsc: "1" })?.negotiated).toBe(false);
    expect(cacheableNavigation("/discovery/manga/4", { rsc: "1" })).toBeUndefined(); // no _rsc
    expect(cacheableNavigation("/discovery/manga/4?_rsc=a&_rsc=b", { rsc: "1" })).toBeUndefined();
    expect(cacheableNavigation("/dashboard?_rsc=a", { rsc: "1" })).toBeUndefined();
    expect(cacheableNavigation("/discovery?search=x&_rsc=a", { rsc: "1" })).toBeUndefined();
    expect(cacheableNavigation("/discovery?_rsc=a", { rsc: "1", "next-router-state-tree": "x".repeat(5000) })).toBeUndefined();
    expect(cacheableNavigation("/discovery?_rsc=a", {})).toBeUndefined();
  });

  it("reads the language next-intl would choose for an unprefixed page", () => {
    expect(negotiatedLocale(undefined, undefined)).toBe("en");
    expect(negotiatedLocale("a=1; NEXT_LOCALE=ar", "en")).toBe("ar");
    expect(negotiatedLocale("NEXT_LOCALE=en", "ar")).toBe("en");
    expect(negotiatedLocale("NEXT_LOCALE=fr", "ar-EG,ar;q=0.9")).toBe("ar");
    expect(negotiatedLocale(undefined, "fr-FR,fr;q=0.9")).toBe("en");
    expect(negotiatedLocale(undefined, "fr, ar;q=0.5")).toBe("ar");
    expect(negotiatedLocale(undefined, "en-US,en;q=0.9,ar;q=0.8")).toBe("en");
    expect(negotiatedLocale(undefined, "ar;q=0.4, en;q=0.6")).toBe("en");
    expect(negotiatedLocale(undefined, "ar;q=0")).toBe("en");
    expect(negotiatedLocale(undefined, "ar;q=x")).toBeUndefined();
  });
});

describe("the page cache in front of a renderer", () => {
  let server: http.Server | undefined;
  let cache: PageCache | undefined;
  afterEach(async () => {
    cache?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  /** A stand-in for Next: counts renders, answers 404 for /discovery/manga/404, sets a cookie like next-intl. */
  async function start(delayMs = 0) {
    let renders = 0;
    let release: (() => void) | undefined;
    const gate = delayMs ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
    server = http.createServer((req, res) => {
      const served = cache!.serve(req, res, async () => void res.writeHead(599).end());
      if (served) return void served.catch(() => res.destroy());
      renders += 1;
      void gate.then(() => {
        const status = req.url === "/discovery/manga/404" ? 404 : 200;
        res.writeHead(status, { "content-type": "text/html; charset=utf-8", "set-cookie": "NEXT_LOCALE=en; Path=/", "cache-control": "private, no-store", "x-middleware-rewrite": "/en" });
        res.end(`<html>${req.url} render ${renders} ${"x".repeat(2000)}</html>`);
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    cache = createPageCache({ target: () => ({ host: "127.0.0.1", port }) });
    return { base: `http://127.0.0.1:${port}`, renders: () => renders, release: () => release?.() };
  }

  it("renders once, then answers from memory with shared-cache headers, an ETag and no cookie", async () => {
    const { base, renders } = await start();
    const first = await fetch(`${base}/discovery/manga/5`);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-cache")).toBe("MISS");
    const second = await fetch(`${base}/discovery/manga/5`);
    expect(second.headers.get("x-page-cache")).toBe("HIT");
    expect(await second.text()).toContain("render 1");
    expect(renders()).toBe(1);
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=60");
    expect(second.headers.get("set-cookie")).toBeNull();
    expect(second.headers.get("x-middleware-rewrite")).toBeNull();
    expect(second.headers.get("vary")).toBe("Accept-Encoding, Accept-Language, Cookie");
    const etag = second.headers.get("etag")!;
    const revalidated = await fetch(`${base}/discovery/manga/5`, { headers: { "if-none-match": etag } });
    expect(revalidated.status).toBe(304);
    expect((await fetch(`${base}/ar/discovery/manga/5`)).headers.get("vary")).toBe("Accept-Encoding");
  });

  it("serves gzip to those who take it and plain bytes to the others", async () => {
    const { base } = await start();
    await fetch(`${base}/robots.txt`);
    const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      http.get(`${base}/robots.txt`, { headers: { "accept-encoding": "gzip" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
      }).on("error", reject);
    });
    expect(raw.encoding).toBe("gzip");
    expect(gunzipSync(raw.body).toString()).toContain("/robots.txt render 1");
    const plain = await new Promise<{ encoding?: string; body: string }>((resolve, reject) => {
      http.get(`${base}/robots.txt`, { headers: { "accept-encoding": "identity" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks).toString() }));
      }).on("error", reject);
    });
    expect(plain.encoding).toBeUndefined();
    expect(plain.body).toContain("/robots.txt render 1");
  });

  it("renders a page again after a change to it, and only to it", async () => {
    const { base, renders } = await start();
    await fetch(`${base}/discovery/manga/31`);
    await fetch(`${base}/discovery/manga/32`);
    expect(renders()).toBe(2);
    applyCatalogueChange({ manga: 31 });
    const changedPage = await fetch(`${base}/discovery/manga/31`);
    expect(changedPage.headers.get("x-page-cache")).toBe("MISS");
    expect(await changedPage.text()).toContain("render 3");
    expect((await fetch(`${base}/discovery/manga/32`)).headers.get("x-page-cache")).toBe("HIT");
    expect(renders()).toBe(3);
  });

  it("warms: renders the cacheable pages it is given before anyone asks, skips the rest and keeps no failure", async () => {
    const { base, renders } = await start();
    const stored = await cache!.warm(["/", "/ar", "/discovery/manga/7", "/discovery/manga/404", "/discovery?q=search", "/dashboard"], 2);
    expect(stored).toBe(3);
    expect(renders()).toBe(4);
    for (const path of ["/ar", "/discovery/manga/7"]) expect((await fetch(`${base}${path}`)).headers.get("x-page-cache"), path).toBe("HIT");
    expect(renders()).toBe(4);
    expect(cache!.stats().entries).toBe(3);
  });

  it("renders once for many visitors arriving together", async () => {
    const { base, renders, release } = await start(1);
    const all = Promise.all(Array.from({ length: 20 }, () => fetch(`${base}/discovery`).then((r) => r.text())));
    await expect.poll(() => renders()).toBe(1);
    release();
    const bodies = await all;
    expect(new Set(bodies).size).toBe(1);
    expect(renders()).toBe(1);
  });

  it("passes on what it does not keep: a 404 is answered as rendered, never stored; Arabic visitors on / go to Next", async () => {
    const { base, renders } = await start();
    const missing = await fetch(`${base}/discovery/manga/404`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toContain("no-store");
    await fetch(`${base}/discovery/manga/404`);
    expect(renders()).toBe(2);
    // Left to the fallback (which answers 599 in this stand-in): Next would redirect these to /ar.
    expect((await fetch(`${base}/`, { headers: { "accept-language": "ar" } })).status).toBe(200);
    expect(renders()).toBe(3);
    const arabic = await fetch(`${base}/`, { headers: { cookie: "NEXT_LOCALE=ar" } });
    expect(arabic.headers.get("x-page-cache")).toBeNull();
    expect(renders()).toBe(4);
    // A forged render header is not the secret: the request is served from the cache like any other.
    expect((await fetch(`${base}/`, { headers: { "x-page-cache-fill": "guess" } })).headers.get("x-page-cache")).toBe("MISS");
  });

  it("keeps within its byte budget, dropping the least recently used page", async () => {
    const { base } = await start();
    cache!.close();
    const { port } = server!.address() as AddressInfo;
    cache = createPageCache({ target: () => ({ host: "127.0.0.1", port }), maxBytes: 150 });
    for (const id of [1, 2, 3, 4, 5]) await fetch(`${base}/discovery/manga/${id}`);
    expect(cache.stats().bytes).toBeLessThanOrEqual(150);
    expect(cache.stats().entries).toBeLessThan(5);
  });

  it("keeps child sitemaps to a quarter of its budget: a sweep of them leaves the pages in", async () => {
    const { base, renders } = await start();
    cache!.close();
    const { port } = server!.address() as AddressInfo;
    cache = createPageCache({ target: () => ({ host: "127.0.0.1", port }), maxBytes: 600 });
    for (const id of [1, 2]) await fetch(`${base}/discovery/manga/${id}`);
    for (let block = 0; block < 8; block++) expect((await fetch(`${base}/sitemaps/manga-${block}.xml`)).headers.get("x-page-cache")).toBe("MISS");
    const rendered = renders();
    for (const id of [1, 2]) expect((await fetch(`${base}/discovery/manga/${id}`)).headers.get("x-page-cache"), `manga ${id}`).toBe("HIT");
    // The latest sitemaps are kept (an answer from memory), the oldest were dropped; never more than their share.
    expect((await fetch(`${base}/sitemaps/manga-7.xml`)).headers.get("x-page-cache")).toBe("HIT");
    expect(renders()).toBe(rendered);
    expect(cache.stats().entries).toBeLessThanOrEqual(2 + 150 / 60);
  });
});
