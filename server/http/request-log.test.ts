import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { log, requestLog } from "@/server/core/log";
import { metricRouteOf, routeOf, serveLogged } from "./request-log";

/** One line per request and the request id (ADR 026), through a server that serves as the custom server does. */
let base = "";
let server: http.Server;
let trust = false;

beforeAll(async () => {
  server = http.createServer((req, res) =>
    serveLogged(req, res, trust, () => {
      setTimeout(() => {
        log.info("[test] inside");
        res.statusCode = req.url?.includes("boom") ? 500 : 200;
        res.end("x".repeat(100));
      }, 5);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("request lines", () => {
  it("answers X-Request-Id and logs method, route key (no query, no ids), status, duration, user, id and bytes", async () => {
    const info = vi.spyOn(requestLog, "info").mockImplementation(() => undefined);
    const warn = vi.spyOn(requestLog, "warn").mockImplementation(() => undefined);
    try {
      const res = await fetch(`${base}/api/chapter/GetChapter/123?token=SECRET`);
      const id = res.headers.get("x-request-id");
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      await res.text();
      await vi.waitFor(() => expect(info.mock.calls.some(([, msg]) => msg === "request")).toBe(true));
      const line = info.mock.calls.find(([, msg]) => msg === "request")![0] as Record<string, unknown>;
      expect(line).toMatchObject({ requestId: id, userId: "anonymous", method: "GET", route: "GET /api/chapter/GetChapter/{chapterid}", status: 200 });
      expect(line.durationMs as number).toBeGreaterThan(0);
      expect(line.bytes as number).toBeGreaterThan(100);
      expect(JSON.stringify(line)).not.toContain("SECRET");

      const failed = await fetch(`${base}/ar/discovery/manga/77?boom=1`);
      await failed.text();
      await vi.waitFor(() => expect(warn).toHaveBeenCalled());
      expect(warn.mock.calls[0]![0]).toMatchObject({ route: "GET /discovery/manga/{id}", status: 500 });
    } finally {
      info.mockRestore();
      warn.mockRestore();
    }
  });

  it("logs the page cache's own renders at debug level, outside the metrics", async () => {
    const debug = vi.spyOn(requestLog, "debug").mockImplementation(() => undefined);
    const info = vi.spyOn(requestLog, "info").mockImplementation(() => undefined);
    const internal = http.createServer((req, res) => serveLogged(req, res, false, () => res.end("x"), true));
    await new Promise<void>((resolve) => internal.listen(0, "127.0.0.1", resolve));
    try {
      await (await fetch(`http://127.0.0.1:${(internal.address() as AddressInfo).port}/en/discovery`)).text();
      await vi.waitFor(() => expect(debug).toHaveBeenCalled());
      expect(debug.mock.calls[0]![0]).toMatchObject({ route: "GET /discovery", internal: true });
      expect(info.mock.calls.filter(([, msg]) => msg === "request")).toHaveLength(0);
    } finally {
      debug.mockRestore();
      info.mockRestore();
      await new Promise<void>((resolve) => internal.close(() => resolve()));
    }
  });

  it("takes a sane X-Request-Id from a trusted proxy only", async () => {
    trust = false;
    expect((await fetch(base, { headers: { "x-request-id": "nginx-0123456789abcdef" } })).headers.get("x-request-id")).not.toBe("nginx-0123456789abcdef");
    trust = true;
    expect((await fetch(base, { headers: { "x-request-id": "nginx-0123456789abcdef" } })).headers.get("x-request-id")).toBe("nginx-0123456789abcdef");
    expect((await fetch(base, { headers: { "x-request-id": "bad id\twith junk" } })).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    trust = false;
  });

  it("keys routes without ids or query strings", () => {
    expect(routeOf("/api/manga/PaginatedManga")).toBe("/api/manga/PaginatedManga");
    expect(routeOf("/api/nothing/here")).toBe("/api/{unknown}");
    expect(routeOf("/manga-reader/12/345")).toBe("/manga-reader/{id}/{id}");
    expect(routeOf("/media/" + "a".repeat(64))).toBe("/media/{id}");
    expect(routeOf("/ar/auth/reset-password")).toBe("/auth/reset-password");
    expect(routeOf("/_next/static/chunks/x.js")).toBe("/_next/static/*");
  });

  it("labels the metrics with the site's routes only: a made-up path is {other}, whatever its status", () => {
    expect(metricRouteOf("/")).toBe("/");
    expect(metricRouteOf("/ar")).toBe("/");
    expect(metricRouteOf("/discovery/manga/17")).toBe("/discovery/manga/{id}");
    expect(metricRouteOf("/ar/manga-reader/12/345")).toBe("/manga-reader/{mangaId}/{chapterId}");
    expect(metricRouteOf("/auth/force-reset-password/Zx9-token")).toBe("/auth/force-reset-password/{id}");
    expect(metricRouteOf("/dashboard/favorites/")).toBe("/dashboard/favorites");
    expect(metricRouteOf("/sitemaps/manga-1.xml")).toBe("/sitemaps/{name}");
    expect(metricRouteOf("/robots.txt")).toBe("/robots.txt");
    expect(metricRouteOf("/icon.svg")).toBe("/icon.svg");
    expect(metricRouteOf("/icons/icon-192.png")).toBe("/icons/icon-192.png");
    expect(metricRouteOf("/manifest.webmanifest")).toBe("/manifest.webmanifest");
    expect(metricRouteOf("/ar/offline")).toBe("/offline");
    expect(metricRouteOf("/api/manga/PaginatedManga")).toBe("/api/manga/PaginatedManga");
    expect(metricRouteOf("/media/" + "b".repeat(64))).toBe("/media/{id}");
    // What a scanner or an attacker makes up: one label, however many paths.
    for (const made of ["/dashboard/x1", "/dashboard/anything-at-all", "/wp-admin/", "/discovery/manga/1/extra", "/ar/%2e%2e"]) {
      expect(metricRouteOf(made), made).toBe("{other}");
    }
  });
});
