/**
 * `npm run bench:pages` — the public pages from the page cache against the same pages rendered per request
 * (issue 18, item 1; server/http/page-cache.ts). Needs a production build (`npm run build`) and the local Postgres
 * (BENCH_PG_URL, default postgresql://postgres@127.0.0.1:5432/postgres); only its smoke size (--smoke) runs in the tests.
 *
 * 1. A scratch database with the demo content (dropped at the end).
 * 2. Two production servers on it: one with the page cache off (PAGE_CACHE=0, what every request cost before) and one
 *    with it on. For each of /, /ar, /discovery and a preview, autocannon (50 connections, gzip accepted like a
 *    browser, `--duration` s after a 2 s warm-up) drives the uncached server, then the cached one: requests/s, p50,
 *    p99, errors and non-2xx answers, and the ratio.
 * 3. A third, cached server on the same database: a favourite toggled through the first cached server, and the time
 *    until the other one's preview shows the new count (`--changes` times; the bus carries the change). A count shows
 *    at once after a quiet spell, and within COUNTER_REFRESH_MS (30 s) of the last refresh when the heart keeps being
 *    clicked (server/manga/changed.ts), so the first change measures the bus and each next one the counter window;
 *    the wait for each is bounded by that window plus CHANGE_MARGIN_MS.
 *
 * Options: --duration s (10) --connections n (50) --changes n (3) --smoke (scripts/bench/smoke.ts: 1 s, 5 connections,
 * 1 change: the bus alone, not the 30 s counter window)
 */
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { openScratchDatabase } from "../../db/scratch";
import { COUNTER_REFRESH_MS } from "../../lib/constants";
import { startApp, stopApp } from "./app";
import { sized } from "./smoke";
import { option, quantile } from "./timing";

const DURATION = Number(option("duration", sized("10", "1")));
const WARM_UP = sized(2, 1);
const CONNECTIONS = Number(option("connections", sized("50", "5")));
const CHANGES = Math.max(1, Number(option("changes", sized("3", "1"))));
/** How long past the counter window a change may take to show (the bus, a render of the preview on a busy machine). */
const CHANGE_MARGIN_MS = 15_000;
/** Between two looks at the other process's preview. */
const POLL_MS = 20;
const PG_URL = process.env.BENCH_PG_URL || "postgresql://postgres@127.0.0.1:5432/postgres";

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, duration: number): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers: { "accept-encoding": "gzip, deflate, br" } });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx };
}

/**
 * Milliseconds until `shown()` answers `expected`: asked again every POLL_MS until the counter window and a margin have
 * passed since the change (then it throws: the change never reached the other process).
 */
async function untilShown(shown: () => Promise<number>, expected: number): Promise<number> {
  const t0 = performance.now();
  const deadline = COUNTER_REFRESH_MS + CHANGE_MARGIN_MS;
  let last = await shown();
  while (last !== expected) {
    if (performance.now() - t0 > deadline) throw new Error(`the other process never showed the change: ${last} favourites after ${(deadline / 1000).toFixed(0)} s, expected ${expected}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
    last = await shown();
  }
  return performance.now() - t0;
}

// BENCH_DEMO_TEMPLATE: a database on the same server holding the demo content, copied instead of seeded (the seed below
// then finds its users and adds nothing; the smoke test seeds one for all the benchmarks).
const cleanup = await openScratchDatabase({ serverUrl: PG_URL, prefix: "bench_pages", template: process.env.BENCH_DEMO_TEMPLATE });
const databaseUrl = process.env.DATABASE_URL!;
const servers: Array<Awaited<ReturnType<typeof startApp>>> = [];
try {
  console.log("seeding the demo content…");
  const { getDb, closeDb } = await import("../../db/client");
  const { seedDemo } = await import("../seed/index");
  await seedDemo(await getDb(), { log: () => undefined });
  await closeDb();

  const secret = randomBytes(32).toString("hex");
  const uncached = await startApp(databaseUrl, { PAGE_CACHE: "0", AUTH_SECRET: secret });
  servers.push(uncached);
  const cached = await startApp(databaseUrl, { AUTH_SECRET: secret });
  servers.push(cached);
  const previewId = Number(/href="\/discovery\/manga\/(\d+)"/.exec(await (await fetch(`${cached.url}/discovery`)).text())?.[1]);
  const pages = ["/", "/ar", "/discovery", `/discovery/manga/${previewId}`];

  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, after a ${WARM_UP} s warm-up (gzip accepted)\n`);
  console.log("page                     | rendered per request          | page cache                      | ratio");
  console.log("-------------------------|-------------------------------|---------------------------------|------");
  for (const page of pages) {
    const row: Load[] = [];
    for (const server of [uncached, cached]) {
      await load(`${server.url}${page}`, WARM_UP);
      row.push(await load(`${server.url}${page}`, DURATION));
    }
    const [before, after] = row as [Load, Load];
    const cell = (l: Load) => `${l.rps.toFixed(0).padStart(6)} req/s p50 ${String(l.p50).padStart(4)} ms p99 ${String(l.p99).padStart(4)} ms${l.errors + l.non2xx ? ` (${l.errors} errors, ${l.non2xx} non-2xx)` : ""}`;
    console.log(`${page.padEnd(25)}| ${cell(before).padEnd(30)}| ${cell(after).padEnd(32)}| ${(after.rps / before.rps).toFixed(1)}×`);
  }

  // A change through one process, seen on another's cached preview.
  const other = await startApp(databaseUrl, { AUTH_SECRET: secret });
  servers.push(other);
  const login = await fetch(`${cached.url}/api/Authentication/Login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "reader", password: "Reader#Demo2025" }) });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const shown = async () => Number(/data-testid="favorite-count">([\d,]+)</.exec(await (await fetch(`${other.url}/discovery/manga/${previewId}`)).text())?.[1]?.replace(/,/g, ""));
  const delays: number[] = [];
  for (let i = 0; i < CHANGES; i++) {
    const before = await shown(); // in the other process's cache
    const toggled = await fetch(`${cached.url}/api/manga/ToggleFavorite`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify({ mangaId: previewId }) });
    const favorites = ((await toggled.json()) as { data?: { favorites?: number } }).data?.favorites;
    if (!toggled.ok || favorites === undefined || favorites === before) throw new Error(`ToggleFavorite answered ${toggled.status} with ${favorites} favourites (the preview showed ${before})`);
    delays.push(await untilShown(shown, favorites));
  }
  const [first, ...next] = delays;
  next.sort((a, b) => a - b);
  console.log(`\na favourite through one process, on another's public preview (${CHANGES} changes, one after another):`);
  console.log(`  after a quiet spell: ${first!.toFixed(0)} ms`);
  if (next.length) console.log(`  the next ones (the ${COUNTER_REFRESH_MS / 1000} s counter window): p50 ${quantile(next, 0.5).toFixed(0)} ms, max ${next.at(-1)!.toFixed(0)} ms`);
} finally {
  for (const server of servers) await stopApp(server.proc);
  await cleanup();
}
