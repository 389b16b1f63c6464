import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAfterEarlyAnswer } from "./early-answer";

/**
 * An answer sent before the request's body was read to the end (issue 27's refused uploads): the connection must
 * not hold the client's next request behind the unread bytes.
 */
let base = "";
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    closeAfterEarlyAnswer(req, res, { closeMs: 500 });
    if (req.url === "/refuse") {
      // As Next's body stream does when a handler cancels it: one chunk read, then no more.
      req.once("data", () => {
        req.pause();
        res.statusCode = 413;
        res.end("refused");
      });
      return;
    }
    req.resume();
    req.once("end", () => res.end("ok"));
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A keep-alive request over one socket of `agent`. */
function send(agent: http.Agent, path: string, body: Buffer): Promise<{ status: number; text: string; socket: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method: "POST", agent, headers: { "content-length": body.length } }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text, socket: req.socket }));
    });
    req.on("error", reject);
    req.setTimeout(5_000, () => req.destroy(new Error("timed out")));
    req.end(body);
  });
}

describe("closeAfterEarlyAnswer", () => {
  it("closes the connection of a refused body, so the client's next request goes on a new one", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const big = Buffer.alloc(3 * 1024 * 1024, 0x61);
      const first = await send(agent, "/refuse", big);
      expect(first).toMatchObject({ status: 413, text: "refused" });
      const second = await send(agent, "/refuse", big);
      expect(second).toMatchObject({ status: 413, text: "refused" });
      const third = await send(agent, "/fine", Buffer.from("hello"));
      expect(third).toMatchObject({ status: 200, text: "ok" });
      expect(second.socket).not.toBe(first.socket);
    } finally {
      agent.destroy();
    }
  });

  it("keeps the connection of an answer made after the whole body", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(agent, "/fine", Buffer.alloc(1024 * 1024, 0x61));
      const second = await send(agent, "/fine", Buffer.from("hello"));
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
    }
  });
});
