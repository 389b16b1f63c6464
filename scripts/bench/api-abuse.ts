/**
 * `npm run bench:abuse` — what one anonymous client can do to the server (issue 19, item 1), not run by tests.
 *
 * On a scratch Postgres database (BENCH_PG_URL; `<BENCH_DB_PREFIX>_abuse`) with the demo content (real covers):
 *   1. the bytes of one anonymous `GET /api/manga/PaginatedManga?page=1&pageSize=20` (the default query, base64
 *      covers) and of the same at pageSize=100, plain and gzip;
 *   2. 50 anonymous connections (`--connections`) on that default query for 20 s (`--duration`) with autocannon,
 *      while a worker thread asks `/api/health` every 50 ms whatever the previous one is doing (open loop, so a slow
 *      answer cannot hide the ones behind it) and records each answer's time;
 *   3. requests per second by status (2xx, 429), bytes per second, health p50/p99/max (and health alone for 5 s
 *      before, for the machine's own latency). Target: health p99 < 100 ms.
 * Needs a production build in .next (`npm run build`). Options: --duration s (20) --connections n (50)
 * --interval ms (50, health sampling) --keep (keep the database) --reuse (take a kept one as it is; saves seeding)
 * --no-limit (start the server with RATE_LIMIT_API_READ=off: what the lists alone cost) --limit <reads>/<seconds> (another
 * bucket, e.g. 1/1).
 */
import { spawnSync } from "node:child_process";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import autocannon from "autocannon";
import pg from "pg";
import { effectiveRule } from "../../server/core/rate-limit";
import { ANONYMOUS_READ_RULE } from "../../server/http/anonymous-reads";
import { startApp, stopApp } from "./app";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DURATION = Number(option("duration", "20"));
const CONNECTIONS = Number(option("connections", "50"));
const INTERVAL_MS = Number(option("interval", "50"));
const PG_URL = process.env.BENCH_PG_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
const DB_NAME = `${process.env.BENCH_DB_PREFIX || "bench"}_abuse`;
const DEFAULT_QUERY = "/api/manga/PaginatedManga?page=1&pageSize=20";
const root = process.cwd();

function databaseUrl(name: string): string {
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** The scratch database with the demo content: a kept one with `--reuse`, else made and seeded now. */
async function prepareDatabase(): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(DB_NAME)) throw new Error(`BENCH_DB_PREFIX: "${DB_NAME}" is not a plain lower-case database name`);
  const url = databaseUrl(DB_NAME);
  if (flag("reuse")) {
    const exists = await admin(async (c) => (await c.query("select 1 from pg_database where datname = $1", [DB_NAME])).rowCount);
    if (exists) {
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      const n = await pool.query("select count(*)::int as n from manga").then((r) => Number(r.rows[0]?.n ?? 0)).catch(() => 0);
      await pool.end();
      if (n > 0) {
        console.log(`database ${DB_NAME} reused (${n} manga)`);
        return url;
      }
    }
  }
  await admin(async (c) => {
    await c.query(`drop database if exists ${DB_NAME} with (force)`);
    await c.query(`create database ${DB_NAME}`);
  });
  const started = performance.now();
  // The demo seed (real drawn covers, migrations applied on open) in its own process, as `npm run db:seed` does.
  const seeded = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "scripts/seed.ts")], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (seeded.status !== 0) throw new Error("seeding the demo content failed");
  console.log(`database ${DB_NAME} seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return url;
}

async function dropDatabase(): Promise<void> {
  await admin((c) => c.query(`drop database if exists ${DB_NAME} with (force)`));
}

/** Bytes of one anonymous answer as sent: plain (identity) or gzip; a 429 is waited out (Retry-After) and asked again. */
async function responseBytes(base: string, pathAndQuery: string, encoding: "identity" | "gzip"): Promise<{ status: number; bytes: number }> {
  for (;;) {
    const answer = await new Promise<{ status: number; bytes: number; retryAfter: number }>((resolve, reject) => {
      const req = http.get(`${base}${pathAndQuery}`, { headers: { "accept-encoding": encoding } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.byteLength));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes, retryAfter: Number(res.headers["retry-after"] ?? 1) }));
        res.on("error", reject);
      });
      req.on("error", reject);
    });
    if (answer.status !== 429) return answer;
    await new Promise((r) => setTimeout(r, answer.retryAfter * 1000));
  }
}

/** What one list answer carries: its items, how many have base64 covers, their base64 characters (429s waited out). */
async function listShape(base: string, pathAndQuery: string): Promise<{ items: number; withBase64: number; base64Chars: number }> {
  let res = await fetch(`${base}${pathAndQuery}`);
  while (res.status === 429) {
    await new Promise((r) => setTimeout(r, Number(res.headers.get("retry-after") ?? 1) * 1000));
    res = await fetch(`${base}${pathAndQuery}`);
  }
  const body = (await res.json()) as { data?: { items?: Array<{ coverImage?: string | null }> } };
  const items = body.data?.items ?? [];
  const covers = items.map((i) => i.coverImage).filter((c): c is string => typeof c === "string");
  return { items: items.length, withBase64: covers.length, base64Chars: covers.reduce((n, c) => n + c.length, 0) };
}

const SAMPLER = `
const { parentPort, workerData } = require("node:worker_threads");
const { url, intervalMs } = workerData;
const samples = [];
const pending = new Set();
let ready = false;
const timer = setInterval(() => {
  const at = Date.now();
  const t0 = performance.now();
  const p = fetch(url, { signal: AbortSignal.timeout(30000) })
    .then(async (res) => {
      await res.arrayBuffer();
      samples.push({ at, ms: performance.now() - t0, ok: res.ok });
      if (!ready) { ready = true; parentPort.postMessage({ type: "ready" }); }
    })
    .catch(() => samples.push({ at, ms: NaN, ok: false }))
    .finally(() => pending.delete(p));
  pending.add(p);
}, intervalMs);
parentPort.on("message", () => {
  clearInterval(timer);
  Promise.allSettled([...pending]).then(() => parentPort.postMessage({ type: "done", samples }));
});
`;

interface Sample {
  /** Wall-clock ms when the request was sent. */
  at: number;
  ms: number;
  ok: boolean;
}

/**
 * Samples /api/health every INTERVAL_MS in a worker thread (its own event loop, free of autocannon's), from before the
 * load to after it: one worker throughout, so its own start-up is not measured.
 */
class HealthSampler {
  private readonly worker: Worker;
  readonly ready: Promise<void>;
  private readonly done: Promise<Sample[]>;

  constructor(base: string) {
    this.worker = new Worker(SAMPLER, { eval: true, workerData: { url: `${base}/api/health`, intervalMs: INTERVAL_MS } });
    let onReady!: () => void;
    let onDone!: (samples: Sample[]) => void;
    this.ready = new Promise((resolve) => (onReady = resolve));
    this.done = new Promise((resolve) => (onDone = resolve));
    this.worker.on("message", (m: { type: "ready" } | { type: "done"; samples: Sample[] }) => (m.type === "ready" ? onReady() : onDone(m.samples)));
  }

  async stop(): Promise<Sample[]> {
    this.worker.postMessage("stop");
    const samples = await this.done;
    await this.worker.terminate();
    return samples;
  }
}

function summary(samples: Sample[]): { times: number[]; failed: number } {
  const times = samples.filter((s) => s.ok).map((s) => s.ms).sort((a, b) => a - b);
  return { times, failed: samples.length - times.length };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

async function main(): Promise<void> {
  const url = await prepareDatabase();
  // startApp turns the anonymous read limits off for the other benchmarks; here they are the point.
  const env: Record<string, string> = { RATE_LIMIT_API_READ: flag("no-limit") ? "off" : option("limit", "") };
  const app = await startApp(url, env);
  try {
    // One answer of each first (covers' card copies are made on first use), then their sizes.
    await fetch(`${app.url}${DEFAULT_QUERY}`).then((r) => r.arrayBuffer());
    const sizes: string[] = [];
    for (const q of [`${DEFAULT_QUERY}&imageFormat=url`, DEFAULT_QUERY, "/api/manga/PaginatedManga?page=1&pageSize=100"]) {
      const plain = await responseBytes(app.url, q, "identity");
      const gz = await responseBytes(app.url, q, "gzip");
      const shape = await listShape(app.url, q);
      sizes.push(
        `${q}: ${kb(plain.bytes)} (gzip ${kb(gz.bytes)}); ${shape.items} items, ${shape.withBase64} with base64 covers ` +
          `(${kb(shape.base64Chars)} of base64, ${shape.withBase64 ? kb(shape.base64Chars / shape.withBase64) : "–"} each)`,
      );
    }
    // The load starts on a full bucket, as from a fresh address: the answers above spent part of it (the server sees
    // this script as one address), so wait until it has refilled (twice its window: the big answers cost more).
    const rule = effectiveRule(ANONYMOUS_READ_RULE, { ...process.env, ...env } as NodeJS.ProcessEnv);
    if (rule) await new Promise((r) => setTimeout(r, rule.windowSeconds * 2000));
    // The machine's own latency first (shared machines vary): health alone for 5 s, then under the load.
    const sampler = new HealthSampler(app.url);
    await sampler.ready;
    await new Promise((r) => setTimeout(r, 5000));
    const loadStarted = Date.now();
    const run = await autocannon({ url: `${app.url}${DEFAULT_QUERY}`, connections: CONNECTIONS, duration: DURATION });
    const loadEnded = Date.now();
    const samples = await sampler.stop();
    const idle = summary(samples.filter((x) => x.at < loadStarted)).times;
    const during = samples.filter((x) => x.at >= loadStarted && x.at < loadEnded);
    const { times, failed } = summary(during);
    const slow = during.filter((x) => !x.ok || x.ms >= 100).map((x) => [Math.round((x.at - loadStarted) / 100) / 10, Math.round(x.ms)] as const);
    const ok = run["2xx"];
    const statuses = run.statusCodeStats ? Object.entries(run.statusCodeStats).map(([code, s]) => `${code}: ${s.count}`).join(", ") : "";
    console.log(`\n=== anonymous abuse of ${DEFAULT_QUERY} (${CONNECTIONS} connections, ${DURATION} s${flag("no-limit") ? ", limiter off" : ""}) ===`);
    for (const line of sizes) console.log(line);
    console.log(
      `requests: ${run.requests.average.toFixed(0)} req/s (${(ok / DURATION).toFixed(1)} 2xx/s); ${run.requests.total} in all (${statuses}); ` +
        `errors ${run.errors}, timeouts ${run.timeouts}; latency p50 ${ms(run.latency.p50)} p99 ${ms(run.latency.p99)}; ${kb(run.throughput.average)}/s`,
    );
    console.log(`/api/health alone before (5 s): p50 ${ms(percentile(idle, 50))}, p99 ${ms(percentile(idle, 99))}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} on ${os.availableParallelism()} cores`);
    console.log(
      `/api/health every ${INTERVAL_MS} ms meanwhile: ${times.length} answers, ${failed} failed; p50 ${ms(percentile(times, 50))}, ` +
        `p99 ${ms(percentile(times, 99))}, max ${ms(times.at(-1) ?? NaN)} (target p99 < 100 ms: ${percentile(times, 99) < 100 && failed === 0 ? "met" : "NOT met"})`,
    );
    if (slow.length) console.log(`slow health answers [s into the run, ms]: ${slow.slice(0, 30).map(([t, d]) => `${t}s:${d}`).join(" ")}${slow.length > 30 ? " …" : ""}`);
  } finally {
    await stopApp(app.proc);
    if (!flag("keep") && !flag("reuse")) await dropDatabase();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
