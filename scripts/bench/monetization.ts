/**
 * `npm run bench:monetization` — creators' monetisation (issue 16 §3) at scale, on a scratch Postgres database
 * (BENCH_PG_URL, default the local server), dropped at the end; only its smoke size (--smoke) runs in the tests.
 *
 * Seeds, each one statement made by the database itself (generate_series): 10,000 writers with 2 manga each, 7 chapters
 * per manga (140,000 chapters), and ad_impression_days for every chapter on every other day of the last three ended
 * months and this one (≈ 6.3M day rows, ≈ 200M impressions). Then:
 * - closes each of the three ended months once (the real use case: every writer credited in one transaction) and checks
 *   that the shares add up to exactly 60% of the income and that every balance equals its ledger;
 * - times, after two warm-ups, a writer's earnings (the monetization page's one data call), root's month list, the
 *   payouts queue and 1,000 concurrent RecordImpression calls by distinct viewers on one chapter (all counted, once).
 *
 * Options: --runs n (20) --writers n (10000) --keep (leave the database for EXPLAIN; prints its URL)
 * --smoke (scripts/bench/smoke.ts: 20 writers, 1 run, 50 concurrent impressions)
 */
import { performance } from "node:perf_hooks";
import { fmt, measure as measureRuns, option, time } from "./timing";
import pg from "pg";
import { openScratchDatabase } from "../../db/scratch";
import { sized } from "./smoke";

const args = process.argv.slice(2);
const RUNS = Number(option("runs", sized("20", "1")));
const measure = (label: string, fn: () => Promise<unknown>) => measureRuns(label, fn, RUNS);
const WRITERS = Number(option("writers", sized("10000", "20")));
/** Concurrent RecordImpression calls by distinct viewers on one chapter. */
const IMPRESSIONS = sized(1000, 50);
const KEEP = args.includes("--keep");
const PG_URL = process.env.BENCH_PG_URL || "postgresql://postgres@127.0.0.1:5432/postgres";




/** "YYYY-MM-01" of the month `back` months before now (UTC). */
function monthStart(back: number): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1)).toISOString().slice(0, 10);
}

async function seed(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (text: string) => client.query(text);
  try {
    console.log(`seeding ${WRITERS.toLocaleString("en")} writers, ${(WRITERS * 2).toLocaleString("en")} manga, ${(WRITERS * 14).toLocaleString("en")} chapters and their impressions:`);
    await time("users (writers and one root)", () =>
      q(`insert into users (username, email, full_name, role, email_verified, search_text, payout_email)
         select 'w' || i, 'w' || i || '@example.com', 'Writer ' || i, case when i = 1 then 4 else 1 end, true, 'w' || i, 'pay' || i || '@example.com'
         from generate_series(1, ${WRITERS}) i`),
    );
    await time("manga", () =>
      q(`insert into manga (title, search_text, status, author_id)
         select 'Manga ' || u.id || '-' || n, 'manga', 1, u.id from users u cross join generate_series(1, 2) n`),
    );
    await time("chapters", () =>
      q(`insert into chapters (manga_id, number, title, status) select m.id, n, 'Chapter ' || n, 1 from manga m cross join generate_series(1, 7) n`),
    );
    await q("set session_replication_role = replica");
    await q("alter table ad_impression_days drop constraint ad_impression_days_chapter_id_day_pk");
    await time("ad_impression_days", () =>
      q(`insert into ad_impression_days (chapter_id, day, impressions)
         select c.id, d::date, 1 + ((c.id * 7919 + extract(doy from d)::int * 104729) % 60)
         from chapters c cross join generate_series('${monthStart(3)}'::date, now()::date, interval '2 days') d`),
    );
    await time("ad_impression_days primary key", () => q("alter table ad_impression_days add constraint ad_impression_days_chapter_id_day_pk primary key (chapter_id, day)"));
    await q("set session_replication_role = origin");
    await time("ad_impression_months (one grouped insert)", () =>
      q(`insert into ad_impression_months (month, user_id, impressions)
         select date_trunc('month', d.day)::date, m.author_id, sum(d.impressions)::int
         from ad_impression_days d join chapters c on c.id = d.chapter_id join manga m on m.id = c.manga_id group by 1, 2`),
    );
    await time("vacuum analyze", () => q("vacuum analyze"));
    const { rows } = await q("select count(*)::int as n, sum(impressions)::bigint as s from ad_impression_days");
    console.log(`  ${Number(rows[0].n).toLocaleString("en")} day rows, ${Number(rows[0].s).toLocaleString("en")} impressions`);
  } finally {
    await client.end();
  }
}

async function main() {
  const dropDatabase = await openScratchDatabase({ serverUrl: PG_URL, prefix: "bench_money" });
  const url = process.env.DATABASE_URL!;
  const { getDb, closeDb } = await import("../../db/client");
  try {
    const db = await getDb(); // migrations
    await seed(url);
    const { closeMonth } = await import("../../server/monetization/close-month");
    const { getEarnings } = await import("../../server/monetization/get-earnings");
    const { listMonths } = await import("../../server/monetization/list-months");
    const { listPayouts } = await import("../../server/monetization/list-payouts");
    const { recordImpression } = await import("../../server/monetization/record-impression");
    const { verifyBalances } = await import("../../server/monetization/ledger");
    const { sql } = await import("drizzle-orm");
    const root = { userId: 1, role: 4 as const };

    console.log("\nclosing the three ended months (every writer credited in one transaction each):");
    let closeMs = 0;
    for (const back of [3, 2, 1]) {
      const month = monthStart(back).slice(0, 7);
      const income = 1_234_567_89 + back; // 1,234,567.89 (+ a few cents so rounding differs by month)
      const t0 = performance.now();
      const out = await time(`close ${month}`, () => closeMonth({ db, viewer: root, input: { month, income } }));
      closeMs = Math.max(closeMs, performance.now() - t0);
      const [sum] = (await db.execute<{ s: string }>(sql`select sum(amount_minor)::text as s from ledger_entries where month = ${`${month}-01`}::date and kind = 'share'`)).rows;
      const exact = Number(sum?.s) === Math.floor((income * 60) / 100);
      console.log(`    ${out.writers.toLocaleString("en")} writers, ${out.impressions.toLocaleString("en")} impressions, pool ${out.poolMinor} = shares ${sum?.s}: ${exact ? "exact" : "MISMATCH"}`);
    }
    const mismatches = await time("verifyBalances (every user against the ledger)", () => verifyBalances(db));
    console.log(`    ${mismatches.length} balances differ from their ledger`);

    console.log(`\n${RUNS} runs each after 2 warm-ups:`);
    const earnings = await measure("getEarnings (a writer's page)", () => getEarnings({ db, userId: Math.ceil(WRITERS / 2) }));
    await measure("listMonths (root)", () => listMonths({ db }));
    await measure("listPayouts (root, waiting)", () => listPayouts({ db, status: "pending", page: 1, pageSize: 20 }));

    const [chapter] = (await db.execute<{ id: number }>(sql`select id from chapters order by id limit 1`)).rows;
    const before = (await db.execute<{ n: number }>(sql`select coalesce(sum(impressions), 0)::int as n from ad_impression_days where chapter_id = ${chapter!.id}`)).rows[0]!.n;
    const t1 = performance.now();
    await time(`${IMPRESSIONS.toLocaleString("en")} concurrent RecordImpression calls (distinct viewers, one chapter)`, () =>
      Promise.all(
        Array.from({ length: IMPRESSIONS }, (_, i) => recordImpression({ db, chapterId: Number(chapter!.id), viewer: null, viewerKey: `a:bench${i}`, position: "start" })),
      ),
    );
    const after = (await db.execute<{ n: number }>(sql`select coalesce(sum(impressions), 0)::int as n from ad_impression_days where chapter_id = ${chapter!.id}`)).rows[0]!.n;
    const ms = performance.now() - t1;
    console.log(`    counted ${after - before} of ${IMPRESSIONS} (${(IMPRESSIONS / (ms / 1000)).toFixed(0)} calls/s)`);
    console.log(`\nsummary: close month ≤ ${fmt(closeMs)} for ${WRITERS.toLocaleString("en")} writers; earnings p50 ${fmt(earnings.p50)} p95 ${fmt(earnings.p95)}; balances off ledger: ${mismatches.length}`);
  } finally {
    await closeDb();
    if (KEEP) console.log(`kept ${url}`);
    else await dropDatabase();
  }
}

await main();
