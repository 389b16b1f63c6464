/**
 * `npm run bench` — the catalogue benchmark (issue 4, DESIGN §8).
 *
 * For each size (default 1k and 10k manga; `--sizes 1000,10000,100000`):
 *   1. a scratch database bench_<n> (<BENCH_DB_PREFIX>_<n>) on BENCH_PG_URL (default postgresql://postgres@127.0.0.1:5432) is created,
 *      migrated and filled (scripts/bench/generate.ts), and dropped at the end (`--keep` keeps it; `--reuse` takes a
 *      kept one as it is when it holds n manga, after applying any new migration and a VACUUM ANALYZE);
 *   2. the production server (server/main.ts, NODE_ENV=production) is started on it — this needs a production
 *      build in .next: run `npm run build` first, or pass `--build`;
 *   3. GET /api/manga/PaginatedManga?searchTerm=…&sortBy=…&pageSize=20&imageFormat=url is driven with autocannon
 *      (50 connections, 10 s after a 3 s warm-up) over a fixed mix of search terms and sorts, and so is a bare
 *      node:http + pg server running exactly the same SQL the same way (captured from listManga's own statements,
 *      same plan choice, same short-lived public count cache: scripts/bench/baseline.ts);
 *   4. p50/p99 latency, requests per second, errors and the app/bare ratios are printed.
 * Once, on the largest size: first-load JavaScript (gzip) of / and /discovery, and the landing and discovery pages'
 * own throughput, and Lighthouse on /, /discovery and one manga preview (mobile; reports in .bench/lighthouse/).
 *
 * Lighthouse runs 3 times per page (`--lighthouse-runs n`) and reports the median (scripts/bench/lighthouse.ts; the
 * generated covers are 4-byte placeholders, so `npm run bench:lighthouse` measures the demo site's real images).
 *
 * Options: --sizes a,b,c  --duration s  --connections n  --rounds n (app and bare take turns; medians)  --build  --keep
 *          --reuse  --no-lighthouse  --lighthouse-runs n  --json file
 *          --smoke (scripts/bench/smoke.ts: 200 manga, 1 s runs after a 1 s warm-up, 5 connections, Lighthouse once on /)
 *          --compare DIR (another checkout with its own build, e.g. the last landing: its app runs on the same database in
 *          the same rounds, taking turns with this one and the bare server, and is reported beside them)
 * Per-statement timings of the same mix on kept databases: `tsx scripts/bench/plans.ts <database url>…` (plans.ts).
 * Environment: BENCH_PG_URL, BENCH_DB_PREFIX (scratch database names, default "bench"), DATABASE_POOL_SIZE, CHROMIUM_PATH.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import * as schema from "../../db/schema";
import type { Db } from "../../db/client";
import { buildListMangaQueries, COUNT_TTL_MS, countsOf, listMangaStatements, planFor } from "../../server/manga/list-manga";
import { spawnBaseline, type CapturedQuery } from "./baseline";
import { processCpuSeconds } from "./cpu-usage";
import { createBenchDb, fillBenchDb, reuseBenchDb } from "./generate";
import { apiPath, MIX } from "./mix";
import { startApp, stopApp } from "./app";
import { defaultPages, reportDir, runLighthouse, summarize } from "./lighthouse";
import { pageWeight, type PageWeight } from "./page-weight";
import { sized } from "./smoke";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const SIZES = option("sizes", sized("1000,10000", "200")).split(",").map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0);
const DURATION = Number(option("duration", sized("10", "1")));
const WARM_UP = sized(3, 1);
const ROUNDS = Math.max(1, Math.trunc(Number(option("rounds", "1"))) || 1);
const CONNECTIONS = Number(option("connections", sized("50", "5")));
const PG_URL = process.env.BENCH_PG_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE || 10);
const COMPARE = option("compare", "");
const root = process.cwd();

type Side = "bare" | "app" | "before";

interface Run {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  non2xx: number;
  requests: number;
  /** The server process's CPU time (user + system) per answered call, in µs (NaN when not known). */
  cpuUsPerCall: number;
}

/** `pid`: the server's process, whose CPU time over the measured run (after the warm-up) is divided among its calls. */
async function drive(baseUrl: string, paths: string[], duration: number, connections = CONNECTIONS, pid?: number): Promise<Run> {
  const requests = paths.map((p) => ({ method: "GET" as const, path: p }));
  await autocannon({ url: baseUrl, connections, duration: WARM_UP, requests });
  const cpuBefore = pid ? processCpuSeconds(pid) : NaN;
  const r = await autocannon({ url: baseUrl, connections, duration, requests });
  const cpu = pid ? processCpuSeconds(pid) - cpuBefore : NaN;
  return { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, errors: r.errors + r.timeouts, non2xx: r.non2xx, requests: r.requests.total, cpuUsPerCall: (cpu * 1e6) / Math.max(1, r.requests.total) };
}

/** The run with the median p50 (errors summed over all runs, so none is hidden). */
function medianRun(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.p50 - b.p50);
  const mid = sorted[(sorted.length - 1) >> 1]!;
  return { ...mid, errors: runs.reduce((n, r) => n + r.errors, 0), non2xx: runs.reduce((n, r) => n + r.non2xx, 0) };
}

/** The statements listManga runs for each request of the mix, with the plan it picks for this database's counts. */
async function captureQueries(db: Db): Promise<Map<string, CapturedQuery>> {
  const map = new Map<string, CapturedQuery>();
  for (const { term, sortBy } of MIX) {
    const opts = { db, viewer: null, searchTerm: term, sortBy, pageSize: 20, page: 1 };
    const [count] = await buildListMangaQueries(opts).counts;
    map.set(apiPath(term, sortBy), listMangaStatements(opts, planFor(term, countsOf(count), 20)));
  }
  return map;
}

function newerFiles(dir: string, than: number): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|sql)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => fs.statSync(file).mtimeMs > than)
    .map((file) => path.relative(root, file));
}

/**
 * The pages' data cache lives on disk (.next/cache/fetch-cache) and an expired entry is still served once while it
 * refreshes: pages of a bench database would show up in the next server started on this build (and the last
 * database's in this bench), so the bench starts and ends with it empty.
 */
function clearNextDataCache(): void {
  fs.rmSync(path.join(root, ".next", "cache", "fetch-cache"), { recursive: true, force: true });
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
const us = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} µs` : "? µs");
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

async function main() {
  if (flag("build")) {
    const b = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], { stdio: "inherit", env: { ...process.env, SKIP_BUILD_TYPECHECK: "1" } });
    if (b.status !== 0) process.exit(b.status ?? 1);
  }
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) {
    console.error("No production build in .next: run `npm run build` first (or `npm run bench -- --build`).");
    process.exit(1);
  }
  const built = fs.statSync(path.join(root, ".next", "BUILD_ID")).mtimeMs;
  const newer = ["server", "app", "lib", "components", "db"].flatMap((dir) => newerFiles(path.join(root, dir), built)).slice(0, 3);
  if (newer.length) console.warn(`warning: the build in .next is older than ${newer.join(", ")}…: the app may not run this code (npm run build, or --build)`);
  console.log(`catalogue bench: sizes ${SIZES.join(", ")}; ${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} round(s); pool ${POOL_SIZE}; ${MIX.length} search/sort requests in rotation`);
  clearNextDataCache();
  const summary: Array<{ n: number; app: Run; bare: Run; before?: Run }> = [];
  const extras: string[] = [];
  let weights: PageWeight[] = [];

  for (const [index, n] of SIZES.entries()) {
    const reused = flag("reuse") ? await reuseBenchDb(PG_URL, n) : undefined;
    const bench = reused ?? (await createBenchDb(PG_URL, n));
    let app: { url: string; proc: ChildProcess } | undefined;
    let bare: Awaited<ReturnType<typeof spawnBaseline>> | undefined;
    let before: { url: string; proc: ChildProcess } | undefined;
    const pool = new pg.Pool({ connectionString: bench.url, max: 1 });
    try {
      if (reused) console.log(`\n[${n}] database ${bench.name} reused`);
      else {
        const { seconds } = await fillBenchDb(bench.url, n);
        console.log(`\n[${n}] database ${bench.name} filled in ${seconds.toFixed(1)} s`);
      }
      const queries = await captureQueries(drizzle(pool, { schema, casing: "snake_case" }) as unknown as Db);
      // The compared checkout first: its migrations are the older ones, this app adds its own after.
      if (COMPARE) before = await startApp(bench.url, {}, path.resolve(COMPARE));
      app = await startApp(bench.url);
      bare = await spawnBaseline(bench.url, queries, POOL_SIZE, COUNT_TTL_MS);
      const paths = [...queries.keys()];
      // Same answers from both (a sanity check that the baseline really runs the app's query).
      for (const p of paths.slice(0, 3)) {
        const a = (await (await fetch(`${app.url}${p}`)).json()) as { data: { totalDisplayRecords: number; items: Array<{ id: number }> } };
        const b = (await (await fetch(`${bare.url}${p}`)).json()) as typeof a;
        if (a.data.totalDisplayRecords !== b.data.totalDisplayRecords || a.data.items.map((i) => i.id).join() !== b.data.items.map((i) => i.id).join()) {
          throw new Error(`baseline and app disagree on ${p}`);
        }
      }
      // With several rounds the two servers take turns (bare, app, app, bare, …) and each side's median run counts,
      // so load that comes and goes on a shared machine falls on both alike.
      const runs: Record<Side, Run[]> = { bare: [], app: [], before: [] };
      const servers: Record<Side, { url: string; pid?: number } | undefined> = { bare, app: { url: app.url, pid: app.proc.pid }, before: before && { url: before.url, pid: before.proc.pid } };
      const sides = (["bare", "app", "before"] as const).filter((side) => servers[side]);
      for (let round = 0; round < ROUNDS; round++) {
        // Each round in another order, so load that comes and goes falls on every side alike.
        const order = sides.map((_, i) => sides[(i + round) % sides.length]!);
        for (const side of order) {
          const server = servers[side]!;
          const run = await drive(server.url, paths, DURATION, CONNECTIONS, server.pid);
          runs[side].push(run);
          if (ROUNDS > 1) console.log(`[${n}] round ${round + 1} ${side.padEnd(6)}: p50 ${ms(run.p50)}  p99 ${ms(run.p99)}  ${run.rps.toFixed(0)} req/s  CPU ${us(run.cpuUsPerCall)}/call`);
        }
      }
      const bareRun = medianRun(runs.bare);
      const appRun = medianRun(runs.app);
      const beforeRun = before ? medianRun(runs.before) : undefined;
      summary.push({ n, app: appRun, bare: bareRun, before: beforeRun });
      console.log(`[${n}] app : p50 ${ms(appRun.p50)}  p99 ${ms(appRun.p99)}  ${appRun.rps.toFixed(0)} req/s  CPU ${us(appRun.cpuUsPerCall)}/call  errors ${appRun.errors}  non-2xx ${appRun.non2xx}`);
      console.log(`[${n}] bare: p50 ${ms(bareRun.p50)}  p99 ${ms(bareRun.p99)}  ${bareRun.rps.toFixed(0)} req/s  CPU ${us(bareRun.cpuUsPerCall)}/call  errors ${bareRun.errors}  non-2xx ${bareRun.non2xx}`);
      if (beforeRun) {
        console.log(`[${n}] before (${COMPARE}): p50 ${ms(beforeRun.p50)}  p99 ${ms(beforeRun.p99)}  ${beforeRun.rps.toFixed(0)} req/s  CPU ${us(beforeRun.cpuUsPerCall)}/call  errors ${beforeRun.errors}  non-2xx ${beforeRun.non2xx}`);
        console.log(`[${n}] before/bare: p50 ×${(beforeRun.p50 / Math.max(bareRun.p50, 0.01)).toFixed(2)}  p99 ×${(beforeRun.p99 / Math.max(bareRun.p99, 0.01)).toFixed(2)}  throughput ×${(beforeRun.rps / bareRun.rps).toFixed(2)}  CPU per call ×${(beforeRun.cpuUsPerCall / bareRun.cpuUsPerCall).toFixed(2)}`);
      }
      console.log(`[${n}] app/bare: p50 ×${(appRun.p50 / Math.max(bareRun.p50, 0.01)).toFixed(2)}  p99 ×${(appRun.p99 / Math.max(bareRun.p99, 0.01)).toFixed(2)}  throughput ×${(appRun.rps / bareRun.rps).toFixed(2)}  CPU per call ×${(appRun.cpuUsPerCall / bareRun.cpuUsPerCall).toFixed(2)}`);

      if (index === SIZES.length - 1) {
        weights = [await pageWeight(app.url, "/"), await pageWeight(app.url, "/discovery")];
        for (const p of ["/", "/discovery"]) {
          const r = await drive(app.url, [p], sized(Math.max(5, Math.round(DURATION / 2)), DURATION), 10);
          extras.push(`page ${p} (10 connections): p50 ${ms(r.p50)}  p99 ${ms(r.p99)}  ${r.rps.toFixed(0)} req/s  errors ${r.errors}  non-2xx ${r.non2xx}`);
        }
        if (!flag("no-lighthouse")) {
          const outDir = reportDir();
          const runs = Math.max(1, Number(option("lighthouse-runs", sized("3", "1"))) || 3);
          const pages = await runLighthouse(app.url, (await defaultPages(app.url)).slice(0, sized(3, 1)), { runs, outDir });
          extras.push(...(pages ? [...summarize(pages), `Lighthouse reports: ${path.relative(root, outDir)}/`] : ["Lighthouse: skipped (the `lighthouse` package is not installed)"]));
        }
      }
    } finally {
      await bare?.close();
      if (app) await stopApp(app.proc);
      if (before) await stopApp(before.proc);
      await pool.end();
      if (!flag("keep")) await bench.drop();
    }
  }
  clearNextDataCache();

  console.log("\n=== PaginatedManga (search + sort, 20 items) ===");
  console.log("manga      app p50    app p99    app req/s   app CPU/call  bare p50   bare p99   bare req/s   bare CPU/call  p50 ratio   p50 vs smallest");
  const base = summary[0]?.app.p50 ?? 1;
  for (const { n, app, bare } of summary) {
    console.log(
      `${String(n).padEnd(10)} ${ms(app.p50).padEnd(10)} ${ms(app.p99).padEnd(10)} ${app.rps.toFixed(0).padEnd(11)} ${us(app.cpuUsPerCall).padEnd(13)} ${ms(bare.p50).padEnd(10)} ${ms(bare.p99).padEnd(10)} ${bare.rps.toFixed(0).padEnd(12)} ${us(bare.cpuUsPerCall).padEnd(14)} ×${(app.p50 / Math.max(bare.p50, 0.01)).toFixed(2).padEnd(10)} ×${(app.p50 / Math.max(base, 0.01)).toFixed(2)}`,
    );
  }
  console.log("\n=== Pages ===");
  for (const w of weights) console.log(`first-load JS ${w.path}: ${kb(w.jsGzipBytes)} gzip (${kb(w.jsRawBytes)} raw, ${w.scripts} scripts); HTML ${kb(w.htmlGzipBytes)} gzip (${kb(w.htmlRawBytes)} raw)`);
  for (const line of extras) console.log(line);
  const out = option("json", "");
  if (out) fs.writeFileSync(out, JSON.stringify({ sizes: summary, pages: weights, extras }, null, 2));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
