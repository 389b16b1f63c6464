import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import WebSocket from "ws";
import { freePort } from "../../scripts/bench/free-port";
import { allowPageErrors, expect, test } from "./fixtures";

/**
 * Issue 12: several app processes on one PostgreSQL behave as one site. Two servers (A, B) share a database; what is
 * committed through A reaches B at once: a notification reaches a socket open on B, a catalogue change shows on B's
 * public landing page; and after B's bus listener is killed (pg_terminate_backend), B reconnects and a notification
 * published meanwhile still arrives. Needs PostgreSQL (TEST_DATABASE_URL, as in CI); one viewport is enough.
 */

interface Server {
  base: string;
  child: ChildProcess;
  output: string[];
}

async function startServer(env: Record<string, string>, waitFor: RegExp, fixedPort?: number): Promise<Server & { match: RegExpMatchArray }> {
  const port = fixedPort ?? (await freePort());
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/e2e-server.ts"], {
    env: { ...process.env, ...env, E2E_PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join("")}`)), 240_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const found = output.join("").match(waitFor);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.once("exit", (code) => reject(new Error(`server exited (${code}):\n${output.join("")}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child, output, match };
}

async function stop(server: Server | undefined) {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  await exited;
}

test.describe("two processes on one database", () => {
  test.skip(!process.env.TEST_DATABASE_URL, "needs PostgreSQL (TEST_DATABASE_URL)");
  test.skip(({ isMobile }) => isMobile, "a server check: one viewport");

  let a: Server | undefined;
  let b: Server | undefined;
  test.afterAll(async () => {
    await stop(b);
    await stop(a);
  });

  test("notifications and catalogue changes committed through A reach B, also after B's listener was killed", async ({ request }) => {
    test.setTimeout(360_000);
    // One deployment: the processes share the database and the signing secret.
    const secret = randomBytes(32).toString("hex");
    const first = await startServer({ AUTH_SECRET: secret }, /\[e2e\] database (\S+)[\s\S]*\[e2e\] serving/);
    a = first;
    const databaseUrl = first.match[1]!;
    b = await startServer({ AUTH_SECRET: secret, E2E_DATABASE_URL: databaseUrl }, /\[e2e\] serving/);
    const [A, B] = [a.base, b.base];

    // A reader's socket on B.
    const login = await request.post(`${A}/api/Authentication/Login`, { data: { username: "reader", password: "Reader#Demo2025" } });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const received: Array<{ id: number; message: string }> = [];
    const socket = new WebSocket(`${B.replace("http", "ws")}/api/Notification/GetNotificationWebSocket?accesstoken=${encodeURIComponent(token)}`);
    socket.on("message", (data) => received.push(JSON.parse(String(data)) as { id: number; message: string }));
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });

    try {
      const notify = async (message: string) => {
        const res = await request.post(`${A}/api/test/notify`, { data: { username: "reader", message } });
        expect(res.status(), await res.text()).toBe(200);
      };
      await notify("Published through A");
      await expect.poll(() => received.map((m) => m.message), { timeout: 1_000 }).toEqual(["Published through A"]);

      // A catalogue change through A shows on B's landing page.
      const landing = async () => (await request.get(`${B}/`)).text();
      const id = Number(/data-manga-id="(\d+)"/.exec(await landing())?.[1]);
      expect(id).toBeGreaterThan(0);
      const title = `Renamed through A ${Date.now()}`;
      expect((await request.post(`${A}/api/test/rename-manga`, { data: { mangaId: id, title } })).status()).toBe(200);
      await expect.poll(async () => (await landing()).includes(title), { timeout: 2_000, intervals: [100] }).toBe(true);

      // B's listening connection is killed; a notification published meanwhile still arrives once B is back.
      const killed = await request.post(`${A}/api/test/notify`, { data: { username: "reader", message: "probe" } });
      expect(killed.status()).toBe(200);
      await expect.poll(() => received.length).toBe(2);
      const pid = b.child.pid!;
      const { Client } = await import("pg");
      const admin = new Client({ connectionString: databaseUrl });
      await admin.connect();
      try {
        const res = await admin.query("select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1", [`manga-bus:${pid}`]);
        expect(res.rows).toEqual([{ ok: true }]);
      } finally {
        await admin.end();
      }
      await notify("Published while B was away");
      await expect.poll(() => received.map((m) => m.message), { timeout: 10_000 }).toEqual(["Published through A", "probe", "Published while B was away"]);
      await expect.poll(() => b!.output.join("").includes("[bus] listener reconnected"), { timeout: 10_000 }).toBe(true);
    } finally {
      socket.close();
    }
  });

  test("a real restart: the dashboard's live connection comes back by itself and delivers again", async ({ page, request }) => {
    test.setTimeout(420_000);
    // The page's socket and requests fail while B is down, on purpose.
    allowPageErrors(page, /WebSocket connection to .* failed/, /Failed to load resource/, /ERR_CONNECTION_REFUSED/, /Failed to fetch/);
    const secret = randomBytes(32).toString("hex");
    const first = await startServer({ AUTH_SECRET: secret }, /\[e2e\] database (\S+)[\s\S]*\[e2e\] serving/);
    const databaseUrl = first.match[1]!;
    const shared = { AUTH_SECRET: secret, E2E_DATABASE_URL: databaseUrl };
    let restarted: Server | undefined;
    let b: Server | undefined = await startServer(shared, /\[e2e\] serving/);
    try {
      const port = Number(new URL(b.base).port);
      await page.goto(`${b.base}/auth?type=login`);
      await page.locator("#login-username").fill("reader");
      await page.locator("#login-password").fill("Reader#Demo2025");
      await page.locator("main form button[type=submit]").click();
      await expect(page).toHaveURL(/\/dashboard\/discovery$/);
      const bell = page.getByTestId("notifications");
      await expect(bell).toHaveAttribute("data-live", "open");

      // B stops (its sockets close with 1001): the bell says the live updates are down.
      await stop(b);
      b = undefined;
      await expect(page.getByTestId("live-status")).toBeVisible();

      // B starts again on the same address: the client's retries (1 s doubling to 30 s) find it without a reload.
      restarted = await startServer(shared, /\[e2e\] serving/, port);
      await expect(bell).toHaveAttribute("data-live", "open", { timeout: 90_000 });
      await expect(page.getByTestId("live-status")).toHaveCount(0);
      const message = `After a real restart ${Date.now()}`;
      const res = await request.post(`${first.base}/api/test/notify`, { data: { username: "reader", message } });
      expect(res.status(), await res.text()).toBe(200);
      await expect(page.getByTestId("notification-toast").filter({ hasText: message })).toBeVisible();
    } finally {
      await stop(b);
      await stop(restarted);
      await stop(first);
    }
  });
});
