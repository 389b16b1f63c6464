import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { Role } from "@/lib/enums";
import * as catchAll from "@/app/api/[...path]/route";
import { GET as health } from "@/app/api/health/route";
import { notFound } from "@/server/core/errors";
import type { ApiRequest } from "./api-request";
import { defineRoute, JSON_NO_STORE, queryOf } from "./route";
import { badTokens, jsonRequest, noParams, tokenFor } from "./test-helpers";
import { log as logger } from "@/server/core/log";

const LOGIN = "POST /api/Authentication/Login";
const login = defineRoute({
  key: LOGIN,
  body: z.object({
    username: z.string().min(1, "Username is required"),
    password: z.string().min(1, "Password is required"),
  }),
  handler: ({ body, user }) => ({ username: body.username, signedIn: user !== null }),
});

describe("defineRoute: bodies", () => {
  it("passes a valid JSON body to the handler and wraps the result", async () => {
    const res = await login(jsonRequest(LOGIN, { body: { username: "amal", password: "x" } }), noParams);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ statusCode: 1, message: "Success", data: { username: "amal", signedIn: false } });
  });

  it("accepts JSON with parameters in the content type and keys in another case", async () => {
    const req = jsonRequest(LOGIN, {
      raw: JSON.stringify({ UserName: "amal", Password: "x" }),
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect((await (await login(req, noParams)).json()).data.username).toBe("amal");
  });

  it("answers broken JSON with a 400 envelope", async () => {
    const res = await login(jsonRequest(LOGIN, { raw: "{ nope", headers: { "content-type": "application/json" } }), noParams);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: 400, message: "The request body is not valid JSON." });
  });

  it("refuses a body that is not JSON with 415", async () => {
    const res = await login(jsonRequest(LOGIN, { raw: "username=a&password=b", headers: { "content-type": "application/x-www-form-urlencoded" } }), noParams);
    expect(res.status).toBe(415);
    expect((await res.json()).statusCode).toBe(415);
    const noType = await login(jsonRequest(LOGIN, { raw: "{}" }), noParams);
    expect(noType.status).toBe(415);
  });

  it("validates an empty body as an empty object (422 field errors)", async () => {
    const res = await login(jsonRequest(LOGIN), noParams);
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).data.errors).sort()).toEqual(["password", "username"]);
  });

  it("answers invalid input with 422 and data.errors", async () => {
    const res = await login(jsonRequest(LOGIN, { body: { username: "", password: 5 } }), noParams);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.statusCode).toBe(422);
    expect(body.message).toBe("Some fields are not valid.");
    expect(body.data.errors.username).toEqual(["Username is required"]);
    expect(body.data.errors.password).toHaveLength(1);
  });

  it("gives zod's own messages in Arabic to an Arabic request", async () => {
    const req = jsonRequest(LOGIN, { body: { username: "a", password: 5 }, headers: { "accept-language": "ar" } });
    const body = await (await login(req, noParams)).json();
    expect(body.message).toBe("بعض الحقول غير صالحة.");
    expect(body.data.errors.password[0]).toMatch(/[\u0600-\u06FF]/);
  });

  it("refuses a body over the cap with 413, by header or by counting", async () => {
    const small = defineRoute({ key: LOGIN, body: z.object({}).loose(), maxBodyBytes: 64, handler: () => null });
    const big = JSON.stringify({ text: "x".repeat(200) });
    const declared = await small(jsonRequest(LOGIN, { raw: big, headers: { "content-type": "application/json" } }), noParams);
    expect(declared.status).toBe(413);
    expect((await declared.json()).message).toBe("The request is too large (at most 64 B).");
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode(" ".repeat(20)));
        controller.close();
      },
    });
    const chunked = new Request("http://localhost/api/Authentication/Login", {
      method: "POST", body: stream, headers: { "content-type": "application/json" }, duplex: "half",
    } as RequestInit);
    expect((await small(chunked, noParams)).status).toBe(413);
  });

  it("applies the default 1 MB cap", async () => {
    const raw = JSON.stringify({ username: "a".repeat(1024 * 1024), password: "x" });
    const res = await login(jsonRequest(LOGIN, { raw, headers: { "content-type": "application/json" } }), noParams);
    expect(res.status).toBe(413);
  });

  it("caps declared bodies even without a body schema", async () => {
    const route = defineRoute({ key: "POST /api/chapter/RecordView", handler: () => null });
    const raw = "x".repeat(2 * 1024 * 1024);
    const req = jsonRequest("POST /api/chapter/RecordView", { raw, headers: { "content-length": String(raw.length) } });
    const res = await route(req, noParams);
    expect(res.status).toBe(413);
  });
});

describe("defineRoute: one way to validate", () => {
  it("validates a LocalizedSchema in the request's language, with the query's errors in the same 422", async () => {
    const texts = { en: "Name is required", ar: "الاسم مطلوب" } as const;
    const route = defineRoute({
      key: LOGIN,
      body: { inLocale: (locale: "en" | "ar") => z.object({ username: z.string().min(1, texts[locale]) }) },
      query: z.object({ page: z.coerce.number().int() }),
      handler: ({ body, ctx }) => ({ username: body.username, locale: ctx.locale }),
    });
    const ok = await route(jsonRequest(LOGIN, { body: { UserName: "amal" }, query: "page=1", headers: { "x-locale": "ar" } }), noParams);
    expect((await ok.json()).data).toEqual({ username: "amal", locale: "ar" });
    for (const locale of ["en", "ar"] as const) {
      const res = await route(jsonRequest(LOGIN, { body: { username: "" }, query: "page=x", headers: { "x-locale": locale } }), noParams);
      expect(res.status).toBe(422);
      const { data } = (await res.json()) as { data: { errors: Record<string, string[]> } };
      expect(data.errors.username).toEqual([texts[locale]]);
      expect(Object.keys(data.errors)).toContain("page");
    }
  });

  it("runs the guard before the caller or any input is read", async () => {
    const route = defineRoute({
      key: LOGIN,
      guard: () => {
        throw notFound();
      },
      body: z.object({ username: z.string() }),
      handler: () => ({ reached: true }),
    });
    for (const req of [
      jsonRequest(LOGIN, { raw: "{ nope", headers: { "content-type": "application/json" } }),
      jsonRequest(LOGIN, { body: { username: 1 }, headers: { authorization: "Bearer garbage" } }),
      jsonRequest(LOGIN, { body: { username: "amal" } }),
    ]) {
      expect((await route(req, noParams)).status).toBe(404);
    }
  });
});

describe("defineRoute: query and params", () => {
  const KEY = "GET /api/manga/PaginatedManga";
  const list = defineRoute({
    key: KEY,
    query: z.object({
      page: z.coerce.number().int().min(1).default(1),
      searchTerm: z.string().default(""),
      "Filters.Genres": z.union([z.string(), z.array(z.string())]).optional(),
    }),
    handler: ({ query }) => query,
  });

  it("parses and coerces the query, case-insensitively, with repeated names as arrays", async () => {
    const res = await list(jsonRequest(KEY, { query: "Page=3&searchterm=one%20piece&filters.genres=1&Filters.Genres=2" }), noParams);
    expect(await res.json()).toMatchObject({ data: { page: 3, searchTerm: "one piece", "Filters.Genres": ["1", "2"] } });
  });

  it("reads `__proto__` as a plain name, in the query and in a body", async () => {
    const passthrough = defineRoute({ key: KEY, query: z.looseObject({ page: z.string().optional() }), handler: ({ query }) => ({ ...query }) });
    const res = await passthrough(jsonRequest(KEY, { query: "__proto__=x&Page=2" }), noParams);
    expect((await res.json()).data).toEqual({ __proto__: "x", page: "2" });
    expect(Object.prototype).not.toHaveProperty("x");
    const login = defineRoute({ key: "POST /api/Authentication/Login", body: z.looseObject({ username: z.string() }), handler: ({ body }) => Object.keys(body) });
    const raw = '{"__proto__":{"polluted":true},"UserName":"amal"}';
    const keys = await (await login(jsonRequest("POST /api/Authentication/Login", { raw, headers: { "content-type": "application/json" } }), noParams)).json();
    expect(keys.data).toContain("username");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("answers a bad query with 422", async () => {
    const res = await list(jsonRequest(KEY, { query: "page=zero" }), noParams);
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).data.errors)).toEqual(["page"]);
  });

  it("hands route params to the handler", async () => {
    const KEY2 = "GET /api/chapter/GetChapter/{chapterid}";
    const route = defineRoute({ key: KEY2, handler: ({ params }) => params });
    const res = await route(jsonRequest(KEY2), { params: Promise.resolve({ chapterid: "12" }) });
    expect((await res.json()).data).toEqual({ chapterid: "12" });
  });

  it("validates route params with a schema", async () => {
    const KEY2 = "GET /api/chapter/GetChapter/{chapterid}";
    const route = defineRoute({
      key: KEY2,
      params: z.object({ chapterid: z.coerce.number().int().positive() }),
      handler: ({ params }) => ({ next: params.chapterid + 1 }),
    });
    const good = await route(jsonRequest(KEY2), { params: Promise.resolve({ chapterid: "12" }) });
    expect((await good.json()).data).toEqual({ next: 13 });
    const bad = await route(jsonRequest(KEY2), { params: Promise.resolve({ chapterid: "abc" }) });
    expect(bad.status).toBe(422);
    expect(Object.keys((await bad.json()).data.errors)).toEqual(["chapterid"]);
  });
});

describe("defineRoute: callers", () => {
  const ME = "GET /api/Authentication/Me";
  const me = defineRoute({ key: ME, handler: ({ user }) => ({ id: user.userId, role: user.role }) });

  it("gives the handler the signed-in user", async () => {
    const res = await me(jsonRequest(ME, { token: await tokenFor(Role.writer, 9) }), noParams);
    expect(await res.json()).toEqual({ statusCode: 1, message: "Success", data: { id: 9, role: Role.writer } });
  });

  it("asks visitors to sign in (401) and refuses wrong roles (403), in the caller's language", async () => {
    const visitor = await me(jsonRequest(ME, { headers: { "accept-language": "ar" } }), noParams);
    expect(visitor.status).toBe(401);
    expect((await visitor.json()).message).toBe("يرجى تسجيل الدخول للمتابعة.");
    const SAVE = "POST /api/SiteSettings/SaveLandingPageSettings";
    const save = defineRoute({ key: SAVE, handler: () => null });
    const writer = await save(jsonRequest(SAVE, { token: await tokenFor(Role.writer) }), noParams);
    expect(writer.status).toBe(403);
    expect(await writer.json()).toMatchObject({ statusCode: 403, message: "You do not have permission to do this." });
  });

  it("answers invalid, expired, forged and alg:none tokens with 401, even on visitor routes", async () => {
    for (const [kind, token] of Object.entries(await badTokens())) {
      for (const route of [me, login]) {
        const key = route === me ? ME : LOGIN;
        const res = await route(jsonRequest(key, { token, body: route === login ? { username: "a", password: "b" } : undefined }), noParams);
        expect({ kind, status: res.status }).toEqual({ kind, status: 401 });
        expect(res.headers.get("www-authenticate")).toContain("invalid_token");
      }
    }
    const basic = await me(jsonRequest(ME, { headers: { authorization: "Basic YTpi" } }), noParams);
    expect(basic.status).toBe(401);
  });

  it("treats an empty bearer (Bearer null) as no credential", async () => {
    for (const authorization of ["Bearer", "Bearer ", "Bearer null", "Bearer undefined", ""]) {
      const res = await login(jsonRequest(LOGIN, { headers: { authorization }, body: { username: "a", password: "b" } }), noParams);
      expect(res.status).toBe(200);
    }
  });
});

describe("defineRoute: handler results and errors", () => {
  const KEY = "GET /api/manga/GetMangaById";

  it("maps a thrown AppError to its envelope", async () => {
    const route = defineRoute({ key: KEY, handler: () => { throw notFound("mangaNotFound"); } });
    const res = await route(jsonRequest(KEY, { headers: { "accept-language": "ar" } }), noParams);
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect((await res.json()).message).toBe("المانجا غير موجودة");
  });

  it("maps a ZodError thrown in the handler to 422", async () => {
    const route = defineRoute({ key: KEY, handler: () => z.object({ id: z.number() }).parse({}) });
    const res = await route(jsonRequest(KEY), noParams);
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).data.errors)).toEqual(["id"]);
  });

  it("answers a bug with a 500 envelope and no stack", async () => {
    const log = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const route = defineRoute({ key: KEY, handler: () => { throw new TypeError("cannot read x of undefined"); } });
    const res = await route(jsonRequest(KEY), noParams);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain("TypeError");
    expect(JSON.parse(text).message).toBe("Something went wrong");
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it("passes a handler's own Response through, adding no-store only when no cache header is set", async () => {
    const own = defineRoute({ key: KEY, handler: () => new Response("hi", { headers: { "cache-control": "public, max-age=60" } }) });
    const res = await own(jsonRequest(KEY), noParams);
    expect(await res.text()).toBe("hi");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const bare = defineRoute({ key: KEY, handler: () => new Response("hi") });
    expect((await bare(jsonRequest(KEY), noParams)).headers.get("cache-control")).toBe("no-store");
  });

  it("refuses a method other than the key's", async () => {
    const route = defineRoute({ key: KEY, handler: () => null });
    const res = await route(new Request("http://localhost/api/manga/GetMangaById", { method: "POST" }), noParams);
    expect(res.status).toBe(405);
  });
});

describe("defineRoute: answer (the direct path's entry, server/http/direct-routes.ts)", () => {
  const KEY = "GET /api/manga/PaginatedManga";
  const apiRequest = (query: string, headers: Record<string, string> = {}): ApiRequest => ({
    method: "GET",
    url: `http://localhost/api/manga/PaginatedManga?${query}`,
    headers: { get: (name) => headers[name.toLowerCase()] ?? null },
    body: null,
  });

  it("answers success as the envelope's text, the same bytes the web handler sends, without asking for a web Request", async () => {
    const route = defineRoute({ key: KEY, query: z.object({ page: z.coerce.number().int().min(1).default(1) }), handler: ({ query }) => ({ page: query.page }) });
    const webRequest = vi.fn(() => new Request("http://localhost/"));
    const answer = await route.answer(apiRequest("Page=2"), noParams, webRequest);
    expect(answer).toEqual({ json: JSON.stringify({ statusCode: 1, message: "Success", data: { page: 2 } }) });
    expect(webRequest).not.toHaveBeenCalled();
    const web = await route(jsonRequest(KEY, { query: "Page=2" }), noParams);
    expect(await web.text()).toBe((answer as { json: string }).json);
    expect(web.headers.get("content-type")).toBe(JSON_NO_STORE["content-type"]);
    expect(web.headers.get("cache-control")).toBe(JSON_NO_STORE["cache-control"]);
  });

  it("builds the web Request once, when the handler reads `req`", async () => {
    const route = defineRoute({ key: KEY, handler: (args) => [args.req.method, args.req.method] });
    const webRequest = vi.fn(() => new Request("http://localhost/api/manga/PaginatedManga", { method: "HEAD" }));
    expect(await route.answer(apiRequest(""), noParams, webRequest)).toEqual({ json: expect.stringContaining('["HEAD","HEAD"]') });
    expect(webRequest).toHaveBeenCalledTimes(1);
  });

  it("answers failures with the Response the web handler sends, in the caller's language", async () => {
    const route = defineRoute({ key: KEY, query: z.object({ page: z.coerce.number().int().min(1) }), handler: () => null });
    const answer = await route.answer(apiRequest("page=0", { "accept-language": "ar" }), noParams, () => new Request("http://localhost/"));
    expect(answer).toBeInstanceOf(Response);
    const res = answer as Response;
    expect(res.status).toBe(422);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const web = await route(jsonRequest(KEY, { query: "page=0", headers: { "accept-language": "ar" } }), noParams);
    expect(await res.json()).toEqual(await web.json());
  });
});

describe("API routes", () => {
  it("answers unknown /api paths with a 404 envelope for every method", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"] as const) {
      const res = await catchAll[method](new Request("http://localhost/api/Nope/Nothing", { method }));
      expect(res.status).toBe(404);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.json()).toEqual({
        statusCode: 404,
        message: "The requested resource was not found.",
        data: { code: "notFound", message: "The requested resource was not found." },
      });
    }
    const ar = await catchAll.GET(new Request("http://localhost/api/x", { headers: { "accept-language": "ar" } }));
    expect((await ar.json()).message).toBe("المورد المطلوب غير موجود.");
  });

  it("reports health with the database kind", async () => {
    const res = await health(new Request("http://localhost/api/health"), noParams);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      statusCode: 1,
      message: "Success",
      data: { status: "ok", db: process.env.TEST_DATABASE_URL ? "pg" : "pglite" },
    });
  });
});

describe("queryOf", () => {
  it("reads a URL's query as URL does", () => {
    for (const url of [
      "http://localhost/api/x",
      "http://localhost/api/x?",
      "http://localhost/api/x?a=1&b=%D9%82%D9%85%D8%B1&a=2",
      "http://localhost/api/x?q=a+b&empty=&flag#frag?x=1",
      "http://localhost/api/x#frag?a=1",
      "http://localhost/api/x?%zz=1&x=%",
      "http://localhost:3000/api/x?searchTerm=%00",
    ]) {
      expect([...queryOf(url)]).toEqual([...new URL(url).searchParams]);
    }
  });
});
