/**
 * `npm run bench:cluster` — issue 18's targets for several processes (docs/decisions/019). Needs a production build
 * (`npm run build`), nginx (Debian package) and PostgreSQL's server binaries (a private cluster is started in a
 * temporary directory: its restart must not disturb anything else); only its smoke size (--smoke) runs in the tests.
 *
 * 1. Two app processes behind nginx (scripts/cluster.ts, docker-compose.yml's topology) on the private PostgreSQL,
 *    with the demo content. A mixed load of `--users` concurrent people for `--seconds` (scripts/bench/mixed-load.ts:
 *    60% visitors browsing pages and the catalogue API, 30% readers reading, recording views and favouriting, 10%
 *    writers uploading two-page chapters; everyone pauses 0.3–1.5 s between actions, as people do), each from its own loopback address: every answer must be a success, every
 *    acknowledged favourite, view and upload must be in the database exactly, p99 of API calls ≤ 300 ms.
 * 2. The same load again with PostgreSQL stopped at `--restart-at` s and started `--down` s later (`--no-restart`
 *    skips it): no acknowledged write lost, every API answer the envelope (503 while the database is away), and the
 *    time from the database being back until every answer succeeds again (target ≤ 5 s).
 *
 * Writers upload a chapter every `--upload-every` s (15 on average: a busy hour's worth of uploads in a minute).
 *
 * BENCH_NODE_OPTIONS is given to the app processes only (profiling: "--cpu-prof --cpu-prof-dir=/tmp/prof").
 *
 * Users start spread over their first pause, as in a steady state; `--burst` starts all of them at second 0.
 *
 * Options: --users n (200) --seconds s (60) --restart-at s (20) --down s (3) --upload-every s (15) --no-restart --burst
 * --smoke (scripts/bench/smoke.ts: 10 users for 6 s, PostgreSQL stopped at 2 s for 1 s, an upload every 3 s, the warm
 * figures after 2 s)
 */
import { randomBytes } from "node:crypto";
import { startCluster } from "../cluster";
import { startPrivatePostgres } from "../../tests/e2e/fault-kit";
import { byLabel, prepareWorld, runMixedLoad, summarize, verifyWorld, type LoadResult } from "./mixed-load";
import { cpuDelta, cpuSecondsByPart } from "./cpu-usage";
import { sized } from "./smoke";
import { option } from "./timing";

const USERS = Number(option("users", sized("200", "10")));
const SECONDS = Number(option("seconds", sized("60", "6")));
const RESTART_AT = Number(option("restart-at", sized("20", "2")));
const DOWN = Number(option("down", sized("3", "1")));
const RESTART = !process.argv.includes("--no-restart");
const BURST = process.argv.includes("--burst");
const UPLOAD_EVERY_MS = Number(option("upload-every", sized("15", "3"))) * 1000;
/** The run's start left out of the "warm" figures (the caches filling). */
const WARM_MS = sized(10_000, 2_000);
const uploadEveryMs: [number, number] = [UPLOAD_EVERY_MS * 0.5, UPLOAD_EVERY_MS * 1.5];

const visitors = Math.round(USERS * 0.6);
const readers = Math.round(USERS * 0.3);
const writers = USERS - visitors - readers;

const postgres = await startPrivatePostgres();
process.env.TEST_DATABASE_URL = postgres.url;
const secret = randomBytes(32).toString("hex");
process.env.AUTH_SECRET = secret;
// BENCH_NODE_OPTIONS reaches the app processes only (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile them).
const profile: Record<string, string> = process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {};
const cluster = await startCluster({ processes: 2, env: { AUTH_SECRET: secret, ...profile } });
try {
  process.env.DATABASE_URL = cluster.databaseUrl;
  const { getDb } = await import("../../db/client");
  const db = await getDb();

  const appPids = cluster.apps.map((a) => a.child.pid!).filter(Boolean);
  let cpuBefore = cpuSecondsByPart(appPids);
  const report = (title: string, load: LoadResult, verified: Awaited<ReturnType<typeof verifyWorld>>) => {
    const cpuAfter = cpuSecondsByPart(appPids);
    const api = summarize(load.answers.filter((a) => a.kind === "api" || a.kind === "write"));
    const uploads = summarize(load.answers.filter((a) => a.kind === "upload"));
    const pages = summarize(load.answers.filter((a) => a.kind === "page"));
    const all = summarize(load.answers);
    console.log(`\n${title}`);
    console.log(`  answers: ${all.count} (${(all.count / SECONDS).toFixed(0)}/s), succeeded ${all.ok}, 503 ${all.unavailable}, other failures ${all.failed} (5xx other than 503: ${all.serverErrors}), API answers without the envelope ${all.bare}`);
    console.log(`  API calls (reads, views, favourites): ${api.count}, p50 ${api.p50.toFixed(1)} ms, p99 ${api.p99.toFixed(1)} ms; pages: ${pages.count}, p50 ${pages.p50.toFixed(1)} ms, p99 ${pages.p99.toFixed(1)} ms`);
    console.log(`  chapter uploads (two 500 × 720 pages re-encoded with their variants): ${uploads.count}, p50 ${uploads.p50.toFixed(0)} ms, p99 ${uploads.p99.toFixed(0)} ms`);
    console.log(`  uploads acknowledged ${load.uploads.length}, views ${load.views.size}, favourite toggles (last states) ${load.favourites.size}`);
    for (const row of byLabel(load.answers)) console.log(`    ${row.label.padEnd(34)} ${String(row.count).padStart(6)}  p50 ${row.p50.toFixed(1).padStart(7)} ms  p99 ${row.p99.toFixed(1).padStart(7)} ms${row.label.startsWith("page") ? `  rendered (cache MISS) ${row.misses}` : ""}`);
    const apiAnswers = load.answers.filter((a) => a.kind === "api" || a.kind === "write");
    const slices = Array.from({ length: Math.ceil(SECONDS / 10) }, (_, i) => summarize(apiAnswers.filter((a) => a.at >= i * 10_000 && a.at < (i + 1) * 10_000)));
    console.log(`  API p99 by 10 s: ${slices.map((x) => `${x.p99.toFixed(0)} ms`).join(", ")}`);
    const warm = summarize(apiAnswers.filter((a) => a.at >= WARM_MS));
    console.log(`  API after the run's first ${WARM_MS / 1000} s: ${warm.count}, p50 ${warm.p50.toFixed(1)} ms, p99 ${warm.p99.toFixed(1)} ms`);
    console.log(`  CPU: ${cpuDelta(cpuBefore, cpuAfter, SECONDS)}`);
    console.log(`  database: favourites lost ${verified.lostFavourites}, counters wrong ${verified.wrongCounters}, views lost ${verified.lostViews} / extra ${verified.extraViews}, uploads lost ${verified.lostUploads}`);
  };

  console.log(`${USERS} users (${visitors} visitors, ${readers} readers, ${writers} writers), ${SECONDS} s, two processes behind nginx`);
  const steady = await prepareWorld(db, cluster.url, { readers, writers });
  cpuBefore = cpuSecondsByPart(appPids);
  const first = await runMixedLoad({ base: cluster.url, world: steady, seconds: SECONDS, visitors, uploadEveryMs, burst: BURST });
  report("steady load", first, await verifyWorld(db, steady, first));

  if (RESTART) {
    const world = await prepareWorld(db, cluster.url, { readers, writers });
    cpuBefore = cpuSecondsByPart(appPids);
    let downAt = 0;
    let upAt = 0;
    const load = await runMixedLoad({
      base: cluster.url,
      world,
      seconds: SECONDS,
      visitors,
      uploadEveryMs,
      burst: BURST,
      onSecond: async (s, elapsed) => {
        if (s !== RESTART_AT) return;
        downAt = elapsed();
        await postgres.stop("fast");
        await new Promise((r) => setTimeout(r, DOWN * 1000));
        await postgres.start();
        upAt = elapsed();
      },
    });
    const lastFailure = Math.max(0, ...load.answers.filter((a) => a.at > upAt && (a.status === 0 || a.status >= 500)).map((a) => a.at));
    const during = summarize(load.answers.filter((a) => a.at >= downAt && a.at <= upAt));
    report(`PostgreSQL stopped at ${(downAt / 1000).toFixed(1)} s, started again at ${(upAt / 1000).toFixed(1)} s`, load, await verifyWorld(db, world, load));
    console.log(`  while it was down: ${during.count} answers, ${during.ok} succeeded (cached pages), ${during.unavailable} were 503, other failures ${during.failed}`);
    console.log(`  recovery: every answer succeeded again ${lastFailure ? `${((lastFailure - upAt) / 1000).toFixed(2)} s` : "at once"} after PostgreSQL was back`);
  }
} finally {
  await cluster.stop();
  await postgres.destroy();
}
process.exit(0);
