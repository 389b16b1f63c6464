/**
 * `npm run bench:gc` — the media collector at 1,000,000 media rows of which 100,000 are unreferenced (issue 33,
 * item 4; docs/decisions/026): its total time and its batches' times, and the site's p99 on an API read under light
 * load before and during the collection.
 *
 * On a scratch Postgres database (BENCH_PG_URL, default the local server; dropped at the end) the production server
 * (needs `npm run build`) is started (it migrates the database; its own collector is off: MEDIA_COLLECTOR=off), then
 * the media are made with generate_series, never through the API: 4-byte rows, all older than the grace period,
 * their creation times shuffled so the unreferenced ones are spread among the others. The referenced ones are what a
 * site holds: chapter pages (four images each), manga covers (one in five with a banner), users' avatars, and AVIF
 * copies (media_variants) of one page image in ten. Then:
 *   1. `GET /api/manga/PaginatedManga?page=1&pageSize=20` is driven with autocannon (`--connections` 2: light load)
 *      for `--duration` s: the "before" figures;
 *   2. the same load runs while this process runs the collector (collectMedia, server/media/collect-media.ts, its
 *      production batch size and the pool's statement timeout) to the end: its time, its batches (p50, p99, max) and
 *      the load's figures "during";
 *   3. what is left is checked: every referenced row still there, no unreferenced one left.
 *
 * Options: --media n (1000000) --unreferenced n (100000) --connections n (2) --duration s (10)
 * --explain (the candidate query's plan before the collection) --no-load (the collector alone: no server, no load)
 * --without-gc-indexes (migration 0025's indexes dropped first: what it changed) --keep (leave the database; prints its URL)
 * --smoke (scripts/bench/smoke.ts: 4,000 media, 400 unreferenced, 1 s of load)
 */
import autocannon from "autocannon";
import pg from "pg";
import { sql } from "drizzle-orm";
import { performance } from "node:perf_hooks";
import { randomBytes } from "node:crypto";
import { openScratchDatabase } from "../../db/scratch";
import { startApp, stopApp } from "./app";
import { sized } from "./smoke";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const MEDIA = Number(option("media", sized("1000000", "4000")));
const UNREFERENCED = Number(option("unreferenced", sized("100000", "400")));
const CONNECTIONS = Number(option("connections", "2"));
const DURATION = Number(option("duration", sized("10", "1")));
const KEEP = args.includes("--keep");
/** Only the collector, without the server and its load (comparing plans or indexes quickly). */
const NO_LOAD = args.includes("--no-load");
const PG_URL = process.env.BENCH_PG_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
const PATH = "/api/manga/PaginatedManga?page=1&pageSize=20";
if (!(MEDIA > 0 && UNREFERENCED >= 0 && UNREFERENCED < MEDIA)) throw new Error("--unreferenced must be below --media");

process.env.AUTH_SECRET ||= randomBytes(32).toString("hex");
const sqlCount = sql`select count(*)::int as n from media`;
const fmt = (n: number) => n.toLocaleString("en");
const seconds = (ms: number) => (ms / 1000).toFixed(1);

async function main() {
  const drop = await openScratchDatabase({ serverUrl: PG_URL, prefix: "bench_gc" });
  const dbUrl = process.env.DATABASE_URL!;
  const { getDb, closeDb } = await import("../../db/client");
  const { collectMedia } = await import("../../server/media/collect-media");
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  try {
    // Opening the database migrates it (the server then finds it up to date).
    const db = await getDb();
    // Started on the empty database (quick), the media made after; its own collector would race this one.
    if (!NO_LOAD) app = await startApp(dbUrl, { MEDIA_COLLECTOR: "off" });
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      const t0 = performance.now();
      const counts = await fill(client);
      console.log(
        `[bench] ${fmt(MEDIA)} media (${fmt(UNREFERENCED)} unreferenced): ${fmt(counts.pages)} pages in ${fmt(counts.chapters)} chapters, ${fmt(counts.manga)} manga, ` +
          `${fmt(counts.avatars)} avatars, ${fmt(counts.variants)} copies; made in ${seconds(performance.now() - t0)} s`,
      );
      // What the collector cost before migration 0025 (a comparison: its four indexes dropped).
      if (args.includes("--without-gc-indexes"))
        for (const name of ["media_variants_media_id_index", "users_profile_image_id_index", "manga_cover_image_id_index", "manga_banner_image_id_index"]) await client.query(`drop index ${name}`);
      if (args.includes("--explain")) await explain(client);
    } finally {
      await client.end();
    }

    let before: autocannon.Result | undefined;
    let load: autocannon.Instance | undefined;
    let during: Promise<autocannon.Result> | undefined;
    const url = () => app!.url + PATH;
    if (!NO_LOAD) {
      const first = await fetch(url());
      if (!first.ok) throw new Error(`${PATH}: ${first.status}`);
      await autocannon({ url: url(), connections: CONNECTIONS, duration: 1 });
      before = await autocannon({ url: url(), connections: CONNECTIONS, duration: DURATION });
      // Until the collection ends (stopped below).
      during = new Promise<autocannon.Result>((resolve, reject) => {
        load = autocannon({ url: url(), connections: CONNECTIONS, duration: 24 * 3600 }, (err, result) => (err ? reject(err) : resolve(result)));
      });
    }

    const batches: number[] = [];
    const t0 = performance.now();
    const result = await collectMedia(db, { onBatch: (b) => batches.push(b.ms) });
    const totalMs = performance.now() - t0;
    load?.stop();
    const loaded = await during;
    const [{ n: left } = { n: 0 }] = (await db.execute<{ n: number }>(sqlCount)).rows;
    await closeDb();

    const sorted = [...batches].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    console.log(`\nmedia collector: ${fmt(MEDIA)} media, ${fmt(UNREFERENCED)} unreferenced`);
    console.log(`  collected ${fmt(result.deleted)} images in ${seconds(totalMs)} s: ${batches.length} batches, p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms; ${fmt(result.skipped)} skipped`);
    console.log(`  left: ${fmt(Number(left))} media (expected ${fmt(MEDIA - UNREFERENCED)})`);
    const line = (label: string, r: autocannon.Result) =>
      `  ${label.padEnd(7)} ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms${r.errors + r.non2xx ? `, ${r.errors + r.non2xx} failed` : ""}`;
    if (before && loaded) {
      console.log(`PaginatedManga (page 1, 20 items), ${CONNECTIONS} connections:`);
      console.log(line("before", before));
      console.log(line("during", loaded));
    }
    if (result.deleted !== UNREFERENCED || Number(left) !== MEDIA - UNREFERENCED) {
      console.error(`[bench] expected ${fmt(UNREFERENCED)} collected and ${fmt(MEDIA - UNREFERENCED)} left`);
      process.exitCode = 1;
    }
  } finally {
    if (app) await stopApp(app.proc);
    await closeDb().catch(() => undefined);
    if (KEEP) console.log(`[bench] kept ${dbUrl}`);
    else await drop();
  }
}

interface Counts {
  manga: number;
  chapters: number;
  pages: number;
  avatars: number;
  variants: number;
}

/**
 * Media n (1…MEDIA) has the id sha256('gc' || n): 1…referenced are referred to, the rest are not. In that range, in
 * order: covers (one manga each, 2 %), banners (of the first fifth of the manga), AVIF copies (10 %, of the first page
 * images), avatars (2 % plus what the pages leave over) and the pages' four images each.
 */
async function fill(client: pg.Client): Promise<Counts> {
  const referenced = MEDIA - UNREFERENCED;
  const manga = Math.max(1, Math.floor(referenced / 50));
  const banners = Math.floor(manga / 5);
  const variants = Math.floor(referenced / 10);
  const pages = Math.max(1, Math.floor((referenced - manga - banners - variants - Math.floor(referenced / 50)) / 4));
  const avatars = referenced - manga - banners - variants - pages * 4;
  if (avatars < 0 || variants > pages) throw new Error(`--media ${MEDIA} is too small for --unreferenced ${UNREFERENCED}`);
  const chapters = Math.max(1, Math.ceil(pages / 40));
  const id = (n: string) => `encode(sha256(('gc' || (${n}))::bytea), 'hex')`;
  const bannerFrom = manga;
  const variantFrom = manga + banners;
  const avatarFrom = variantFrom + variants;
  const pageFrom = avatarFrom + avatars;
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  await q("set statement_timeout = 0");
  await q("set synchronous_commit = off");
  // All past the grace period; creation times a permutation of the numbers (7919 is prime), a second apart.
  await q(
    `insert into media (id, mime, width, height, size, kind, bytes, created_at)
     select ${id("n")}, 'image/jpeg', 10, 10, 4, 3, '\\xffd8ffd9'::bytea, now() - interval '2 days' - ((n::bigint * 7919) % $1) * interval '1 second'
     from generate_series(1, $1::int) n`,
    [MEDIA],
  );
  await q(
    `insert into manga (title, status, cover_image_id, banner_image_id, chapter_count)
     select 'GC ' || n, 1, ${id("n")}, case when n <= $2 then ${id(`${bannerFrom} + n`)} end, 1 from generate_series(1, $1::int) n`,
    [manga, banners],
  );
  await q(
    `insert into users (username, email, full_name, role, profile_image_id)
     select 'gc' || n, 'gc' || n || '@example.com', 'GC ' || n, 0, ${id(`${avatarFrom} + n`)} from generate_series(1, $1::int) n`,
    [avatars],
  );
  await q(
    `insert into chapters (manga_id, title, number, status, page_count)
     select m.id, 'Chapter ' || n, n, 1, 40 from generate_series(1, $1::int) n join manga m on m.title = 'GC ' || (1 + (n - 1) % $2)`,
    [chapters, manga],
  );
  await q(
    `insert into chapter_pages (chapter_id, page_number, image_id, image350_id, image500_id, image700_id, width, height)
     select c.id, 1 + (p - 1) % 40, ${id(`${pageFrom} + (p - 1) * 4 + 1`)}, ${id(`${pageFrom} + (p - 1) * 4 + 2`)},
       ${id(`${pageFrom} + (p - 1) * 4 + 3`)}, ${id(`${pageFrom} + (p - 1) * 4 + 4`)}, 700, 1000
     from generate_series(1, $1::int) p join chapters c on c.title = 'Chapter ' || (1 + (p - 1) / 40)`,
    [pages],
  );
  await q(
    `insert into media_variants (source_id, width, format, media_id)
     select ${id(`${pageFrom} + (k - 1) * 4 + 1`)}, 700, 'avif', ${id(`${variantFrom} + k`)} from generate_series(1, $1::int) k`,
    [variants],
  );
  await q("vacuum analyze");
  return { manga, chapters, pages, avatars, variants };
}

/** The collector's candidate query as it runs, with its plan (EXPLAIN ANALYZE). */
async function explain(client: pg.Client): Promise<void> {
  const { candidatesQuery } = await import("../../server/media/collect-media");
  const { PgDialect } = await import("drizzle-orm/pg-core");
  const { sql: text, params } = new PgDialect().sqlToQuery(candidatesQuery(new Date(Date.now() - 24 * 3600 * 1000), 500));
  const plan = await client.query(`explain (analyze, costs off, timing off) ${text}`, params);
  console.log(plan.rows.map((r: Record<string, string>) => `  ${Object.values(r)[0]}`).join("\n"));
  // The batch's delete of those candidates (rolled back), with the foreign keys' checks and the copies' cascade.
  const { unreferenced } = await import("../../server/media/collect-media");
  const ids = (await client.query<{ id: string }>(text, params)).rows.map((r) => r.id);
  const del = new PgDialect().sqlToQuery(sql`delete from media m where m.id = any(${sql.raw(`array[${ids.map((id) => `'${id}'`).join(", ")}]::text[]`)}) and ${unreferenced("m")}`);
  await client.query("begin");
  try {
    const plan = await client.query(`explain (analyze, costs off, timing off) ${del.sql}`, del.params);
    console.log(plan.rows.map((r: Record<string, string>) => `  ${Object.values(r)[0]}`).join("\n"));
  } finally {
    await client.query("rollback");
  }
}

await main();
