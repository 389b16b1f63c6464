/**
 * `npm run bench:overview` — the overview's target of issue 15 (server time ≤ 300 ms at 100k users and 10M views), on a
 * scratch Postgres database (BENCH_PG_URL, default the local server), dropped at the end; only its smoke size (--smoke) runs in the tests.
 *
 * Seeds, each one statement made by the database itself (generate_series): 100,000 users (every role, sign-ups over a
 * year), 3,000 manga (a tenth pending, a tenth rejected), 21,000 chapters, 10,000,000 chapter_views over 90 days (the
 * primary key and foreign-key checks are set aside during the load and the key rebuilt after, as a restore would),
 * daily_views by one grouped INSERT from them (as migration 0007 does), the manga's views from it, and 200,000
 * audit_log rows. Then times, after two warm-ups, `getOverview` (the page's one data call) and each of its blocks,
 * and the audit log's first page (no filter, by action, by actor, by days) and its action list: p50 / p95 / max.
 *
 * Options: --runs n (20) --users n (100000) --views n (10000000) --keep (leave the database for EXPLAIN; prints its URL)
 * --smoke (scripts/bench/smoke.ts: 1,000 users, 30 manga, 10,000 views, 1,000 audit rows, 1 run)
 */
import { performance } from "node:perf_hooks";
import { fmt, measure as measureRuns, option, time } from "./timing";
import pg from "pg";
import { openScratchDatabase } from "../../db/scratch";
import { sized } from "./smoke";

const args = process.argv.slice(2);
const RUNS = Number(option("runs", sized("20", "1")));
const measure = (label: string, fn: () => Promise<unknown>) => measureRuns(label, fn, RUNS);
const USERS = Number(option("users", sized("100000", "1000")));
const VIEWS = Number(option("views", sized("10000000", "10000")));
const MANGA = sized(3000, 30);
const CHAPTERS_PER_MANGA = 7;
const AUDIT_ROWS = sized(200_000, 1000);
const KEEP = args.includes("--keep");
const PG_URL = process.env.BENCH_PG_URL || "postgresql://postgres@127.0.0.1:5432/postgres";




async function seed(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (text: string) => client.query(text);
  try {
    console.log(`seeding ${USERS.toLocaleString("en")} users, ${MANGA} manga, ${MANGA * CHAPTERS_PER_MANGA} chapters, ${VIEWS.toLocaleString("en")} views, ${AUDIT_ROWS.toLocaleString("en")} audit rows:`);
    await time("users", () =>
      q(`insert into users (username, email, full_name, role, email_verified, created_at, search_text)
         select 'user' || i, 'user' || i || '@example.com', 'User ' || i,
                case when i % 1000 = 0 then 4 when i % 500 = 0 then 3 when i % 200 = 0 then 2 when i % 10 = 0 then 1 else 0 end,
                true, now() - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute', 'user' || i
         from generate_series(1, ${USERS}) i`),
    );
    await time("manga", () =>
      q(`insert into manga (title, search_text, status, author_id, favorites, created_at)
         select 'Manga ' || i, 'manga ' || i, case when i % 10 = 0 then 0 when i % 10 = 1 then 2 else 1 end,
                (select id from users where role = 1 order by id offset (i % 100) limit 1), (i * 7919) % 5000, now() - (i % 400) * interval '1 day'
         from generate_series(1, ${MANGA}) i`),
    );
    await time("chapters", () =>
      q(`insert into chapters (manga_id, number, title, status, created_at)
         select m.id, n, 'Chapter ' || n, case when (m.id + n) % 13 = 0 then 0 when (m.id + n) % 17 = 0 then 2 else 1 end,
                now() - ((m.id * 31 + n * 7) % 120) * interval '1 day'
         from manga m cross join generate_series(1, ${CHAPTERS_PER_MANGA}) n`),
    );
    // The load as a restore does it: foreign keys unchecked and the primary key built once, after the rows.
    await q("set session_replication_role = replica");
    await q("alter table chapter_views drop constraint chapter_views_chapter_id_viewer_key_pk");
    await time("chapter_views", () =>
      q(`insert into chapter_views (chapter_id, viewer_key, created_at)
         select c.first + (i % c.n), 'u:' || i, now() - (i % 90) * interval '1 day' - (i % 86400) * interval '1 second'
         from (select min(id) as first, count(*)::int as n from chapters) c, generate_series(1, ${VIEWS}) i`),
    );
    await time("chapter_views primary key", () => q("alter table chapter_views add constraint chapter_views_chapter_id_viewer_key_pk primary key (chapter_id, viewer_key)"));
    await q("set session_replication_role = origin");
    await time("daily_views (one grouped insert)", () =>
      q(`insert into daily_views (day, manga_id, views)
         select (v.created_at at time zone 'UTC')::date, c.manga_id, count(*)::int
         from chapter_views v join chapters c on c.id = v.chapter_id group by 1, 2`),
    );
    await time("manga views", () =>
      q(`update manga m set views = s.v, popularity = s.v + 10 * m.favorites
         from (select manga_id, sum(views)::int as v from daily_views group by 1) s where s.manga_id = m.id`),
    );
    await time("audit_log", () =>
      q(`insert into audit_log (actor_id, action, target_type, target_id, details, created_at)
         select (select id from users where role = 4 order by id offset (i % 50) limit 1),
                (array['manga.accept','manga.reject','chapter.accept','chapter.reject','notification.user','user.trust','manga.update','chapter.update'])[1 + i % 8],
                'manga', (1 + i % ${MANGA})::text, jsonb_build_object('note', 'n' || i), now() - (i % 365) * interval '1 day'
         from generate_series(1, ${AUDIT_ROWS}) i`),
    );
    await time("vacuum analyze", () => q("vacuum analyze"));
  } finally {
    await client.end();
  }
}

async function main() {
  const dropDatabase = await openScratchDatabase({ serverUrl: PG_URL, prefix: "bench_overview" });
  const url = process.env.DATABASE_URL!;
  const { getDb, closeDb } = await import("../../db/client");
  try {
    const db = await getDb(); // migrations
    const started = performance.now();
    await seed(url);
    console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);

    const o = await import("../../server/admin/overview");
    const a = await import("../../server/admin/list-audit-log");
    const viewer = { userId: 1, role: 4 as const };
    console.log(`${RUNS} runs each after 2 warm-ups (pool of ${process.env.DATABASE_POOL_SIZE || 10} connections):`);
    const overview = await measure("getOverview (all blocks in parallel)", () => o.getOverview({ db, viewer }));
    await measure("  usersByRole", () => o.usersByRole({ db }));
    await measure("  newUsersThisWeek", () => o.newUsersThisWeek({ db }));
    await measure("  mangaByStatus", () => o.mangaByStatus({ db }));
    await measure("  chaptersByStatus", () => o.chaptersByStatus({ db }));
    await measure("  favoritesTotal", () => o.favoritesTotal({ db }));
    await measure("  signupsPerDay", () => o.signupsPerDay({ db }));
    await measure("  viewsPerDay", () => o.viewsPerDay({ db }));
    await measure("  topManga (views)", () => o.topManga({ db, by: "views" }));
    await measure("  topManga (favorites)", () => o.topManga({ db, by: "favorites" }));
    await measure("  chaptersPerWeek", () => o.chaptersPerWeek({ db }));
    const first = await measure("listAuditLog first page", () => a.listAuditLog({ db, viewer }));
    await measure("listAuditLog by action", () => a.listAuditLog({ db, viewer, action: "user.trust" }));
    await measure("listAuditLog by actor", () => a.listAuditLog({ db, viewer, actor: "user1000" }));
    await measure("listAuditLog by days (one week)", () => {
      const to = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
      return a.listAuditLog({ db, viewer, from, to });
    });
    await measure("listAuditActions", () => a.listAuditActions({ db, viewer }));
    const sample = await o.getOverview({ db, viewer });
    console.log(`\nfigures: ${sample.usersByRole.total} accounts, views today ${sample.viewsToday}, 30-day views ${sample.viewsPerDay.reduce((s, d) => s + d.count, 0)}`);
    const verdict = overview.p50 <= 300 ? "met" : "MISSED";
    console.log(`target: overview ≤ 300 ms — p50 ${fmt(overview.p50)}, p95 ${fmt(overview.p95)}: ${verdict}; audit log first page p50 ${fmt(first.p50)}`);
  } finally {
    await closeDb();
    if (KEEP) console.log(`kept ${url}`);
    else await dropDatabase();
  }
}

await main();
