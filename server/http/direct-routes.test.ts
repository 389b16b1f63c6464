import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getMangaById } from "@/app/api/manga/GetMangaById/route";
import { GET as paginatedManga } from "@/app/api/manga/PaginatedManga/route";
import { GET as chapterPages } from "@/app/api/chapter/PaginatedChapterImagePages/route";
import { eq } from "drizzle-orm";
import { POST as recordView } from "@/app/api/chapter/RecordView/route";
import { POST as toggleFavorite } from "@/app/api/manga/ToggleFavorite/route";
import { chapters } from "@/db/schema";
import { Role, Status } from "@/lib/enums";
import { seedFixture, type Fixture } from "@/server/manga/test-fixtures";
import * as catalogueRoutes from "./catalogue-routes";
import * as readerRoutes from "./reader-routes";
import { acceptsGzip } from "./accept-encoding";
import { serveDirectly } from "./direct-routes";
import { noParams, tokenFor } from "./test-helpers";

/** A server that answers what serveDirectly takes and marks everything it leaves (as server/main.ts leaves it to Next). */
let server: http.Server;
let base: string;
let fx: Fixture;

beforeAll(async () => {
  fx = await seedFixture();
  server = http.createServer((req, res) => {
    const served = serveDirectly(req, res);
    if (!served) res.writeHead(299, { "x-left-to": "next" }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

type RouteHandlerLike = (req: Request, ctx: typeof noParams) => Promise<Response>;

/** A raw request (fetch would add Accept-Encoding and decompress). */
function request(path: string, init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method: init.method ?? "GET", headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

describe("serveDirectly", () => {
  it("serves the very handlers the route files export (defined in server/http, re-exported by app/)", () => {
    expect(paginatedManga).toBe(catalogueRoutes.paginatedManga);
    expect(getMangaById).toBe(catalogueRoutes.getMangaById);
    expect(chapterPages).toBe(readerRoutes.paginatedChapterImagePages);
  });

  it("answers the catalogue and reader reads exactly as their route handlers do", async () => {
    const token = await tokenFor(Role.writer, fx.users.writerA);
    const [{ chapterId }] = await fx.db.select({ chapterId: chapters.id }).from(chapters).limit(1) as [{ chapterId: number }];
    const cases: Array<[string, typeof paginatedManga, Record<string, string>]> = [
      ["/api/manga/PaginatedManga?pageSize=3&sortBy=1&imageFormat=url", paginatedManga, {}],
      ["/api/manga/PaginatedManga?searchTerm=dragon", paginatedManga, {}],
      ["/api/manga/PaginatedManga?pageSize=100&imageFormat=url", paginatedManga, { authorization: `Bearer ${token}` }],
      ["/api/manga/PaginatedManga?sortBy=99", paginatedManga, { "x-locale": "ar" }],
      ["/api/manga/PaginatedManga", paginatedManga, { authorization: "Bearer forged" }],
      [`/api/manga/GetMangaById?id=${fx.ids["Dragon Quest Alpha"]}&imageFormat=url`, getMangaById, {}],
      ["/api/manga/GetMangaById?id=999999", getMangaById, {}],
      [`/api/chapter/PaginatedChapterImagePages?chapterId=${chapterId}&pageSize=2&imageFormat=url`, chapterPages, { authorization: `Bearer ${token}` }],
      [`/api/chapter/PaginatedChapterImagePages?chapterId=${chapterId}&pageNumber=1&pageSize=1`, chapterPages, {}],
      ["/api/chapter/PaginatedChapterImagePages?chapterId=0x1", chapterPages, {}],
      ["/api/chapter/PaginatedChapterImagePages?chapterId=999999", chapterPages, { "x-locale": "ar" }],
    ];
    for (const [path, handler, headers] of cases) {
      const direct = await request(path, { headers });
      const expected = await handler(new Request(`http://localhost${path}`, { headers }), noParams);
      expect(direct.status, path).toBe(expected.status);
      expect(direct.headers["content-type"], path).toBe(expected.headers.get("content-type"));
      expect(direct.headers["cache-control"], path).toBe("no-store");
      expect(direct.headers["www-authenticate"], path).toBe(expected.headers.get("www-authenticate") ?? undefined);
      expect(Number(direct.headers["content-length"]), path).toBe(direct.body.byteLength);
      expect(JSON.parse(direct.body.toString()), path).toEqual(await expected.json());
    }
  });

  it("answers HEAD with the headers only", async () => {
    const res = await request("/api/manga/PaginatedManga?pageSize=3", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json");
    expect(Number(res.headers["content-length"])).toBeGreaterThan(0);
    expect(res.body.byteLength).toBe(0);
  });

  it("gzips from 1 KB when the client accepts it, as Next does", async () => {
    const path = "/api/manga/PaginatedManga?pageSize=100&imageFormat=url";
    const plain = await request(path);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
    const zipped = await request(path, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(zipped.body).toString()).toBe(plain.body.toString());
    const small = await request("/api/manga/PaginatedManga?sortBy=99", { headers: { "accept-encoding": "gzip" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
  });

  it("leaves other methods, paths and spellings to Next (405, OPTIONS, 404, redirects)", async () => {
    for (const [method, path] of [
      ["POST", "/api/manga/PaginatedManga"],
      ["PUT", "/api/manga/ToggleFavorite"],
      ["POST", "/api/manga/ToggleFavorite/"],
      ["OPTIONS", "/api/manga/PaginatedManga"],
      ["DELETE", "/api/manga/GetMangaById?id=1"],
      ["GET", "/api/manga/PaginatedManga/"],
      ["GET", "/api/manga/paginatedmanga"],
      ["GET", "/api/manga/ToggleFavorite"],
      ["GET", "/en/discovery"],
    ] as const) {
      const res = await request(path, { method });
      expect(res.headers["x-left-to"], `${method} ${path}`).toBe("next");
    }
  });
});

describe("serveDirectly's writes (RecordView, ToggleFavorite)", () => {
  it("answer as their route handlers do, with the same effects, and refuse bad bodies the same way", async () => {
    const reader = await tokenFor(Role.reader, fx.users.reader);
    const json = (token?: string, extra: Record<string, string> = {}) => ({ "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra });
    const [{ chapterId }] = (await fx.db.select({ chapterId: chapters.id }).from(chapters).where(eq(chapters.status, Status.Accepted)).limit(1)) as [{ chapterId: number }];
    const mangaId = fx.ids["Blue Ocean"]!;

    // The heart: direct, then through the route handler, back where it was; each answer the next state and count.
    const on = await request("/api/manga/ToggleFavorite", { method: "POST", headers: json(reader), body: JSON.stringify({ mangaId }) });
    const onBody = JSON.parse(on.body.toString()) as { data: { isFavorite: boolean; favorites: number } };
    expect(on.status).toBe(200);
    const off = await toggleFavorite(new Request("http://localhost/api/manga/ToggleFavorite", { method: "POST", headers: json(reader), body: JSON.stringify({ mangaId }) }), noParams);
    const offBody = (await off.json()) as { data: { isFavorite: boolean; favorites: number } };
    expect(offBody.data).toEqual({ mangaId, isFavorite: !onBody.data.isFavorite, favorites: onBody.data.favorites + (onBody.data.isFavorite ? -1 : 1) });

    // A view: counted once for this reader, whichever path.
    const first = await request("/api/chapter/RecordView", { method: "POST", headers: json(reader), body: JSON.stringify({ chapterId }) });
    expect(first.status).toBe(200);
    expect((JSON.parse(first.body.toString()) as { data: { counted: boolean } }).data.counted).toBe(true);
    const again = await recordView(new Request("http://localhost/api/chapter/RecordView", { method: "POST", headers: json(reader), body: JSON.stringify({ chapterId }) }), noParams);
    expect(((await again.json()) as { data: { counted: boolean } }).data.counted).toBe(false);
    // A visitor gets the viewer cookie from the direct path too.
    const visitor = await request("/api/chapter/RecordView", { method: "POST", headers: json(undefined, { "user-agent": "direct-test" }), body: JSON.stringify({ chapterId }) });
    expect(visitor.status).toBe(200);
    expect(String(visitor.headers["set-cookie"] ?? "")).toMatch(/HttpOnly/i);

    // Refusals: the same status and envelope as the handler's.
    const cases: Array<[string, RouteHandlerLike, Record<string, string>, string | Buffer]> = [
      ["/api/manga/ToggleFavorite", toggleFavorite, json(), JSON.stringify({ mangaId })],
      ["/api/manga/ToggleFavorite", toggleFavorite, json(reader), "{not json"],
      ["/api/manga/ToggleFavorite", toggleFavorite, json(reader, { "content-type": "text/plain" }), JSON.stringify({ mangaId })],
      ["/api/manga/ToggleFavorite", toggleFavorite, json(reader), JSON.stringify({ mangaId: "0x1" })],
      ["/api/manga/ToggleFavorite", toggleFavorite, json(reader, { "x-locale": "ar" }), JSON.stringify({ mangaId: 2_000_000_000 })],
      ["/api/chapter/RecordView", recordView, json(reader), Buffer.alloc(1024 * 1024 + 10, 32)],
    ];
    for (const [path, handler, headers, body] of cases) {
      const direct = await request(path, { method: "POST", headers, body });
      const expected = await handler(new Request(`http://localhost${path}`, { method: "POST", headers, body: typeof body === "string" ? body : new Uint8Array(body) }), noParams);
      expect(direct.status, `${path} ${String(body).slice(0, 20)}`).toBe(expected.status);
      expect(JSON.parse(direct.body.toString()), path).toEqual(await expected.json());
    }
  });
});

describe("acceptsGzip", () => {
  it("reads Accept-Encoding like a content negotiator", () => {
    expect(acceptsGzip("gzip")).toBe(true);
    expect(acceptsGzip("deflate, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("*, gzip;q=0")).toBe(false);
    expect(acceptsGzip("br, deflate")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip(["deflate", "gzip"])).toBe(true);
  });
});
