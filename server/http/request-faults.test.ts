import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerFailure, HOLD_LIMITS, markForbidden, markNotFound, markRequestError, markUnavailable, serveWithFaults } from "./request-faults";

/**
 * The custom server's side of "a database outage answers 503" (docs/decisions/019): a page render that Next answers 500
 * because the database is away (reported through instrumentation's onRequestError) is written as 503; a handler that
 * throws past Next gets the envelope on /api.
 */
const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
let base = "";
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = req.url ?? "/";
    const render = async () => {
      if (url.includes("stream")) {
        // Stands for Next streaming a page: the shell first, a Suspense boundary's content later.
        res.setHeader("Content-Type", "text/html; charset=utf-8");
        res.writeHead(200, { "Cache-Control": "private, no-cache, no-store, max-age=0, must-revalidate" });
        res.write("<html>shell");
        if (url.includes("big")) res.write("x".repeat(HOLD_LIMITS.bytes + 1));
        await new Promise((resolve) => setTimeout(resolve, 10));
        if (url.includes("denied")) markForbidden();
        if (url.includes("bug")) markRequestError(new TypeError("bug in a Suspense boundary"));
        if (url.includes("database")) markRequestError(refused);
        if (url.includes("throws")) throw new TypeError("the handler threw after the shell");
        res.end("late</html>");
        return;
      }
      // Stands for Next: the error is reported (as onRequestError does) on a later turn, then the error page is sent.
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (url.includes("database")) markUnavailable(refused);
      if (url.includes("bug")) markUnavailable(new TypeError("bug"));
      if (url.includes("missing")) markNotFound();
      if (url.includes("throw")) throw url.includes("bug") ? new TypeError("bug") : refused;
      res.statusCode = url.includes("fine") ? 200 : 500;
      res.end("page");
    };
    serveWithFaults(res, render).catch((err: unknown) => answerFailure(req, res, err));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("serveWithFaults", () => {
  it("writes a render's 500 as 503 with Retry-After when the database was the cause", async () => {
    const res = await fetch(`${base}/en/discovery/manga/1?database`);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.headers.get("cache-control")).toMatch(/\bno-store\b/);
  });

  it("leaves other failures and successes alone", async () => {
    expect((await fetch(`${base}/page?bug`)).status).toBe(500);
    expect((await fetch(`${base}/page?database-fine`)).status).toBe(200);
    expect((await fetch(`${base}/page`)).status).toBe(500);
  });
});

describe("markNotFound", () => {
  it("writes the 200 of a page that rendered its own not-found content as 404, not a client navigation's payload", async () => {
    expect((await fetch(`${base}/en/discovery/manga/99999?missing-fine`)).status).toBe(404);
    expect((await fetch(`${base}/en/discovery/manga/99999?missing-fine`, { headers: { rsc: "1" } })).status).toBe(200);
    expect((await fetch(`${base}/en/discovery/manga/1?fine`)).status).toBe(200);
  });
});

describe("a streamed page (ADR 026)", () => {
  it("answers 500, uncached, when the render failed after its shell was written; 503 when the database was the cause", async () => {
    const bug = await fetch(`${base}/en/dashboard/discovery/manga/1?stream-bug`);
    expect(bug.status).toBe(500);
    expect(bug.headers.get("cache-control")).toMatch(/\bno-store\b/);
    expect(await bug.text()).toBe("<html>shelllate</html>");
    const down = await fetch(`${base}/en/dashboard/discovery/manga/1?stream-database`);
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBe("5");
    const fine = await fetch(`${base}/en/dashboard/discovery/manga/1?stream`);
    expect(fine.status).toBe(200);
    expect(await fine.text()).toBe("<html>shelllate</html>");
  });

  it("answers the 403 view 403, uncached, also when it is marked after the shell; a client navigation's payload keeps 200", async () => {
    const denied = await fetch(`${base}/en/dashboard/site-settings?stream-denied`);
    expect(denied.status).toBe(403);
    expect(denied.headers.get("cache-control")).toMatch(/\bno-store\b/);
    expect((await fetch(`${base}/en/dashboard/site-settings?stream-denied`, { headers: { rsc: "1" } })).status).toBe(200);
  });

  it("answers 500 with no part of the page when the handler throws while the page is held", async () => {
    const res = await fetch(`${base}/en/discovery?stream-throws`);
    expect(res.status).toBe(500);
    expect(res.headers.get("cache-control")).toMatch(/\bno-store\b/);
    expect(await res.text()).toBe("500 Internal Server Error");
  });

  it("streams on unchanged past the hold limit", async () => {
    const res = await fetch(`${base}/x?stream-big-bug`);
    expect(res.status).toBe(200);
    expect((await res.text()).length).toBe("<html>shell".length + HOLD_LIMITS.bytes + 1 + "late</html>".length);
  });
});

describe("answerFailure", () => {
  it("answers the API's envelope: 503 in the caller's language when the database is away, 500 otherwise", async () => {
    const down = await fetch(`${base}/api/x?throw`, { headers: { "accept-language": "ar" } });
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBe("5");
    const body = (await down.json()) as { statusCode: number; message: string; data: { code: string } };
    expect(body).toMatchObject({ statusCode: 503, data: { code: "serviceUnavailable" } });
    expect(body.message).toMatch(/[\u0600-\u06FF]/);
    const bug = await fetch(`${base}/api/x?throw-bug`);
    expect(bug.status).toBe(500);
    expect(((await bug.json()) as { data: { code: string } }).data.code).toBe("internal");
  });

  it("answers a page in plain text", async () => {
    const res = await fetch(`${base}/page?throw`);
    expect(res.status).toBe(503);
    expect(await res.text()).toBe("503 Service Unavailable");
  });
});
