/**
 * `npm run bench:analytics` — creator analytics (issue 16 §4: "fast at 10M views") on a scratch Postgres database
 * (BENCH_PG_URL, default the local server), dropped at the end; only its smoke size (--smoke) runs in the tests. Modelled on `bench:overview`.
 *
 * Seeds, each one statement made by the database itself (generate_series): 200,000 users, 3,000 manga with 7 chapters
 * each plus one large manga ("Big", 60 chapters of 40 pages); 10,000,000 views as the counters RecordView keeps
 * (daily_views per manga per day over a year, the manga's and chapters' views), "Big" holding 2,000,000 of them;
 * 1,000,000 reading_progress rows (600,000 on "Big": 10,000 readers per chapter, a third of them finished, the others
 * stopped at a page skewed towards the chapter's start); 500,000 favourites over a year (100,000 on "Big").
 * Then prints EXPLAIN (ANALYZE) of each query of the use case on "Big" (a seq scan of a big table fails the run) and
 * times `getCreatorAnalytics` after two warm-ups: "Big" over 30 and 90 days, and an ordinary manga: p50 / p95 / max.
 *
 * Options: --runs n (20) --views n (10000000) --progress n (1000000) --keep (leave the database; prints its URL)
 * --smoke (scripts/bench/smoke.ts: 2,000 users, 20 manga, 100,000 views, 6,000 progress rows, 2,000 favourites, 1 run;
 * a sequential scan is printed but does not fail the run: at that size the planner rightly prefers one)
 */
import { performance } from "node:perf_hooks";
import { fmt, measure as measureRuns, option, time } from "./timing";
import pg from "pg";
import { openScratchDatabase } from "../../db/scratch";
import { SMOKE, sized } from "./smoke";

const args = process.argv.slice(2);
const RUNS = Number(option("runs", sized("20", "1")));
const measure = (label: string, fn: () => Promise<unknown>) => measureRuns(label, fn, RUNS);
const VIEWS = Number(option("views", sized("10000000", "100000")));
const PROGRESS = Number(option("progress", sized("1000000", "6000")));
const USERS = sized(200_000, 2000);
const MANGA = sized(3000, 20);
const CHAPTERS_PER_MANGA = 7;
const BIG_CHAPTERS = 60;
const BIG_PAGES = 40;
const BIG_READERS = Math.round((PROGRESS * 0.6) / BIG_CHAPTERS); // per chapter
const BIG_VIEWS = Math.round(VIEWS * 0.2);
const FAVORITES = sized(500_000, 2000);
const BIG_FAVORITES = sized(100_000, 500);
const DAYS = 365;
const KEEP = args.includes("--keep");
const PG_URL = process.env.BENCH_PG_URL || "postgresql://postgres@127.0.0.1:5432/postgres";




async function seed(client: pg.Client): Promise<{ big: number; small: number; author: number }> {
  const q = (text: string) => client.query(text);
  console.log(`seeding ${USERS.toLocaleString("en")} users, ${MANGA + 1} manga, ${VIEWS.toLocaleString("en")} views, ${PROGRESS.toLocaleString("en")} progress rows, ${FAVORITES.toLocaleString("en")} favourites:`);
  await time("users", () =>
    q(`insert into users (username, email, full_name, role, email_verified, created_at, search_text)
       select 'user' || i, 'user' || i || '@example.com', 'User ' || i, case when i % 100 = 0 then 1 else 0 end, true,
              now() - (i % 365) * interval '1 day', 'user' || i
       from generate_series(1, ${USERS}) i`),
  );
  const author = Number((await q("select id from users where role = 1 order by id limit 1")).rows[0].id);
  await time("manga", () =>
    q(`insert into manga (title, search_text, status, author_id, created_at)
       select 'Manga ' || i, 'manga ' || i, 1, (select id from users where role = 1 order by id offset (i % 2000) limit 1), now() - (i % 400) * interval '1 day'
       from generate_series(1, ${MANGA}) i`),
  );
  const big = Number((await q(`insert into manga (title, search_text, status, author_id) values ('Big', 'big', 1, ${author}) returning id`)).rows[0].id);
  await time("chapters", async () => {
    await q(`insert into chapters (manga_id, number, title, status, page_count, created_at)
             select m.id, n, 'Chapter ' || n, 1, 20, now() - ((m.id * 31 + n * 7) % 120) * interval '1 day'
             from manga m cross join generate_series(1, ${CHAPTERS_PER_MANGA}) n where m.id <> ${big}`);
    await q(`insert into chapters (manga_id, number, title, status, page_count)
             select ${big}, n, 'Chapter ' || n, 1, ${BIG_PAGES} from generate_series(1, ${BIG_CHAPTERS}) n`);
  });
  // Views as RecordView leaves them: per manga per UTC day, and the counters. "Big" gets BIG_VIEWS over the year,
  // the others share the rest evenly.
  await time("daily_views (a year per manga)", async () => {
    // Slot k of N gets floor((k+1)·R/N) − floor(k·R/N) views: the slots add up to exactly R.
    const rest = VIEWS - BIG_VIEWS;
    const slots = MANGA * DAYS;
    await q(`insert into daily_views (day, manga_id, views)
             select (now() at time zone 'UTC')::date - d, m.id,
                    (((k + 1) * ${rest}::bigint) / ${slots} - (k * ${rest}::bigint) / ${slots})::int
             from (select id, (row_number() over (order by id) - 1) * ${DAYS} as base from manga where id <> ${big}) m,
                  generate_series(0, ${DAYS - 1}) d, lateral (select m.base + d as k) s`);
    await q(`insert into daily_views (day, manga_id, views)
             select (now() at time zone 'UTC')::date - d, ${big}, (((d + 1) * ${BIG_VIEWS}::bigint) / ${DAYS} - (d * ${BIG_VIEWS}::bigint) / ${DAYS})::int
             from generate_series(0, ${DAYS - 1}) d`);
    await q(`update manga m set views = s.v from (select manga_id, sum(views)::int as v from daily_views group by 1) s where s.manga_id = m.id`);
    await q(`update chapters c set views = m.views / (select count(*) from chapters x where x.manga_id = m.id) from manga m where m.id = c.manga_id`);
  });
  // Reading progress: "Big" 10,000 readers per chapter (a third finished, the rest stopped at a page skewed towards the
  // start), the rest spread over the other manga's chapters. Keys unchecked during the load, as a restore does.
  await q("set session_replication_role = replica");
  await time("reading_progress", async () => {
    await q(`insert into reading_progress (user_id, chapter_id, manga_id, page_number, completed, updated_at)
             select u.first + r, c.id, ${big},
                    case when r % 3 = 0 then ${BIG_PAGES} else 1 + ((r * r + c.number) % ${BIG_PAGES}) * ((r * 7) % 5 + 1) / 5 end,
                    r % 3 = 0, now() - (r % 90) * interval '1 day'
             from chapters c, (select min(id) as first from users) u, generate_series(0, ${BIG_READERS - 1}) r
             where c.manga_id = ${big}`);
    const rest = PROGRESS - BIG_READERS * BIG_CHAPTERS;
    await q(`insert into reading_progress (user_id, chapter_id, manga_id, page_number, completed)
             select u.first + (i / s.n), s.first + (i % s.n), (select manga_id from chapters where id = s.first + (i % s.n)), 1 + i % 20, i % 4 = 0
             from (select min(id) as first, count(*)::int as n from chapters where manga_id <> ${big}) s, (select min(id) as first from users) u,
                  generate_series(0, ${rest - 1}) i`);
  });
  await time("favorites", async () => {
    await q(`insert into favorites (user_id, manga_id, created_at)
             select u.first + i, ${big}, now() - (i % ${DAYS}) * interval '1 day' - (i % 1440) * interval '1 minute'
             from (select min(id) as first from users) u, generate_series(0, ${BIG_FAVORITES - 1}) i`);
    await q(`insert into favorites (user_id, manga_id, created_at)
             select u.first + (i / ${MANGA}), m.first + (i % ${MANGA}), now() - (i % ${DAYS}) * interval '1 day'
             from (select min(id) as first from users) u, (select min(id) as first from manga) m, generate_series(0, ${FAVORITES - BIG_FAVORITES - 1}) i
             on conflict do nothing`);
    await q(`update manga m set favorites = s.n from (select manga_id, count(*)::int as n from favorites group by 1) s where s.manga_id = m.id`);
  });
  await q("set session_replication_role = origin");
  await time("vacuum analyze", () => q("vacuum analyze"));
  const small = Number((await q(`select id from manga where id <> ${big} order by id offset ${Math.floor(MANGA / 2)} limit 1`)).rows[0].id);
  return { big, small, author };
}

/** The use case's queries, as it sends them, for EXPLAIN: none may read a big table sequentially. */
async function explain(client: pg.Client, mangaId: number): Promise<boolean> {
  const chapterIds = (await client.query(`select id from chapters where manga_id = ${mangaId}`)).rows.map((r) => Number(r.id));
  const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
  const queries: Record<string, string> = {
    manga: `select id, title, author_id, views, favorites from manga where id = ${mangaId}`,
    chapters: `select id, number, title, status, page_count, views from chapters where manga_id = ${mangaId} order by number`,
    "views per day (90)": `select to_char(day, 'YYYY-MM-DD'), views from daily_views where manga_id = ${mangaId} and day >= '${from}' and day <= current_date`,
    "favourites per day (90)": `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') d, count(*)::int from favorites
      where manga_id = ${mangaId} and created_at >= '${from}T00:00:00Z' and created_at < now() + interval '1 day' group by d`,
    "reading progress (grouped)": `select chapter_id, completed, page_number, count(*)::int from reading_progress
      where chapter_id in (${chapterIds.join(",")}) group by chapter_id, completed, page_number`,
  };
  let clean = true;
  for (const [label, text] of Object.entries(queries)) {
    const plan = (await client.query(`explain (analyze, buffers, costs off) ${text}`)).rows.map((r) => String(r["QUERY PLAN"]));
    const seq = plan.filter((line) => /Seq Scan on (reading_progress|favorites|daily_views|chapters|manga)\b/.test(line));
    if (seq.length > 0) clean = false;
    console.log(`\n-- ${label}${seq.length ? "  ← SEQ SCAN" : ""}`);
    for (const line of plan) console.log(`   ${line}`);
  }
  return clean;
}

async function main() {
  const dropDatabase = await openScratchDatabase({ serverUrl: PG_URL, prefix: "bench_analytics" });
  const url = process.env.DATABASE_URL!;
  const { getDb, closeDb } = await import("../../db/client");
  const client = new pg.Client({ connectionString: url });
  try {
    const db = await getDb(); // migrations
    await client.connect();
    const started = performance.now();
    const { big, small, author } = await seed(client);
    console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const clean = await explain(client, big);

    const { getCreatorAnalytics } = await import("../../server/manga/creator-analytics");
    const writer = { userId: author, role: 1 as const };
    const root = { userId: 0, role: 4 as const };
    console.log(`\n${RUNS} runs each after 2 warm-ups (pool of ${process.env.DATABASE_POOL_SIZE || 10} connections):`);
    const big30 = await measure(`"Big" (${BIG_CHAPTERS} chapters), 30 days`, () => getCreatorAnalytics({ db, viewer: writer, mangaId: big, days: 30 }));
    const big90 = await measure(`"Big", 90 days`, () => getCreatorAnalytics({ db, viewer: writer, mangaId: big, days: 90 }));
    await measure(`"Big", 365 days, chapter 30's histogram`, async () => {
      const chapter = (await client.query(`select id from chapters where manga_id = ${big} and number = 30`)).rows[0].id as number;
      return getCreatorAnalytics({ db, viewer: writer, mangaId: big, days: 365, chapterId: chapter });
    });
    await measure(`an ordinary manga (${CHAPTERS_PER_MANGA} chapters), 30 days`, () => getCreatorAnalytics({ db, viewer: root, mangaId: small, days: 30 }));
    const sample = await getCreatorAnalytics({ db, viewer: writer, mangaId: big, days: 30 });
    const counts = (await client.query(`select (select sum(views) from daily_views)::bigint v, (select count(*) from reading_progress)::int p, (select count(*) from favorites)::int f`)).rows[0];
    console.log(`\ndata: ${Number(counts.v).toLocaleString("en")} views, ${Number(counts.p).toLocaleString("en")} progress rows, ${Number(counts.f).toLocaleString("en")} favourites`);
    console.log(`"Big": ${sample.totals.views.toLocaleString("en")} views, ${sample.totals.readers.toLocaleString("en")} chapter readers, completion ${((sample.totals.completionRate ?? 0) * 100).toFixed(1)}%, chapter 1 drop-off page ${sample.chapters[0]?.dropOffPage}`);
    console.log(`plans: ${clean ? "no sequential scan of a big table" : "SEQUENTIAL SCAN FOUND (see above)"}`);
    console.log(`"Big" 30 days p50 ${fmt(big30.p50)}, p95 ${fmt(big30.p95)}; 90 days p50 ${fmt(big90.p50)}, p95 ${fmt(big90.p95)}`);
    if (!clean && !SMOKE) process.exitCode = 1;
  } finally {
    await client.end().catch(() => undefined);
    await closeDb();
    if (KEEP) console.log(`kept ${url}`);
    else await dropDatabase();
  }
}

await main();
