/**
 * `npm run bench:upload` — a large PDF chapter upload against the running production server (issue 13's targets),
 * only its smoke size (--smoke) runs in the tests. On a scratch Postgres database (BENCH_PG_URL) with 1,000 generated manga:
 *   1. the catalogue API (`PaginatedManga`, the discovery mix, imageFormat=url) is driven idle for --duration s;
 *   2. the demo writer's 120-page, ~50 MB PDF (scripts/bench-pdf.ts builds and caches it) is uploaded through
 *      POST /api/chapter/SubmitChapter; the request's time is reported (it answers before rendering);
 *   3. while the server renders it in the background, the same catalogue load runs again;
 *   4. the server process's peak RSS (VmHWM, worker threads included) and the p99s idle and busy are printed.
 * Targets: peak RSS ≤ 1024 MB; catalogue p99 while processing ≤ 2× idle p99.
 * Needs a production build in .next (`npm run build`). Options: --duration s (10) --connections n (10) --pages n (120)
 * --smoke (scripts/bench/smoke.ts: 100 manga, a 2-page PDF of ~2 MB, 1 s of load, 2 connections)
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { signAccessToken } from "../../server/auth/access-token";
import { startApp, stopApp } from "./app";
import { createBenchDb, fillBenchDb } from "./generate";
import { apiPath, MIX } from "./mix";
import { sized } from "./smoke";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DURATION = Number(option("duration", sized("10", "1")));
const CONNECTIONS = Number(option("connections", sized("10", "2")));
const PAGES = Number(option("pages", sized("120", "2")));
/** The PDF's size (scripts/bench-pdf.ts fills the pages up to it). */
const TARGET_MB = sized(48, 2);
const MANGA = sized(1000, 100);
const PG_URL = process.env.BENCH_PG_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
const AUTH_SECRET = process.env.AUTH_SECRET || "bench-upload-secret-bench-upload-secret-0123";
process.env.AUTH_SECRET = AUTH_SECRET;

function benchPdf(): string {
  const file = path.join(os.tmpdir(), `manga-bench-${PAGES}p-${TARGET_MB * 1024}k.pdf`);
  if (!fs.existsSync(file)) {
    const built = spawnSync(process.execPath, ["--import", "tsx", "scripts/bench-pdf.ts", "--pages", String(PAGES), "--target-mb", String(TARGET_MB), "--modes", "none"], { stdio: "inherit" });
    if (built.status !== 0 || !fs.existsSync(file)) throw new Error("could not build the benchmark PDF");
  }
  return file;
}

function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function load(url: string): Promise<{ p50: number; p99: number; rps: number; errors: number }> {
  const requests = MIX.map((m) => ({ method: "GET" as const, path: apiPath(m.term, m.sortBy) }));
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, requests });
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, errors: result.errors + result.non2xx };
}

async function main(): Promise<void> {
  const pdfFile = benchPdf();
  const pdf = fs.readFileSync(pdfFile);
  const db = await createBenchDb(PG_URL, MANGA);
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  try {
    await fillBenchDb(db.url, MANGA);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const writer = await client.query<{ id: number }>(
      "insert into users (username, email, full_name, role) values ('upload_writer', 'upload_writer@bench.test', 'Upload Writer', 1) returning id",
    );
    const writerId = Number(writer.rows[0]!.id);
    const manga = await client.query<{ id: number }>("insert into manga (title, author_id, status) values ('Upload bench', $1, 1) returning id", [writerId]);
    const mangaId = Number(manga.rows[0]!.id);

    app = await startApp(db.url);
    const pid = app.proc.pid!;
    await load(app.url); // warm-up
    const idle = await load(app.url);
    const rssBeforeUpload = peakRssMb(pid);

    const { token } = await signAccessToken({ userId: writerId, role: 1 });
    const form = new FormData();
    form.set("mangaId", String(mangaId));
    form.set("title", "Bench chapter");
    form.set("pdf", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), "chapter.pdf");
    const started = performance.now();
    const res = await fetch(`${app.url}/api/chapter/SubmitChapter`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
    const answered = (performance.now() - started) / 1000;
    const body = (await res.json()) as { data?: { id?: number } };
    if (!res.ok || !body.data?.id) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    const chapterId = body.data.id;

    const busy = await load(app.url);
    let processing = true;
    let pageCount = 0;
    while (processing) {
      const row = await client.query<{ processing: number; page_count: number }>("select processing, page_count from chapters where id = $1", [chapterId]);
      processing = Number(row.rows[0]?.processing) === 1;
      pageCount = Number(row.rows[0]?.page_count ?? 0);
      if (processing) await new Promise((r) => setTimeout(r, 1000));
    }
    const done = (performance.now() - started) / 1000;
    const storedPages = await client.query<{ n: string }>("select count(*) as n from chapter_pages where chapter_id = $1", [chapterId]);
    await client.end();
    const peak = peakRssMb(pid);

    console.log(`PDF ${(pdf.byteLength / (1024 * 1024)).toFixed(1)} MB, ${PAGES} pages; ${os.availableParallelism()} cores; load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
    console.log(`upload answered in ${answered.toFixed(2)} s; pages ready after ${done.toFixed(1)} s (${storedPages.rows[0]?.n} of ${pageCount} pages stored)`);
    console.log(`catalogue API (${CONNECTIONS} connections, ${DURATION} s): idle p50 ${idle.p50} ms p99 ${idle.p99} ms ${idle.rps.toFixed(0)} req/s; ` +
      `while processing p50 ${busy.p50} ms p99 ${busy.p99} ms ${busy.rps.toFixed(0)} req/s; p99 ratio ${(busy.p99 / Math.max(1, idle.p99)).toFixed(2)}; errors ${idle.errors}/${busy.errors}`);
    console.log(`server peak RSS: ${rssBeforeUpload.toFixed(0)} MB before the upload, ${peak.toFixed(0)} MB overall (target ≤ 1024 MB)`);
  } finally {
    if (app) await stopApp(app.proc);
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
