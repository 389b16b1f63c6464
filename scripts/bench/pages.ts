/**
 * `npm run bench:pages` — the public pages from the page cache against the same pages rendered per request
 * (issue 18, item 1; server/http/page-cache.ts). Needs a production build (`npm run build`) and the local Postgres
 * (BENCH_PG_URL, default postgresql://postgres@127.0.0.1:5432/postgres); not run by tests.
 *
 * 1. A scratch database with the demo content (dropped at the end).
 * 2. Two production servers on it: one with the page cache off (PAGE_CACHE=0, what every request cost before) and one
 *    with it on. For each of /, /ar, /discovery and a preview, autocannon (50 connections, gzip accepted like a
 *    browser, `--duration` s after a 2 s warm-up) drives the uncached server, then the cached one: requests/s, p50,
 *    p99, errors and non-2xx answers, and the ratio.
 * 3. A third, cached server on the same database: a favourite toggled through the first cached server, and the time
 *    until the other one's preview shows the new count (`--changes` times; the bus carries the change).
 *
 * Options: --duration s (10) --connections n (50) --changes n (10)
 */
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { openScratchDatabase } from "../../db/scratch";
import { startApp, stopApp } from "./app";
import { option, quantile } from "./timing";

const DURATION = Number(option("duration", "10"));
const CONNECTIONS = Number(option("connections", "50"));
const CHANGES = Number(option("changes", "10"));
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

const cleanup = await openScratchDatabase({ serverUrl: PG_URL, prefix: "bench_pages" });
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

  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, after a 2 s warm-up (gzip accepted)\n`);
  console.log("page                     | rendered per request          | page cache                      | ratio");
  console.log("-------------------------|-------------------------------|---------------------------------|------");
  for (const page of pages) {
    const row: Load[] = [];
    for (const server of [uncached, cached]) {
      await load(`${server.url}${page}`, 2);
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
    await shown(); // in the other process's cache
    const toggled = await fetch(`${cached.url}/api/manga/ToggleFavorite`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify({ mangaId: previewId }) });
    const favorites = ((await toggled.json()) as { data: { favorites: number } }).data.favorites;
    const t0 = performance.now();
    while ((await shown()) !== favorites) {
      if (performance.now() - t0 > 10_000) throw new Error("the other process never showed the change");
    }
    delays.push(performance.now() - t0);
  }
  delays.sort((a, b) => a - b);
  console.log(`\na favourite through one process, on another's public preview: p50 ${quantile(delays, 0.5).toFixed(0)} ms, max ${delays.at(-1)!.toFixed(0)} ms (${CHANGES} changes)`);
} finally {
  for (const server of servers) await stopApp(server.proc);
  await cleanup();
}
