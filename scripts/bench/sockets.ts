/**
 * `npm run bench:sockets` — the notification targets of issue 14, against the production server (server/main.ts) on a
 * scratch Postgres database (BENCH_PG_URL, default the local server), only its smoke size (--smoke) runs in the tests:
 *   1. 10,000 accounts (one INSERT … SELECT) each open one idle authenticated socket
 *      (`/api/Notification/GetNotificationWebSocket?accesstoken=…`, tokens signed with the server's AUTH_SECRET);
 *      the server's resident memory (/proc/<pid>/status VmRSS) before and after;
 *   2. root sends SendGlobalNotification (--sends times): the time from the request to each socket's message, p50 / p99 / max;
 *   3. 1,000,000 notification rows (INSERT … SELECT generate_series, spread over the accounts), then autocannon on
 *      PaginatedNotification (first page, a search, the unread filter) and GetUnreadNotificationCount, p50 / p99.
 * Targets: ≤ 1 GB RSS with 10,000 sockets; the announcement on every socket within 1 s (p99); list and count p50 ≤ 5 ms.
 * Needs a production build in .next (`npm run build`).
 * All traffic is on 127.0.0.1. Each socket is a file descriptor on both sides (and a loopback port from the range
 * 32768–60999, so 10,000 fit), so each process needs an open-file limit above the socket count: when it is lower the
 * script re-runs itself under `prlimit --nofile=65536` (inherited by the server it starts), or says to raise `ulimit -n`.
 * Options: --sockets n (10000) --rows n (1000000) --sends n (3) --duration s (10) --connections n (10)
 * --smoke (scripts/bench/smoke.ts: 50 sockets, 2,000 rows, 1 send, 1 s of load, 2 connections, short settling pauses)
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import pg from "pg";
import { WebSocket } from "ws";
import { signAccessToken } from "../../server/auth/access-token";
import { startApp, stopApp } from "./app";
import { createBenchDb } from "./generate";
import { sized } from "./smoke";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const SOCKETS = Number(option("sockets", sized("10000", "50")));
const ROWS = Number(option("rows", sized("1000000", "2000")));
const SENDS = Number(option("sends", sized("3", "1")));
const DURATION = Number(option("duration", sized("10", "1")));
const CONNECTIONS = Number(option("connections", sized("10", "2")));
/** Pauses for the server to settle (memory readings, sockets closing); a tenth of them at the smoke size. */
const settle = (ms: number) => new Promise((r) => setTimeout(r, sized(ms, ms / 10)));
const PG_URL = process.env.BENCH_PG_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
const AUTH_SECRET = process.env.AUTH_SECRET || "bench-sockets-secret-bench-sockets-secret-0123";
process.env.AUTH_SECRET = AUTH_SECRET;
process.env.BENCH_DB_PREFIX = "bench_sockets";
/** The whole run is bounded; a hang ends it (the finally blocks still stop the server). */
const DEADLINE_MS = 15 * 60 * 1000;
const NOFILE = 65_536;

function openFileLimit(): number {
  const line = fs.readFileSync("/proc/self/limits", "utf8").split("\n").find((l) => l.startsWith("Max open files"));
  return Number(line?.split(/\s{2,}/)[1] ?? 0);
}

/**
 * Re-runs this script under a higher open-file limit when the current one cannot hold the sockets (each process holds
 * one descriptor per socket); answers true when it did (the caller then exits). Without the right to raise it (a
 * container without CAP_SYS_RESOURCE), it says so and goes on.
 */
function reexecWithMoreFiles(): boolean {
  const needed = SOCKETS + 1000;
  if (openFileLimit() >= needed || process.env.BENCH_SOCKETS_REEXEC) return false;
  const probe = spawnSync("prlimit", [`--nofile=${NOFILE}:${NOFILE}`, "--", "true"], { stdio: "ignore" });
  if (probe.error || probe.status !== 0) {
    console.warn(`open-file limit ${openFileLimit()} is below ${needed} and prlimit cannot raise it: run \`ulimit -n ${needed}\` as a user allowed to`);
    return false;
  }
  const res = spawnSync("prlimit", [`--nofile=${NOFILE}:${NOFILE}`, "--", process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: { ...process.env, BENCH_SOCKETS_REEXEC: "1" },
  });
  process.exitCode = res.status ?? 1;
  return true;
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function openSockets(base: string, tokens: string[]): Promise<WebSocket[]> {
  const url = base.replace(/^http/, "ws") + "/api/Notification/GetNotificationWebSocket?accesstoken=";
  const out: WebSocket[] = new Array(tokens.length);
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < tokens.length) {
      const i = next++;
      const ws = new WebSocket(url + encodeURIComponent(tokens[i]!), { perMessageDeflate: false, handshakeTimeout: 20_000 });
      const ok = await new Promise<boolean>((resolve) => {
        ws.once("open", () => resolve(true));
        ws.once("error", () => resolve(false));
      });
      if (!ok) failed++;
      ws.on("error", () => undefined);
      out[i] = ws;
    }
  };
  await Promise.all(Array.from({ length: 100 }, worker));
  if (failed > 0) throw new Error(`${failed} of ${tokens.length} sockets did not open`);
  return out;
}

async function main(): Promise<void> {
  const timer = setTimeout(() => {
    console.error("bench:sockets: over its time budget, stopping");
    process.exit(2);
  }, DEADLINE_MS);
  timer.unref();
  console.log(`open-file limit ${openFileLimit()}, loopback ports ${fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().replace(/\s+/, "–")}`);

  const db = await createBenchDb(PG_URL, SOCKETS);
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  const sockets: WebSocket[] = [];
  const client = new pg.Client({ connectionString: db.url });
  try {
    app = await startApp(db.url, { AUTH_SECRET });
    const pid = app.proc.pid!;
    await client.connect();
    const started = performance.now();
    const { rows: accounts } = await client.query<{ id: number }>(
      `insert into users (username, email, full_name, role)
       select 'sock_' || g, 'sock_' || g || '@bench.test', 'Socket ' || g, case when g = 1 then 4 else 0 end
       from generate_series(1, $1::int) g returning id`,
      [SOCKETS],
    );
    const ids = accounts.map((r) => Number(r.id)).sort((a, b) => a - b);
    const rootId = ids[0]!;
    console.log(`${SOCKETS} accounts in ${ms(performance.now() - started)}`);

    const tokens = await Promise.all(ids.map(async (id) => (await signAccessToken({ userId: id, role: id === rootId ? 4 : 0 })).token));
    const rootToken = tokens[0]!;
    await settle(2000);
    const rssBefore = rssMb(pid);

    const t0 = performance.now();
    sockets.push(...(await openSockets(app.url, tokens)));
    const openMs = performance.now() - t0;
    await settle(5000);
    const rssAfter = rssMb(pid);
    console.log(`${sockets.length} sockets open in ${(openMs / 1000).toFixed(1)} s; server RSS ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB with them (${(((rssAfter - rssBefore) * 1024) / sockets.length).toFixed(1)} KB per socket)`);

    const sendResults: Array<{ p50: number; p99: number; max: number; answered: number; got: number }> = [];
    for (let s = 0; s < SENDS; s++) {
      const arrivals: number[] = [];
      const message = `Bench announcement ${s + 1}`;
      const done = new Promise<void>((resolve) => {
        let left = sockets.length;
        for (const ws of sockets) {
          ws.once("message", () => {
            arrivals.push(performance.now());
            if (--left === 0) resolve();
          });
        }
      });
      const sentAt = performance.now();
      const res = await fetch(`${app.url}/api/Notification/SendGlobalNotification`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${rootToken}` },
        body: JSON.stringify({ message, type: 1 }),
      });
      const answered = performance.now() - sentAt;
      if (!res.ok) throw new Error(`SendGlobalNotification: ${res.status} ${await res.text()}`);
      await Promise.race([done, new Promise((r) => setTimeout(r, 30_000))]);
      for (const ws of sockets) ws.removeAllListeners("message");
      const latencies = arrivals.map((t) => t - sentAt).sort((a, b) => a - b);
      sendResults.push({ p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), max: latencies.at(-1) ?? NaN, answered, got: latencies.length });
      console.log(`announcement ${s + 1}: answered in ${ms(answered)}; on ${latencies.length}/${sockets.length} sockets: p50 ${ms(quantile(latencies, 0.5))}, p99 ${ms(quantile(latencies, 0.99))}, max ${ms(latencies.at(-1) ?? NaN)}`);
      await settle(1000);
    }
    const rssAfterSends = rssMb(pid);

    // 1,000,000 rows spread over the accounts (about a hundred each), newest a minute ago, a third read.
    const filled = performance.now();
    await client.query(
      // Free text marked English (lang): rows without it would be classified one by one at the next start (migration 0017).
      `insert into notifications (user_id, message, type, is_read, created_at, search_text, lang)
       select $1::int + (g % $2::int), 'Bench notification ' || g || ' about chapter ' || (g % 997), 1 + g % 4, g % 3 = 0,
              now() - interval '1 minute' - (g || ' seconds')::interval, 'bench notification ' || g || ' about chapter ' || (g % 997), 'en'
       from generate_series(1, $3::int) g`,
      [rootId, SOCKETS, ROWS],
    );
    await client.query("vacuum analyze notifications");
    const { rows: [count] } = await client.query<{ n: string }>("select count(*) as n from notifications");
    console.log(`${count?.n} notification rows (${ms(performance.now() - filled)} to generate)`);

    // Close the sockets first: the HTTP load is measured on its own.
    for (const ws of sockets) ws.terminate();
    sockets.length = 0;
    await settle(2000);

    const readers = tokens.slice(1, 201);
    const run = async (label: string, path: string) => {
      const requests = readers.map((token) => ({ method: "GET" as const, path, headers: { authorization: `Bearer ${token}` } }));
      const result = await autocannon({ url: app!.url, connections: CONNECTIONS, duration: DURATION, requests });
      const errors = result.errors + result.non2xx;
      console.log(`${label}: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.requests.average.toFixed(0)} req/s${errors ? `, ${errors} errors` : ""}`);
      return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, errors };
    };
    const list = await run("PaginatedNotification (page 1, size 10)", "/api/Notification/PaginatedNotification?Page=1&PageSize=10");
    const search = await run("PaginatedNotification (SearchTerm=chapter 42)", "/api/Notification/PaginatedNotification?SearchTerm=chapter%2042");
    const unreadPage = await run("PaginatedNotification (IsRead=false, page 3)", "/api/Notification/PaginatedNotification?IsRead=false&Page=3");
    const unread = await run("GetUnreadNotificationCount", "/api/Notification/GetUnreadNotificationCount");

    console.log("\nsummary");
    console.table({
      "server RSS with sockets (MB)": { value: Number(rssAfter.toFixed(0)), target: "≤ 1024" },
      "server RSS after sends (MB)": { value: Number(rssAfterSends.toFixed(0)), target: "≤ 1024" },
      "announcement p50 (ms)": { value: Number(Math.max(...sendResults.map((r) => r.p50)).toFixed(1)), target: "" },
      "announcement p99 (ms, worst send)": { value: Number(Math.max(...sendResults.map((r) => r.p99)).toFixed(1)), target: "≤ 1000" },
      "list p50 (ms)": { value: list.p50, target: "≤ 5" },
      "search p50 (ms)": { value: search.p50, target: "" },
      "unread page p50 (ms)": { value: unreadPage.p50, target: "" },
      "unread count p50 (ms)": { value: unread.p50, target: "≤ 5" },
    });
  } finally {
    for (const ws of sockets) ws.terminate();
    await client.end().catch(() => undefined);
    if (app) await stopApp(app.proc);
    await db.drop();
  }
}

if (!reexecWithMoreFiles()) {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
