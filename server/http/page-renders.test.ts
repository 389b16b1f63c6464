import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ReadLimits } from "./anonymous-reads";
import { isPageRender, PAGE_RENDER_RULE, PAGE_RENDER_SLOTS, pageRenders, renderWithinShare } from "./page-renders";

describe("isPageRender", () => {
  it("counts pages and client navigations, not the API, static files, media or other methods", () => {
    expect(isPageRender("GET", "/")).toBe(true);
    expect(isPageRender("GET", "/ar/discovery?genre=Action&chapters=5")).toBe(true);
    expect(isPageRender("HEAD", "/dashboard/favorites")).toBe(true);
    expect(isPageRender("GET", "/discovery?_rsc=abc")).toBe(true);
    expect(isPageRender("GET", "/discovery?q=a.b")).toBe(true);
    expect(isPageRender("GET", "/api/manga/PaginatedManga")).toBe(false);
    expect(isPageRender("GET", "/_next/static/chunks/app.js")).toBe(false);
    expect(isPageRender("GET", "/media/pages/1/2.avif")).toBe(false);
    expect(isPageRender("GET", "/robots.txt")).toBe(false);
    expect(isPageRender("GET", "/feeds/latest.xml")).toBe(false);
    expect(isPageRender("POST", "/discovery")).toBe(false);
    expect(isPageRender(undefined, undefined)).toBe(false);
  });

  it("is on by default with 600 renders per 30 s per address", () => {
    expect(PAGE_RENDER_RULE).toMatchObject({ limit: 600, windowSeconds: 30 });
    expect(pageRenders.enabled).toBe(true);
  });
});

describe("renderWithinShare", () => {
  let server: http.Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  /** A server whose renders wait for `release()`; `started` counts the renders that began. */
  async function serve(limits: ReadLimits) {
    const gates: Array<() => void> = [];
    let started = 0;
    server = http.createServer((req, res) => {
      void renderWithinShare(req, res, async () => {
        started++;
        await new Promise<void>((resolve) => gates.push(resolve));
        res.end(`rendered ${req.url}`);
      }, limits);
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = (path: string, address = "203.0.113.7") => fetch(`${base}${path}`, { headers: { "x-forwarded-for": address } });
    return { get, started: () => started, openGate: () => gates.shift()?.(), waitFor: async (n: number) => {
      for (let i = 0; i < 200 && started < n; i++) await new Promise((r) => setTimeout(r, 5));
      return started;
    } };
  }

  const limits = (queue: number) =>
    new ReadLimits({ rule: { name: "page_render_test", limit: 1000, windowSeconds: 1 }, slots: 2, queue, refusalDelayMs: 0 });

  it("runs at most the slots of one address at once, the next in turn; another address is not held up", async () => {
    const s = await serve(limits(10));
    const answers = [s.get("/a"), s.get("/b"), s.get("/c")];
    expect(await s.waitFor(2)).toBe(2);
    // The third waits for a slot of 203.0.113.7; another address renders at once.
    const other = s.get("/d", "198.51.100.1");
    expect(await s.waitFor(3)).toBe(3);
    s.openGate();
    s.openGate();
    expect(await s.waitFor(4)).toBe(4);
    s.openGate();
    s.openGate();
    const texts = await Promise.all([...answers, other].map(async (r) => (await r).text()));
    expect(texts.sort()).toEqual(["rendered /a", "rendered /b", "rendered /c", "rendered /d"]);
  });

  it("refuses past the queue with a 429 page in the visitor's language and Retry-After, rendering nothing", async () => {
    const s = await serve(limits(0));
    const held = [s.get("/ar/discovery?chapters=1"), s.get("/ar/discovery?chapters=2")];
    await s.waitFor(2);
    const refused = await s.get("/ar/discovery?chapters=3");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(refused.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await refused.text();
    expect(html).toContain('lang="ar" dir="rtl"');
    expect(html).toContain("طلبات كثيرة جدًا");
    const english = await s.get("/discovery?chapters=4");
    expect(await english.text()).toContain("Too many requests.");
    expect(s.started()).toBe(2);
    s.openGate();
    s.openGate();
    await Promise.all(held);
  });

  it("does not count what is not a page render", async () => {
    const s = await serve(limits(0));
    const held = [s.get("/x"), s.get("/y")];
    await s.waitFor(2);
    const api = s.get("/api/manga/PaginatedManga");
    expect(await s.waitFor(3)).toBe(3);
    for (let i = 0; i < 3; i++) s.openGate();
    expect((await Promise.all([...held, api])).map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it("frees the slot once the response is written, even when the render's promise has not settled", async () => {
    server = http.createServer((req, res) => {
      void renderWithinShare(req, res, () => {
        res.end("done");
        return new Promise<void>(() => undefined);
      }, limits(0));
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (let i = 0; i < 5; i++) expect((await fetch(`${base}/p${i}`)).status).toBe(200);
  });

  it("keeps links' prefetches in a share of their own: a page is not held up behind them", async () => {
    const gates: Array<() => void> = [];
    let started = 0;
    server = http.createServer((req, res) => {
      void renderWithinShare(req, res, async () => {
        started++;
        if (req.headers["next-router-prefetch"]) await new Promise<void>((resolve) => gates.push(resolve));
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const headers = { "x-forwarded-for": "192.0.2.44", "next-router-prefetch": "1" };
    const prefetches = Array.from({ length: PAGE_RENDER_SLOTS }, (_, i) => fetch(`${base}/dashboard/p${i}`, { headers }));
    for (let i = 0; i < 200 && started < PAGE_RENDER_SLOTS; i++) await new Promise((r) => setTimeout(r, 5));
    expect(started).toBe(PAGE_RENDER_SLOTS);
    const page = await fetch(`${base}/dashboard/favorites`, { headers: { "x-forwarded-for": "192.0.2.44" } });
    expect(page.status).toBe(200);
    for (const open of gates) open();
    await Promise.all(prefetches);
  });

  it("counts nothing when RATE_LIMIT_PAGE_RENDER is off", async () => {
    const off = await serve(new ReadLimits({ rule: PAGE_RENDER_RULE, slots: 2, queue: 0, env: { RATE_LIMIT_PAGE_RENDER: "off" } }));
    const many = Array.from({ length: 6 }, (_, i) => off.get(`/p${i}`));
    expect(await off.waitFor(6)).toBe(6);
    for (let i = 0; i < 6; i++) off.openGate();
    expect((await Promise.all(many)).map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });
});
