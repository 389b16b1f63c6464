/**
 * `npm run bench:media` — `/media/{id}` throughput (issue 19, item 11): what the premium check costs free images.
 *
 * On a scratch Postgres database (BENCH_PG_URL, default the local server; dropped at the end) holding 200 chapters of
 * 100 pages (half of them premium, 80,000 page images) plus a free chapter's page, a premium chapter's page and a
 * cover, all real JPEGs (a 700 px reading variant of ~70 kB, a 600 × 900 cover), the production server (needs
 * `npm run build`) is driven with autocannon (`--connections` 20, `--duration` 10 s after a 3 s warm-up) on:
 *   - a free chapter's page image, a 4-byte one (the per-request cost alone) and a real one (the premium subquery
 *     runs for both: they are pages);
 *   - a cover's `?w=320` copy (no subquery: covers are never premium-only);
 *   - the premium page by its signed URL (no subquery) and by its plain URL (403).
 * Before that, the image query itself with and without the premium subquery on one connection (µs per query).
 * `--compare DIR`: a second checkout with its own build (e.g. the commit before) runs on the same database and the
 * two servers take turns (`--rounds` 3, medians), so both see the same machine load.
 * `--smoke` (scripts/bench/smoke.ts): 20 filler chapters, 1 s per target after a 1 s warm-up, 5 connections, 1 round,
 * the query timed 3 × 20 times.
 */
import autocannon from "autocannon";
import pg from "pg";
import { randomBytes } from "node:crypto";
import { openScratchDatabase } from "../../db/scratch";
import { photo } from "../../tests/fixtures/images";
import { startApp, stopApp } from "./app";
import { sized } from "./smoke";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const COMPARE = option("compare", "");
const CONNECTIONS = Number(option("connections", sized("20", "5")));
const DURATION = Number(option("duration", sized("10", "1")));
const WARM_UP = sized(2, 1);
const ROUNDS = Number(option("rounds", sized("3", "1")));
/** Filler chapters of 100 pages (four small media rows each), every other one premium. */
const FILLER = sized(200, 20);
/** The image query's timing: medians of QUERY_SETS sets of QUERY_RUNS queries. */
const [QUERY_SETS, QUERY_RUNS] = sized([5, 500], [3, 20]);
const PG_URL = process.env.BENCH_PG_URL || "postgresql://postgres@127.0.0.1:5432/postgres";

process.env.AUTH_SECRET ||= randomBytes(32).toString("hex");
const cleanup = await openScratchDatabase({ serverUrl: PG_URL, prefix: "bench_media" });
const dbUrl = process.env.DATABASE_URL!;
const apps: Array<{ name: string; url: string; proc: Awaited<ReturnType<typeof startApp>>["proc"] }> = [];
try {
  // The compared checkout first: it migrates the empty database with its migrations, this one adds its own after.
  if (COMPARE) apps.push({ name: "compare", ...(await startApp(dbUrl, {}, COMPARE)) });
  apps.push({ name: "this", ...(await startApp(dbUrl)) });

  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const ids = await fill(client);
  await queryCost(client, ids.tiny);
  await client.end();

  const { signedMediaUrl, mediaUrlExpiry } = await import("../../server/media/signed-url");
  const signed = signedMediaUrl(ids.premium, { userId: ids.userId, exp: mediaUrlExpiry() });
  const targets: Array<{ label: string; path: string; status: number; only?: string }> = [
    { label: "free page, 4 B", path: `/media/${ids.tiny}`, status: 200 },
    { label: "free page, 700 px JPEG", path: `/media/${ids.free}`, status: 200 },
    { label: "cover ?w=320 (WebP)", path: `/media/${ids.cover}?w=320`, status: 200 },
    { label: "premium page, signed", path: signed, status: 200, only: "this" },
    { label: "premium page, plain (403)", path: `/media/${ids.premium}`, status: 403, only: "this" },
  ];
  // First requests make the ?w= copy and warm both servers.
  for (const app of apps) for (const t of targets) await fetch(app.url + t.path);

  const results = new Map<string, Array<{ rps: number; p50: number; p99: number; bad: number }>>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const t of targets) {
      for (const app of round % 2 === 0 ? apps : [...apps].reverse()) {
        if (t.only && t.only !== app.name) continue;
        const res = await fetch(app.url + t.path);
        if (res.status !== t.status) throw new Error(`${app.name} ${t.path}: ${res.status}, expected ${t.status}`);
        await autocannon({ url: app.url + t.path, connections: CONNECTIONS, duration: WARM_UP });
        const r = await autocannon({ url: app.url + t.path, connections: CONNECTIONS, duration: DURATION });
        const bad = r.errors + r.timeouts + (t.status === 200 ? r.non2xx : r.requests.total - (r.statusCodeStats?.[String(t.status) as "403"]?.count ?? 0));
        const key = `${t.label}|${app.name}`;
        results.set(key, [...(results.get(key) ?? []), { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad }]);
      }
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1] ?? NaN;
  console.log(`\n/media throughput, ${CONNECTIONS} connections, ${DURATION} s × ${ROUNDS} rounds (medians)`);
  for (const t of targets) {
    const line = apps
      .filter((a) => !t.only || t.only === a.name)
      .map((a) => {
        const runs = results.get(`${t.label}|${a.name}`) ?? [];
        const bad = runs.reduce((n, r) => n + r.bad, 0);
        return `${a.name}: ${median(runs.map((r) => r.rps)).toFixed(0)} req/s, p50 ${median(runs.map((r) => r.p50))} ms, p99 ${median(runs.map((r) => r.p99))} ms${bad ? `, ${bad} unexpected` : ""}`;
      });
    const both = apps.length === 2 && !t.only ? results : null;
    const ratio = both ? median((both.get(`${t.label}|this`) ?? []).map((r) => r.rps)) / median((both.get(`${t.label}|compare`) ?? []).map((r) => r.rps)) : null;
    console.log(`  ${t.label.padEnd(28)} ${line.join("   ")}${ratio ? `   this/compare ${ratio.toFixed(3)}` : ""}`);
  }
} finally {
  for (const app of apps) await stopApp(app.proc);
  await cleanup();
}

/** The bench's data; returns the ids the targets use. */
/** The image query with and without the premium subquery, timed alone on one connection (µs per query, medians of QUERY_SETS × QUERY_RUNS). */
async function queryCost(client: pg.Client, id: string): Promise<void> {
  const { premiumOnlyMedia } = await import("../../server/media/premium-media");
  const { PgDialect } = await import("drizzle-orm/pg-core");
  const check = new PgDialect().sqlToQuery(premiumOnlyMedia(`"media"."id"`, `"media"."kind"`)).sql;
  const plain = "select id, mime, size, bytes from media where id = $1 limit 1";
  const withCheck = `select id, mime, size, bytes, ${check} as premium_only from media where id = $1 limit 1`;
  // Named: parsed and planned once per connection; unnamed: planned on every call (what drizzle sends by default).
  const time = async (text: string, named: boolean) => {
    const runs: number[] = [];
    for (let r = 0; r < QUERY_SETS; r++) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < QUERY_RUNS; i++) await client.query(named ? { name: text === plain ? "plain" : "check", text, values: [id] } : { text, values: [id] });
      runs.push(Number(process.hrtime.bigint() - start) / QUERY_RUNS / 1000);
    }
    return runs.sort((a, b) => a - b)[QUERY_SETS >> 1]!;
  };
  for (const named of [true, false]) {
    await time(plain, named);
    await time(withCheck, named);
    const [a, b] = [await time(plain, named), await time(withCheck, named)];
    console.log(`[bench] a free page's image query (${named ? "prepared" : "planned per call"}), one connection: ${a.toFixed(0)} µs plain, ${b.toFixed(0)} µs with the premium check (+${(b - a).toFixed(0)} µs)`);
  }
  if (args.includes("--explain")) {
    const plan = await client.query(`explain (analyze, costs off) ${withCheck.replace("$1", `'${id}'`)}`);
    console.log(plan.rows.map((r: Record<string, string>) => `  ${Object.values(r)[0]}`).join("\n"));
  }
  if (args.includes("--query-only")) process.exit(0);
}

async function fill(client: pg.Client): Promise<{ free: string; premium: string; cover: string; tiny: string; userId: number }> {
  const { createHash } = await import("node:crypto");
  const jpeg = async (width: number, height: number, colour: [number, number, number]) => photo({ width, height, colour, grain: 18, blur: 0.6, quality: 80 });
  const images = { free: await jpeg(700, 1000, [90, 110, 150]), premium: await jpeg(700, 1000, [150, 110, 90]), cover: await jpeg(600, 900, [60, 160, 90]) };
  const idOf = (b: Buffer) => createHash("sha256").update(b).digest("hex");
  const put = (b: Buffer, kind: number, w: number, h: number) =>
    client.query("insert into media (id, mime, width, height, size, kind, bytes) values ($1, 'image/jpeg', $2, $3, $4, $5, $6) on conflict do nothing", [idOf(b), w, h, b.byteLength, kind, b]);
  await put(images.free, 3, 700, 1000);
  await put(images.premium, 3, 700, 1000);
  await put(images.cover, 1, 600, 900);
  const user = await client.query<{ id: number }>("insert into users (username, email, full_name, role) values ('bench_reader', 'bench@example.com', 'Bench', 0) returning id");
  const m = await client.query<{ id: number }>("insert into manga (title, status, cover_image_id) values ('Bench', 1, $1) returning id", [idOf(images.cover)]);
  const mangaId = m.rows[0]!.id;
  // FILLER chapters of 100 pages, every other one premium, each page with four small media rows of its own.
  await client.query(`insert into chapters (manga_id, title, number, status, is_premium, page_count)
    select $1, 'Filler ' || n, n, 1, n % 2 = 0, 100 from generate_series(1, ${FILLER}) n`, [mangaId]);
  await client.query(`insert into media (id, mime, width, height, size, kind, bytes)
    select encode(sha256(('filler' || n)::bytea), 'hex'), 'image/jpeg', 10, 10, 4, 3, '\\xffd8ffd9'::bytea from generate_series(1, ${FILLER * 400}) n`);
  await client.query(`insert into chapter_pages (chapter_id, page_number, image_id, image350_id, image500_id, image700_id, width, height)
    select c.id, p, encode(sha256(('filler' || ((c.number - 1) * 400 + (p - 1) * 4 + 1))::bytea), 'hex'),
      encode(sha256(('filler' || ((c.number - 1) * 400 + (p - 1) * 4 + 2))::bytea), 'hex'),
      encode(sha256(('filler' || ((c.number - 1) * 400 + (p - 1) * 4 + 3))::bytea), 'hex'),
      encode(sha256(('filler' || ((c.number - 1) * 400 + (p - 1) * 4 + 4))::bytea), 'hex'), 700, 1000
    from chapters c, generate_series(1, 100) p where c.manga_id = $1`, [mangaId]);
  const chapter = async (number: number, premium: boolean, image: Buffer) => {
    const c = await client.query<{ id: number }>("insert into chapters (manga_id, title, number, status, is_premium, page_count) values ($1, $2, $3, 1, $4, 1) returning id", [mangaId, `Chapter ${number}`, number, premium]);
    await client.query("insert into chapter_pages (chapter_id, page_number, image_id, image700_id, width, height) values ($1, 1, $2, $2, 700, 1000)", [c.rows[0]!.id, idOf(image)]);
  };
  await chapter(FILLER + 1, false, images.free);
  await chapter(FILLER + 2, true, images.premium);
  await client.query("analyze");
  console.log(`[bench] page ${(images.free.byteLength / 1024).toFixed(0)} kB, cover ${(images.cover.byteLength / 1024).toFixed(0)} kB; ${FILLER} filler chapters, ${(FILLER * 100).toLocaleString("en")} pages`);
  // Filler chapter 1 is free: its first page image (4 bytes) measures the per-request cost alone.
  const tiny = await client.query<{ id: string }>("select encode(sha256('filler1'::bytea), 'hex') as id");
  return { free: idOf(images.free), premium: idOf(images.premium), cover: idOf(images.cover), tiny: tiny.rows[0]!.id, userId: user.rows[0]!.id };
}
