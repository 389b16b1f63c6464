import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { demoTemplateOn } from "../../scripts/e2e-demo-template";
import { privatePostgresMissing } from "./fault-kit";
import { expect, test } from "./fixtures";

/**
 * Issue 30, item 5: every `npm run bench:*` script (and `npm run bench`) runs to the end at its smallest size
 * (`--smoke`, scripts/bench/smoke.ts: tiny data, one round, about a second of load), so a change that breaks one fails
 * the suite. Each must exit 0 and print its figures (the lines checked below, numbers in them, no NaN); what the figures
 * say is not checked. Here because the e2e step has just built the production bundle several of them serve.
 *
 * The ones on PostgreSQL use BENCH_PG_URL, else TEST_DATABASE_URL's server, else the local 127.0.0.1:5432, and are
 * skipped, saying why, when it does not answer. The demo content is seeded once into a template database that the
 * benchmarks needing it copy (BENCH_DEMO_TEMPLATE), instead of each seeding its own. One viewport, one after another.
 */
test.describe.configure({ mode: "default" });

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const PG_URL = process.env.BENCH_PG_URL || process.env.TEST_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
const NUMBER = String.raw`\d[\d,.]*`;

interface Bench {
  /** The npm script. */
  script: string;
  /** PostgreSQL; the demo content (a copy of the template, BENCH_DEMO_TEMPLATE); a private cluster and nginx. */
  needs: Array<"postgres" | "demo" | "cluster">;
  /** Lines of its report that must be there (`#` stands for a number, two spaces or more for any white space). */
  prints: string[];
  args?: () => Promise<string[]>;
  env?: () => Promise<Record<string, string>>;
  /** A bound on its run at the smoke size on a busy two-core machine. */
  timeoutS?: number;
}

const figure = (line: string) =>
  new RegExp(line.split("#").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ {2,}/g, String.raw`\s+`)).join(NUMBER));

let postgresProblem: Promise<string | undefined> | undefined;
/** Why PostgreSQL at PG_URL cannot be used, or undefined when it answers. */
function postgresMissing(): Promise<string | undefined> {
  return (postgresProblem ??= (async () => {
    const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query("select 1");
      return undefined;
    } catch (err) {
      return `needs PostgreSQL at ${new URL(PG_URL).host} (BENCH_PG_URL or TEST_DATABASE_URL): ${err instanceof Error ? err.message : String(err)}`;
    } finally {
      await client.end().catch(() => undefined);
    }
  })());
}

function clusterMissing(): string | undefined {
  const nginx = process.env.NGINX_PATH || "/usr/sbin/nginx";
  if (!fs.existsSync(nginx)) return `needs nginx (${nginx})`;
  return privatePostgresMissing();
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const databaseUrl = (name: string) => Object.assign(new URL(PG_URL), { pathname: `/${name}` }).toString();
const TEMPLATE = `bench_smoke_demo_${process.pid}`;
let template: Promise<string> | undefined;
const copies: string[] = [];

/** The template database with the demo content (seeded once per worker, as `npm run db:seed` does). */
function demoTemplate(): Promise<string> {
  // The run's own template when scripts/e2e.ts made one (scripts/e2e-demo-template.ts): not seeded again, not dropped.
  const shared = demoTemplateOn(PG_URL, process.env.E2E_DEMO_TEMPLATE);
  if (shared) return Promise.resolve(shared);
  return (template ??= (async () => {
    await admin(`drop database if exists ${TEMPLATE} with (force)`);
    await admin(`create database ${TEMPLATE}`);
    const seeded = await run(process.execPath, ["--import", "tsx", "scripts/seed.ts"], { DATABASE_URL: databaseUrl(TEMPLATE), NODE_ENV: "production" }, 600);
    if (seeded.code !== 0) throw new Error(`seeding the demo template failed:\n${seeded.output.slice(-3000)}`);
    return TEMPLATE;
  })());
}

/** A copy of the demo template of this test's own (dropped after the tests): its URL. */
async function demoCopy(): Promise<string> {
  const name = `${TEMPLATE}_${copies.length + 1}`;
  await admin(`create database ${name} template ${await demoTemplate()}`);
  copies.push(name);
  return databaseUrl(name);
}

test.afterAll(async () => {
  for (const name of [...copies, ...(template ? [TEMPLATE] : [])]) await admin(`drop database if exists ${name} with (force)`).catch(() => undefined);
});

function run(command: string, args: string[], env: Record<string, string>, timeoutS: number): Promise<{ code: number | null; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    // The whole process group: a benchmark's servers must not outlive a run that overstays.
    const timer = setTimeout(() => {
      output += `\n[smoke] still running after ${timeoutS} s: stopped`;
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    }, timeoutS * 1000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output, seconds: (performance.now() - started) / 1000 });
    });
  });
}

const BENCHES: Bench[] = [
  {
    script: "bench",
    needs: ["postgres"],
    prints: ["[200] app : p50 # ms  p99 # ms  # req/s  CPU # µs/call", "[200] bare: p50 # ms  p99 # ms  # req/s  CPU # µs/call", "[200] app/bare: p50 ×#  p99 ×#  throughput ×#  CPU per call ×#", "first-load JS /: # kB gzip", "page /discovery (10 connections): p50 # ms"],
    // Lighthouse's own run is bench:lighthouse's smoke, below: once is enough for CI's time.
    args: async () => ["--no-lighthouse"],
  },
  {
    script: "bench:lighthouse",
    // A run whose first frame was held is marked "h" after its score.
    prints: ["Lighthouse /: performance # (median of #", "FCP # ms, LCP # ms"],
    // The demo site on a copy of the template rather than seeded again (scripts/e2e-server.ts: E2E_DATABASE_URL).
    needs: ["postgres", "demo"],
    env: async () => ({ E2E_DATABASE_URL: await demoCopy() }),
  },
  {
    script: "bench:reader",
    needs: ["postgres", "demo"],
    prints: [
      "image chapters (seed drawings, uploads): # distinct pages",
      "PDF chapters (rendered by pdf.js): # distinct pages",
      "desktop 1x 1280x900",
      // Issue 32: page turns on a 4x-throttled phone, against the production build on the copy.
      "page turn, phone 390x844 #x CPU, next page prefetched: # turns over # chapters (# missed)",
      "key press to next page painted: p50 # ms  p95 # ms",
    ],
    args: async () => ["--database-url", await demoCopy()],
    // The app started on the copy and a throttled phone's page turns: over 3 minutes at the smoke size on a busy machine.
    timeoutS: 600,
  },
  {
    script: "bench:pdf",
    needs: [],
    prints: ["raster  #  2  #  #  #", "ingest  #  2  #  #  #", "pages/s per core"],
    // Ingested into a scratch database on PostgreSQL when it answers (PGlite's first start is most of the run).
    args: async () => ((await postgresMissing()) === undefined ? ["--database-url", PG_URL] : []),
  },
  {
    script: "bench:upload",
    needs: ["postgres"],
    prints: ["upload answered in # s; pages ready after # s (2 of 2 pages stored)", "idle p50 # ms p99 # ms # req/s; while processing p50 # ms", "server peak RSS: # MB before the upload, # MB overall"],
  },
  {
    script: "bench:sockets",
    needs: ["postgres"],
    prints: ["50 sockets open in # s; server RSS # MB", "announcement 1: answered in # ms; on 50/50 sockets: p50 # ms", "PaginatedNotification (page 1, size 10): p50 # ms", "GetUnreadNotificationCount: p50 # ms"],
  },
  { script: "bench:overview", needs: ["postgres"], prints: ["getOverview (all blocks in parallel)", "target: overview ≤ 300 ms — p50 # ms"] },
  { script: "bench:users", needs: ["postgres"], prints: ["target: search p50 ≤ 20 ms → # ms"] },
  {
    script: "bench:monetization",
    needs: ["postgres"],
    prints: ["writers, # impressions, pool # = shares #: exact", "counted 50 of 50", "summary: close month ≤ # ms for 20 writers; earnings p50 # ms p95 # ms; balances off ledger: 0"],
  },
  { script: "bench:analytics", needs: ["postgres"], prints: ["\"Big\" 30 days p50 # ms, p95 # ms; 90 days p50 # ms"] },
  {
    script: "bench:pages",
    needs: ["postgres", "demo"],
    // One change at the smoke size: the bus; the counter window's 30 s wait is for full runs.
    prints: ["/discovery  |  # req/s p50  # ms", "after a quiet spell: # ms"],
  },
  {
    script: "bench:cluster",
    needs: ["cluster"],
    prints: [
      "steady load",
      "API calls (reads, views, favourites): #, p50 # ms, p99 # ms",
      "API after the run's first # s: #, p50 # ms",
    ],
    // The database restart's run doubles the time; tests/e2e/db-restart.spec.ts covers the recovery itself.
    args: async () => ["--no-restart"],
    timeoutS: 600,
  },
  {
    script: "bench:abuse",
    needs: ["postgres", "demo"],
    prints: ["/api/health alone (1 s): p50 # ms", "=== anon:", "=== token:", "=== garbage:", "=== zip:", "=== multipart:", "=== pages:", "/api/health every 50 ms meanwhile: # answers, # failed; p50 # ms"],
  },
  { script: "bench:media", needs: ["postgres"], prints: ["µs plain, # µs with the premium check", "free page, 4 B  this: # req/s, p50 # ms", "premium page, plain (403)  this: # req/s"] },
  {
    script: "bench:gc",
    needs: ["postgres"],
    prints: ["collected 400 images in # s: # batches, p50 # ms", "left: # media (expected #)", "before  # req/s, p50 # ms, p99 # ms", "during  # req/s, p50 # ms, p99 # ms"],
  },
  { script: "bench:sitemap", needs: ["postgres"], prints: ["/sitemap.xml  p50  # ms", "/sitemaps/manga-#.xml  p50  # ms", "/sitemaps/chapters-#.xml  p50  # ms"] },
];

test("every benchmark script has a smoke run here", () => {
  const scripts = Object.keys((JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts);
  expect(scripts.filter((s) => s === "bench" || s.startsWith("bench:")).sort()).toEqual(BENCHES.map((b) => b.script).sort());
});

for (const bench of BENCHES) {
  test(`npm run ${bench.script} -- --smoke runs to the end and prints its figures`, async ({ isMobile }) => {
    test.skip(isMobile, "the benchmarks are not about the screen: the desktop project runs them");
    const timeoutS = bench.timeoutS ?? 300;
    test.setTimeout((timeoutS + 660) * 1000);
    if (bench.needs.includes("postgres")) {
      const missing = await postgresMissing();
      test.skip(missing !== undefined, missing ?? "");
    }
    if (bench.needs.includes("cluster")) {
      const missing = clusterMissing();
      test.skip(missing !== undefined, missing ?? "");
    }
    const withPostgres = (await postgresMissing()) === undefined;
    const env: Record<string, string> = { BENCH_SMOKE: "1", ...(await bench.env?.()) };
    if (withPostgres) env.BENCH_PG_URL = PG_URL;
    if (bench.needs.includes("demo")) env.BENCH_DEMO_TEMPLATE = await demoTemplate();
    const args = [...(await (bench.args?.() ?? Promise.resolve([]))), "--smoke"];
    const { code, output, seconds } = await run("npm", ["run", "--silent", bench.script, "--", ...args], env, timeoutS);
    await test.info().attach(`${bench.script}.log`, { body: output, contentType: "text/plain" });
    console.log(`[smoke] npm run ${bench.script}: exit ${code} in ${seconds.toFixed(0)} s`);
    expect(code, output.slice(-4000)).toBe(0);
    for (const line of bench.prints) expect(output, `${bench.script} printed no "${line}"`).toMatch(figure(line));
    expect(output).not.toMatch(/\bNaN\b/);
  });
}
