import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { allowedMethods, answerClientError, refuseWrongMethod } from "./method-guard";
import { defineRoute } from "./route";
import { jsonRequest, noParams } from "./test-helpers";

/**
 * Issue 19, item 10: a wrong method answered 405 with an empty body and an oversized header 431 with none. The custom
 * server (server/main.ts) now answers both with the envelope, as wired here: the guard first, then "Next".
 */
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (refuseWrongMethod(req, res)) return;
    res.writeHead(200, { "Content-Type": "text/plain" }).end("next");
  });
  server.on("clientError", answerClientError);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("a method the path does not take", () => {
  it("answers 405 with the envelope and Allow, in the caller's language", async () => {
    const cases: Array<[string, string, string]> = [
      ["GET", "/api/Authentication/Login", "POST, OPTIONS"],
      ["DELETE", "/api/manga/PaginatedManga?page=1", "GET, HEAD, OPTIONS"],
      ["PUT", "/api/chapter/GetChapter/12", "GET, HEAD, OPTIONS"],
      ["POST", "/api/Notification/Preferences", "GET, HEAD, PUT, OPTIONS"],
      ["PATCH", "/api/User/UpdateUser", "PUT, OPTIONS"],
    ];
    for (const [method, path, allow] of cases) {
      const res = await fetch(base + path, { method });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 405 });
      expect(res.headers.get("allow")).toBe(allow);
      expect(res.headers.get("content-type")).toBe("application/json");
      expect(await res.json()).toEqual({
        statusCode: 405,
        message: "This method is not allowed for this address.",
        data: { code: "methodNotAllowed", message: "This method is not allowed for this address." },
      });
    }
    const ar = await fetch(`${base}/api/Authentication/Login`, { headers: { "accept-language": "ar" } });
    expect((await ar.json()).message).toBe("هذه الطريقة غير مسموح بها لهذا العنوان.");
  });

  it("leaves the right methods, HEAD of a GET, OPTIONS and other paths to Next", async () => {
    for (const [method, path] of [
      ["POST", "/api/Authentication/Login"], ["GET", "/api/manga/PaginatedManga"], ["HEAD", "/api/manga/PaginatedManga"],
      ["OPTIONS", "/api/Authentication/Login"], ["GET", "/api/auth/session"], ["DELETE", "/api/nowhere"], ["POST", "/en/auth"],
    ]) {
      expect({ method, path, status: (await fetch(base + path, { method })).status }).toEqual({ method, path, status: 200 });
    }
    expect(allowedMethods("/api/chapter/GetChapter/12/extra")).toBeUndefined();
  });

  it("adds Allow to defineRoute's own 405", async () => {
    const route = defineRoute({ key: "POST /api/Authentication/Login", body: z.object({}), handler: () => null });
    const res = await route(jsonRequest("GET /api/Authentication/Login"), noParams);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST, OPTIONS");
    expect((await res.json()).statusCode).toBe(405);
  });
});

describe("a request the HTTP parser refuses", () => {
  /** A raw request (fetch would refuse to send these), and everything the server answers. */
  function raw(request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const { port } = server.address() as AddressInfo;
      const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
      let answer = "";
      socket.on("data", (chunk) => (answer += chunk.toString()));
      socket.on("end", () => resolve(answer));
      socket.on("error", reject);
    });
  }

  it("answers oversized headers with the 431 envelope", async () => {
    const answer = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    const [head = "", body = ""] = answer.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body)).toEqual({
      statusCode: 431,
      message: "The request's headers are too large.",
      data: { code: "headersTooLarge", message: "The request's headers are too large." },
    });
  });

  it("answers a malformed request with the 400 envelope", async () => {
    const answer = await raw("NOT A REQUEST\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.split("\r\n\r\n")[1] ?? "")).toMatchObject({ statusCode: 400, data: { code: "badRequest" } });
  });
});

describe("allowedMethods", () => {
  it("gives the same answers once the paths seen lately are remembered, through a flood of made-up paths", () => {
    const known = allowedMethods("/api/manga/PaginatedManga");
    expect(known).toEqual(["GET", "HEAD", "OPTIONS"]);
    for (let i = 0; i < 2_500; i++) expect(allowedMethods(`/api/made-up/${i}`)).toBeUndefined();
    expect(allowedMethods("/api/manga/PaginatedManga")).toEqual(known);
    expect(allowedMethods(`/api/manga/PaginatedManga/${"x".repeat(300)}`)).toBeUndefined();
    expect(allowedMethods("/api/manga/PaginatedManga/")).toEqual(known);
  });
});
