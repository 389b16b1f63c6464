import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import WebSocket from "ws";
import { freePort } from "../../scripts/bench/free-port";
import { expect, test } from "./fixtures";
import { sqlOn, withDatabase } from "./fault-kit";

/**
 * Issue 18, faults (docs/decisions/019): `npm start`'s process (scripts/start.ts, closeOnSignals) on SIGTERM stops
 * accepting connections, lets a request in flight finish, closes notification sockets with 1001 (so clients reconnect,
 * to another process behind the load balancer), and exits 0. Needs PostgreSQL (TEST_DATABASE_URL).
 */
test.describe("graceful shutdown", () => {
  test.skip(!process.env.TEST_DATABASE_URL, "needs PostgreSQL (TEST_DATABASE_URL)");
  test.skip(({ isMobile }) => isMobile, "a server check: one viewport");

  let databaseName: string | undefined;
  test.afterAll(async () => {
    if (databaseName) await sqlOn(process.env.TEST_DATABASE_URL!, `drop database if exists ${databaseName} with (force)`);
  });

  test("SIGTERM drains the request in flight, closes sockets with 1001 and exits 0", async () => {
    test.setTimeout(180_000);
    databaseName = `shutdown_${randomBytes(4).toString("hex")}`;
    await sqlOn(process.env.TEST_DATABASE_URL!, `create database ${databaseName}`);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
      env: {
        ...process.env,
        DATABASE_URL: withDatabase(process.env.TEST_DATABASE_URL!, databaseName),
        AUTH_SECRET: randomBytes(32).toString("hex"),
        PORT: String(port),
        HOST: "127.0.0.1",
        SITE_URL: base,
        E2E_TEST_ROUTES: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output: string[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    const log = () => output.join("");
    const exited = new Promise<number | string>((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal ?? "?")));

    try {
      await expect.poll(() => log(), { timeout: 150_000, message: "the server starts" }).toContain("> Ready on");

      const password = "Shutdown#Pass2025";
      const post = (path: string, data: unknown) => fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(data) });
      expect((await post("/api/test/create-user", { username: "leaving", password })).status).toBe(200);
      const login = (await (await post("/api/Authentication/Login", { username: "leaving", password })).json()) as { data: { accessToken: string } };

      // A notification socket, open.
      const socket = new WebSocket(`${base.replace("http", "ws")}/api/Notification/GetNotificationWebSocket?accesstoken=${encodeURIComponent(login.data.accessToken)}`);
      const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
      await new Promise<void>((resolve, reject) => {
        socket.once("open", () => resolve());
        socket.once("error", reject);
      });

      // A request in flight: its headers are in (the server answered "100 Continue"), its body not yet.
      const body = JSON.stringify({ username: "leaving", password });
      const inFlight = http.request(`${base}/api/Authentication/Login`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), expect: "100-continue" },
        agent: false,
      });
      const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
        inFlight.once("response", (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (text += chunk));
          res.once("end", () => resolve({ status: res.statusCode ?? 0, text }));
        });
        inFlight.once("error", reject);
      });
      await new Promise<void>((resolve) => inFlight.once("continue", () => resolve()));

      const signalled = Date.now();
      child.kill("SIGTERM");
      await expect.poll(() => log()).toContain("[server] SIGTERM: shutting down");
      // Sockets are closed with 1001 ("going away"), and new connections are refused.
      expect(await closed).toBe(1001);
      await expect(fetch(`${base}/api/health`, { signal: AbortSignal.timeout(3_000) })).rejects.toThrow();
      expect(child.exitCode).toBeNull();

      // The request in flight still gets its whole answer.
      inFlight.end(body);
      const { status, text } = await answered;
      expect(status, text).toBe(200);
      expect((JSON.parse(text) as { data: { accessToken?: string } }).data.accessToken).toBeTruthy();

      expect(await exited).toBe(0);
      console.log(`[graceful-shutdown] exited 0 ${Date.now() - signalled} ms after SIGTERM, the request in flight answered 200`);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    }
  });
});
