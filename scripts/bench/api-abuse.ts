/**
 * `npm run bench:abuse` — what one client with a fresh self-registered account can do to the server (issue 19, item 1;
 * issue 27), only its smoke size (--smoke) runs in the tests. Traffic to 127.0.0.1 only, every attack bounded in count and time.
 *
 * On a scratch Postgres database (BENCH_PG_URL; `<BENCH_DB_PREFIX>_abuse`) with the demo content (real covers), the
 * production server (scripts/bench/app.ts) with the API read limits on, and these attacks (`--only` picks some, in
 * this order; all by default):
 *   anon       50 connections (`--connections`) on the default `GET /api/manga/PaginatedManga?page=1&pageSize=20`
 *              (base64 covers) for `--duration` s (10), anonymous; before it the bytes of that answer and of
 *              pageSize=100, plain and gzip;
 *   token      the same flood with a registered reader's bearer token (registered and signed in through the API);
 *   garbage    the same flood with `Authorization: Bearer x.y.z` (a token that does not verify);
 *   zip        a registered writer's `POST /api/chapter/SubmitChapter` with a 26 KB zip whose 200 central-directory
 *              entries all point at one deflated 15 MB block of zeros, `--uploads` times (12) on `--upload-connections`
 *              (4), each given at most `--upload-timeout` s (60);
 *   multipart  the writer's `PUT /api/manga/UpdateManga` multipart with 40,000 parts all named `g` (~2.7 MB), as many
 *              times, as bounded;
 *   pages      the same flood as anon on the discovery page, a new combination of its filters each request (none is
 *              in the page cache: every one a render), within the address's share of renders (server/http/page-renders.ts).
 * For each: `/api/health` asked every 50 ms (`--interval`) in a worker thread whatever the previous answer is doing
 * (open loop, so a slow answer cannot hide the ones behind it), its p50/p99/max during the attack (target p50 < 50 ms,
 * p99 < 250 ms), the attack's answers by status, and its wall time; health alone for 5 s first, for the machine's own
 * latency. The writer owns one demo manga (set in the database: the attacks are about the parsers, not publishing).
 * Needs a production build in .next (`npm run build`). Options: --only anon,token,garbage,zip,multipart --duration s
 * --connections n --interval ms --uploads n --upload-connections n --upload-timeout s --keep (keep the database)
 * --reuse (take a kept one as it is; saves seeding) --no-limit (start the server with RATE_LIMIT_API_READ=off and RATE_LIMIT_PAGE_RENDER=off:
 * what the lists and the renders alone cost) --limit <reads>/<seconds> (another anonymous bucket, e.g. 1/1).
 * --smoke (scripts/bench/smoke.ts): 5 connections for 1 s, 1 upload of each kind, health alone for 1 s, the anonymous
 * bucket 120 reads per second (so a refill takes 2 s, not 24).
 * BENCH_DEMO_TEMPLATE: a database on the same server holding the demo content (no one connected) to copy instead of
 * seeding (the smoke test seeds one for all the benchmarks).
 */
import { spawnSync } from "node:child_process";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { crc32, deflateRawSync } from "node:zlib";
import autocannon from "autocannon";
import pg from "pg";
import { effectiveRule } from "../../server/core/rate-limit";
import { ANONYMOUS_READ_RULE } from "../../server/http/anonymous-reads";
import { GENRES } from "../../lib/enums";
import { startApp, stopApp } from "./app";
import { sized } from "./smoke";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DURATION = Number(option("duration", sized("10", "1")));
const ATTACKS = ["anon", "token", "garbage", "zip", "multipart", "pages"] as const;
type Attack = (typeof ATTACKS)[number];
const ONLY = new Set(option("only", ATTACKS.join(",")).split(",").map((a) => a.trim()));
for (const a of ONLY) if (!(ATTACKS as readonly string[]).includes(a)) throw new Error(`--only: unknown attack "${a}" (${ATTACKS.join(", ")})`);
const UPLOADS = Math.min(200, Number(option("uploads", sized("12", "1"))));
const UPLOAD_CONNECTIONS = Math.min(16, Number(option("upload-connections", sized("4", "1"))));
const UPLOAD_TIMEOUT_S = Math.min(300, Number(option("upload-timeout", "60")));
const CONNECTIONS = Number(option("connections", sized("50", "5")));
/** Health alone before the attacks (the machine's own latency). */
const IDLE_MS = sized(5000, 1000);
const TEMPLATE = process.env.BENCH_DEMO_TEMPLATE;
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
    if (TEMPLATE && !/^[a-z_][a-z0-9_]*$/.test(TEMPLATE)) throw new Error(`BENCH_DEMO_TEMPLATE: "${TEMPLATE}" is not a plain lower-case database name`);
    await c.query(`create database ${DB_NAME}${TEMPLATE ? ` template ${TEMPLATE}` : ""}`);
  });
  const started = performance.now();
  // The demo seed (real drawn covers, migrations applied on open) in its own process, as `npm run db:seed` does (on a
  // copy of BENCH_DEMO_TEMPLATE it finds the users there and adds nothing).
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

/** A fresh self-service account (as anyone can make one), signed in: its access token. */
async function registeredToken(base: string, role: 0 | 1): Promise<{ token: string; userId: number }> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const username = `abuse_${role === 1 ? "w" : "r"}_${tag}`;
  const password = "Abuse#Bench1";
  const consents = role === 1 ? { tosConfirm: true, privacyConfirm: true, ageConfirm: true, contentSafetyConfirm: true } : {};
  const registered = await fetch(`${base}/api/Authentication/Register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ fullName: username, username, email: `${username}@example.com`, password, confirmPassword: password, role, dateOfBirth: "14/02/2000", ...consents }),
  });
  if (!registered.ok) throw new Error(`Register answered ${registered.status}: ${await registered.text()}`);
  const signedIn = await fetch(`${base}/api/Authentication/Login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  const body = (await signedIn.json()) as { data?: { accessToken?: string } };
  if (!signedIn.ok || !body.data?.accessToken) throw new Error(`Login answered ${signedIn.status}`);
  const userId = Number(JSON.parse(Buffer.from(body.data.accessToken.split(".")[1]!, "base64url").toString()).sub);
  return { token: body.data.accessToken, userId };
}

/**
 * The zip bomb: one local entry of 15 MB of zeros deflated (~15 KB), and 200 central-directory entries (page001.png …)
 * that all point at it, so a reader that trusts the directory inflates 3 GB from ~26 KB.
 */
export function zipBomb(entries = 200, inflatedBytes = 15 * 1024 * 1024): Buffer {
  const zeros = Buffer.alloc(inflatedBytes);
  const data = deflateRawSync(zeros, { level: 9 });
  const crc = crc32(zeros);
  const localName = Buffer.from("page001.png");
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed
  local.writeUInt16LE(0, 6); // flags
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt16LE(0, 10); // time
  local.writeUInt16LE(0x21, 12); // date (1980-01-01)
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(inflatedBytes, 22);
  local.writeUInt16LE(localName.length, 26);
  local.writeUInt16LE(0, 28);
  const directory: Buffer[] = [];
  for (let i = 1; i <= entries; i++) {
    const name = Buffer.from(`page${String(i).padStart(3, "0")}.png`);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4); // made by
    entry.writeUInt16LE(20, 6); // needed
    entry.writeUInt16LE(0, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt16LE(0, 12);
    entry.writeUInt16LE(0x21, 14);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(inflatedBytes, 24);
    entry.writeUInt16LE(name.length, 28);
    // extra, comment, disk, attributes: 0; the local header's offset: 0, the one entry, for every name.
    entry.writeUInt32LE(0, 42);
    directory.push(entry, name);
  }
  const cd = Buffer.concat(directory);
  const cdOffset = local.length + localName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(cdOffset, 16);
  return Buffer.concat([local, localName, data, cd, end]);
}

/** A multipart body of `parts` fields all named `g` (and the manga's `id`), ~67 bytes each. */
function manyParts(mangaId: number, parts = 40_000): { body: Buffer; contentType: string } {
  const boundary = "----abusebench7MA4YWxkTrZu0gW";
  const one = `--${boundary}\r\nContent-Disposition: form-data; name="g"\r\n\r\nx\r\n`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${mangaId}\r\n`;
  return { body: Buffer.from(head + one.repeat(parts) + `--${boundary}--\r\n`), contentType: `multipart/form-data; boundary=${boundary}` };
}

interface AttackResult {
  statuses: Record<string, number>;
  /** One more line about the attack (its own latency, sizes). */
  detail: string;
}

/** 50 connections on the default list query for DURATION s, with these headers (or on the paths `paths` makes up). */
async function flood(base: string, headers: Record<string, string>, paths?: (i: number) => string): Promise<AttackResult> {
  let i = 0;
  const requests = paths && [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: paths(i++) }) }];
  const run = await autocannon({ url: `${base}${DEFAULT_QUERY}`, connections: CONNECTIONS, duration: DURATION, headers, ...(requests ? { requests } : {}) });
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(run.statusCodeStats ?? {})) statuses[code] = stat?.count ?? 0;
  if (run.errors) statuses.errors = run.errors;
  if (run.timeouts) statuses.timeouts = run.timeouts;
  return {
    statuses,
    detail:
      `${run.requests.total} answers, ${run.requests.average.toFixed(0)}/s (${(run["2xx"] / DURATION).toFixed(1)} 2xx/s); ` +
      `latency p50 ${ms(run.latency.p50)} p99 ${ms(run.latency.p99)}; ${kb(run.throughput.average)}/s`,
  };
}

/** `UPLOADS` requests made by `makeRequest`, `UPLOAD_CONNECTIONS` at a time, each cut after UPLOAD_TIMEOUT_S. */
async function uploads(makeRequest: (signal: AbortSignal) => Promise<Response>): Promise<AttackResult> {
  const statuses: Record<string, number> = {};
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < UPLOADS) {
      next++;
      const t0 = performance.now();
      let key: string;
      try {
        const res = await makeRequest(AbortSignal.timeout(UPLOAD_TIMEOUT_S * 1000));
        await res.arrayBuffer();
        key = String(res.status);
      } catch (err) {
        const cause = err instanceof Error ? ((err.cause as { code?: string } | undefined)?.code ?? err.name) : String(err);
        key = cause === "TimeoutError" || cause === "AbortError" ? `timeout ${UPLOAD_TIMEOUT_S} s` : `error ${cause}`;
      }
      times.push(performance.now() - t0);
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, UPLOAD_CONNECTIONS) }, worker));
  times.sort((a, b) => a - b);
  return { statuses, detail: `${UPLOADS} requests, ${UPLOAD_CONNECTIONS} at a time; answer time p50 ${ms(percentile(times, 50))}, max ${ms(times.at(-1) ?? NaN)}` };
}

/** Runs one attack while health is sampled; prints health during it, answers by status and wall time. */
async function measured(app: App, name: Attack, label: string, attack: () => Promise<AttackResult>): Promise<void> {
  const base = app.url;
  await quiet(base);
  const sampler = new HealthSampler(base);
  await sampler.ready;
  const started = Date.now();
  const result = await attack();
  const ended = Date.now();
  const during = (await sampler.stop()).filter((x) => x.at >= started && x.at < ended);
  const { times, failed } = summary(during);
  const p50 = percentile(times, 50);
  const p99 = percentile(times, 99);
  const met = p50 < 50 && p99 < 250 && failed === 0;
  const slow = during.filter((x) => !x.ok || x.ms >= 250).map((x) => [Math.round((x.at - started) / 100) / 10, Math.round(x.ms)] as const);
  console.log(`\n=== ${name}: ${label} ===`);
  console.log(`wall time ${((ended - started) / 1000).toFixed(1)} s; answers by status: ${Object.entries(result.statuses).map(([k, v]) => `${k}: ${v}`).join(", ") || "none"}`);
  console.log(result.detail);
  console.log(
    `/api/health every ${INTERVAL_MS} ms meanwhile: ${times.length} answers, ${failed} failed; p50 ${ms(p50)}, p99 ${ms(p99)}, max ${ms(times.at(-1) ?? NaN)} ` +
      `(target p50 < 50 ms, p99 < 250 ms: ${met ? "met" : "NOT met"})`,
  );
  if (slow.length) console.log(`slow health answers [s into the attack, ms]: ${slow.slice(0, 30).map(([t, d]) => `${t}s:${d}`).join(" ")}${slow.length > 30 ? " …" : ""}`);
  if (app.proc.exitCode !== null || app.proc.signalCode !== null) {
    console.log(`the server DIED during the attack (exit code ${app.proc.exitCode}, signal ${app.proc.signalCode}); its last output:\n${app.log().slice(-1500)}`);
  }
}

/**
 * Waits (at most 120 s) until health answers within 250 ms three times in a row, so one attack's leftover work (an
 * upload the client gave up on) is not measured as the next one's.
 */
async function quiet(base: string): Promise<void> {
  const until = Date.now() + 120_000;
  let fast = 0;
  while (fast < 3 && Date.now() < until) {
    const t0 = performance.now();
    const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) }).then((r) => r.arrayBuffer().then(() => r.ok), () => false);
    fast = ok && performance.now() - t0 < 250 ? fast + 1 : 0;
    if (fast < 3) await new Promise((r) => setTimeout(r, 200));
  }
  if (fast < 3) console.log("(the server was still busy 120 s after the previous attack; measuring anyway)");
}

type App = Awaited<ReturnType<typeof startApp>> & { log: () => string };

/** The server, with its output kept (the last of it is printed when an attack kills it). */
async function start(url: string, env: Record<string, string>): Promise<App> {
  const app = await startApp(url, env);
  return { ...app, log: () => app.logTail(20_000) };
}

/** The same server again when the last attack killed it, so the next attack measures something. */
async function alive(app: App, url: string, env: Record<string, string>): Promise<App> {
  if (app.proc.exitCode === null && app.proc.signalCode === null) return app;
  console.log("(server restarted for the next attack)");
  await stopApp(app.proc); // its log file
  return start(url, env);
}

/** Waits until this script's address has a full anonymous bucket again (twice its window: big answers cost more). */
async function refill(env: Record<string, string>): Promise<void> {
  const rule = effectiveRule(ANONYMOUS_READ_RULE, { ...process.env, ...env } as NodeJS.ProcessEnv);
  if (rule) await new Promise((r) => setTimeout(r, rule.windowSeconds * 2000));
}

async function main(): Promise<void> {
  const url = await prepareDatabase();
  // startApp turns the anonymous read limits off for the other benchmarks; here they are the point.
  const env: Record<string, string> = { RATE_LIMIT_API_READ: flag("no-limit") ? "off" : option("limit", sized("", "120/1")), RATE_LIMIT_PAGE_RENDER: flag("no-limit") ? "off" : "" };
  if (flag("no-limit")) env.RATE_LIMIT_API_READ_USER = "off";
  let app = await start(url, env);
  try {
    // One answer first (covers' card copies are made on first use).
    await fetch(`${app.url}${DEFAULT_QUERY}`).then((r) => r.arrayBuffer());
    const reader = ONLY.has("token") ? await registeredToken(app.url, 0) : undefined;
    const writer = ONLY.has("zip") || ONLY.has("multipart") ? await registeredToken(app.url, 1) : undefined;
    let mangaId = 0;
    if (writer) {
      // The writer owns one demo manga (the attacks are on the parsers; publishing one is beside the point).
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      const row = await pool.query<{ id: number }>("update manga set author_id = $1 where id = (select min(id) from manga) returning id", [writer.userId]);
      await pool.end();
      mangaId = Number(row.rows[0]?.id ?? 0);
    }
    if (ONLY.has("anon")) {
      for (const q of [`${DEFAULT_QUERY}&imageFormat=url`, DEFAULT_QUERY, "/api/manga/PaginatedManga?page=1&pageSize=100"]) {
        const plain = await responseBytes(app.url, q, "identity");
        const gz = await responseBytes(app.url, q, "gzip");
        const shape = await listShape(app.url, q);
        console.log(
          `${q}: ${kb(plain.bytes)} (gzip ${kb(gz.bytes)}); ${shape.items} items, ${shape.withBase64} with base64 covers ` +
            `(${kb(shape.base64Chars)} of base64, ${shape.withBase64 ? kb(shape.base64Chars / shape.withBase64) : "–"} each)`,
        );
      }
    }
    // The machine's own latency first (shared machines vary): health alone for 5 s.
    {
      const sampler = new HealthSampler(app.url);
      await sampler.ready;
      await new Promise((r) => setTimeout(r, IDLE_MS));
      const idle = summary(await sampler.stop()).times;
      console.log(`/api/health alone (${IDLE_MS / 1000} s): p50 ${ms(percentile(idle, 50))}, p99 ${ms(percentile(idle, 99))}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} on ${os.availableParallelism()} cores`);
    }
    const limiter = flag("no-limit") ? ", limiter off" : "";
    if (ONLY.has("anon")) {
      // Each flood starts on a full bucket, as from a fresh address (the server sees this script as one address).
      await refill(env);
      await measured(app, "anon", `anonymous ${DEFAULT_QUERY} (${CONNECTIONS} connections, ${DURATION} s${limiter})`, () => flood(app.url, {}));
    }
    if (reader) {
      await measured(app, "token", `a registered reader's token on ${DEFAULT_QUERY} (${CONNECTIONS} connections, ${DURATION} s${limiter})`, () =>
        flood(app.url, { authorization: `Bearer ${reader.token}` }),
      );
    }
    if (ONLY.has("garbage")) {
      await refill(env);
      await measured(app, "garbage", `Bearer x.y.z on ${DEFAULT_QUERY} (${CONNECTIONS} connections, ${DURATION} s${limiter})`, () =>
        flood(app.url, { authorization: "Bearer x.y.z" }),
      );
    }
    if (writer && ONLY.has("zip")) {
      const zip = zipBomb();
      await measured(app, "zip", `SubmitChapter with a ${kb(zip.length)} zip: 200 entries on one deflated 15 MB of zeros`, () =>
        uploads((signal) => {
          const form = new FormData();
          form.set("mangaId", String(mangaId));
          form.set("title", "Zip bomb");
          form.set("pages", new Blob([new Uint8Array(zip)], { type: "application/zip" }), "pages.zip");
          return fetch(`${app.url}/api/chapter/SubmitChapter`, { method: "POST", headers: { authorization: `Bearer ${writer.token}` }, body: form, signal });
        }),
      );
    }
    app = await alive(app, url, env);
    if (writer && ONLY.has("multipart")) {
      const { body, contentType } = manyParts(mangaId);
      await measured(app, "multipart", `UpdateManga multipart of 40,000 parts named g (${kb(body.length)})`, () =>
        uploads((signal) =>
          fetch(`${app.url}/api/manga/UpdateManga`, { method: "PUT", headers: { authorization: `Bearer ${writer.token}`, "content-type": contentType }, body: new Uint8Array(body), signal }),
        ),
      );
    }
    app = await alive(app, url, env);
    if (ONLY.has("pages")) {
      // A discovery page no one else asks for, each time: the chapter count and the excluded genre change per request.
      const path = (i: number) => `/discovery?chapters=${(i % 9999) + 1}&exclude=${encodeURIComponent(GENRES[i % GENRES.length]!)}`;
      await measured(app, "pages", `anonymous /discovery with a new filter combination each request (${CONNECTIONS} connections, ${DURATION} s${limiter})`, () =>
        flood(app.url, { "accept-encoding": "gzip" }, path),
      );
    }
  } finally {
    await stopApp(app.proc);
    if (!flag("keep") && !flag("reuse")) await dropDatabase();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
