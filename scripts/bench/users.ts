/**
 * `npm run bench:users` — root's user list (issue 15 target: PaginatedUser with a search term at 100,000 users, p50 ≤ 20
 * ms), on a scratch Postgres database (BENCH_PG_URL, default the local server) dropped at the end; only its smoke size (--smoke) runs in the tests.
 *
 * Seeds in single generate_series statements: 100,000 users with realistic Latin and Arabic names (search_text filled
 * exactly as userSearchTextFor folds it: the names are folded here and passed in), every role, sign-ups over two years,
 * last sign-in for four in five, balances for writers; 150,000 transactions; 15,000 subscriptions (a third active).
 * Then times listUsers (what the route and the page call), after two warm-ups: p50 / p95 / max of N runs each.
 *
 * Options: --runs n (30) --users n (100000) --keep (leave the database for EXPLAIN; prints its URL)
 * --smoke (scripts/bench/smoke.ts: 1,000 users, 1 run)
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openScratchDatabase } from "../../db/scratch";
import { sized } from "./smoke";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const RUNS = Number(option("runs", sized("30", "1")));
const USERS = Number(option("users", sized("100000", "1000")));
const KEEP = args.includes("--keep");
const PG_URL = process.env.BENCH_PG_URL || "postgresql://postgres@127.0.0.1:5432/postgres";

const FIRST = [
  "Mariam", "Omar", "Layla", "Youssef", "Sara", "Hassan", "Nour", "Karim", "Amira", "Tariq", "Emma", "Liam", "Olivia", "Noah",
  "Sophia", "Lucas", "Chloé", "José", "Zoë", "Mateo", "Aiko", "Haruto", "Yuki", "Sakura", "Chen", "Mei", "Ivan", "Anya",
  "أحمد", "محمد", "فاطمة", "عائشة", "علي", "حسن", "خديجة", "يوسف", "مريم", "إبراهيم", "آمنة", "عمر", "ليلى", "سارة", "نور", "رُقيّة",
];
const LAST = [
  "Haddad", "Khalil", "Nasser", "Saleh", "Mansour", "Smith", "Johnson", "García", "Müller", "Rossi", "Dubois", "Tanaka",
  "Suzuki", "Kim", "Nguyen", "Ivanova", "Silva", "O'Brien", "Álvarez", "Petrov",
  "الحسيني", "العتيبي", "القحطاني", "الشمري", "المصري", "الأنصاري", "الزهراني", "عبد الله", "الهاشمي", "السيّد",
];

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
const fmt = (n: number) => `${n.toFixed(1)} ms`;

async function time<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  console.log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return out;
}

async function measure(label: string, fn: () => Promise<{ items: unknown[]; totalRecords: number }>) {
  await fn();
  await fn();
  const samples: number[] = [];
  let last = { items: [] as unknown[], totalRecords: 0 };
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    last = await fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const row = { label, p50: quantile(samples, 0.5), p95: quantile(samples, 0.95), max: samples[samples.length - 1]! };
  console.log(
    `${label.padEnd(46)} p50 ${fmt(row.p50).padStart(9)}   p95 ${fmt(row.p95).padStart(9)}   max ${fmt(row.max).padStart(9)}   (${last.items.length} rows of ${last.totalRecords.toLocaleString("en")})`,
  );
  return row;
}

async function main() {
  const drop = await openScratchDatabase({ serverUrl: PG_URL, prefix: "bench_users" });
  const { getDb, closeDb } = await import("../../db/client");
  const { foldSearchText } = await import("../../lib/search-fold");
  const { listUsers, forgetUserCounts } = await import("../../server/users/list-users");
  const { UserSortBy } = await import("../../lib/validation/users");
  let failed = false;
  try {
    const db = await getDb();
    const first = FIRST;
    const last = LAST;
    // Usernames are made from the folded first names, so search_text (username, folded names, lower-case e-mail) is
    // exactly what userSearchTextFor stores.
    const firstFolded = FIRST.map(foldSearchText);
    const lastFolded = LAST.map(foldSearchText);
    const arr = (a: string[]) => sql`${`{${a.map((s) => `"${s.replace(/(["\\])/g, "\\$1")}"`).join(",")}}`}::text[]`;
    console.log(`seeding ${USERS.toLocaleString("en")} users:`);
    await time("users", () =>
      db.execute(sql`
        insert into users (username, email, full_name, search_text, role, email_verified, balance, last_login, created_at)
        select u.username, u.email, u.full_name, u.username || ' ' || u.folded || ' ' || lower(u.email), u.role, i % 7 <> 0,
               case when u.role = 1 then round(((i::bigint * 7919) % 100000) / 100.0, 2) else 0 end,
               case when i % 5 = 0 then null else now() - ((i::bigint * 104729) % 525600) * interval '1 minute' end,
               now() - ((i::bigint * 15485863) % 1051200) * interval '1 minute'
        from generate_series(1, ${USERS}) i
        cross join lateral (
          select ${arr(first)} as f, ${arr(last)} as l, ${arr(firstFolded)} as ff, ${arr(lastFolded)} as lf
        ) names
        cross join lateral (
          select
            case when i % 3 = 0 then 'user' || i else replace(names.ff[1 + (i % ${first.length})], ' ', '') || '_' || i end as username,
            'u' || i || '@' || (array['example.com', 'mail.test', 'manga.example'])[1 + i % 3] as email,
            names.f[1 + (i % ${first.length})] || ' ' || names.l[1 + ((i / 7) % ${last.length})] as full_name,
            names.ff[1 + (i % ${first.length})] || ' ' || names.lf[1 + ((i / 7) % ${last.length})] as folded,
            case when i % 1000 = 0 then 4 when i % 500 = 0 then 3 when i % 200 = 0 then 2 when i % 10 = 0 then 1 else 0 end as role
        ) u`),
    );
    await time("transactions", () =>
      db.execute(sql`
        insert into transactions (user_id, method, amount, status, reference_id, created_at)
        select 1 + (i::bigint * 7919) % ${USERS}, (array['card', 'paypal', 'grant'])[1 + i % 3], round(((i::bigint * 31) % 5000) / 100.0, 2), i % 4, 'ref-' || i,
               now() - (i % 700) * interval '1 day'
        from generate_series(1, ${Math.round(USERS * 1.5)}) i`),
    );
    await time("subscriptions", () =>
      db.execute(sql`
        insert into subscriptions (user_id, plan, duration_days, starts_at, ends_at, created_at)
        select 1 + (i::bigint * 104729) % ${USERS}, i % 2, 30, now() - (i % 90) * interval '1 day', now() - (i % 90) * interval '1 day' + interval '30 days',
               now() - (i % 90) * interval '1 day'
        from generate_series(1, ${Math.round(USERS * 0.15)}) i`),
    );
    await time("analyze", () => db.execute(sql`analyze users; analyze transactions; analyze subscriptions`));

    console.log(`\nlistUsers, ${RUNS} runs each (after two warm-ups):`);
    // Counts are kept 10 s per filter (list-users.ts): the first rows forget them before every run (a new filter each
    // time, as when root types a search), the rest show a repeated request (paging, sorting) within the 10 s.
    const fresh = <T>(fn: () => Promise<T>) => () => {
      forgetUserCounts();
      return fn();
    };
    const rows = [
      await measure("search 'mari' (4-letter fragment), uncached count", fresh(() => listUsers({ db, searchTerm: "mari" }))),
      await measure("search 'احمد', uncached count", fresh(() => listUsers({ db, searchTerm: "احمد" }))),
      await measure("default page, uncached count", fresh(() => listUsers({ db }))),
      await measure("search 'mari' (4-letter fragment)", () => listUsers({ db, searchTerm: "mari" })),
      await measure("search 'haddad'", () => listUsers({ db, searchTerm: "haddad" })),
      await measure("search 'احمد' (Arabic, folded: أحمد)", () => listUsers({ db, searchTerm: "احمد" })),
      await measure("search 'u4242' (e-mail fragment)", () => listUsers({ db, searchTerm: "u4242" })),
      await measure("search 'sara' + role writer", () => listUsers({ db, searchTerm: "sara", roles: [1] })),
      await measure("default page (created desc)", () => listUsers({ db })),
      await measure("sort lastLogin desc", () => listUsers({ db, userSortBy: UserSortBy.LastLogin, sortDirection: "desc" })),
      await measure("sort lastLogin asc", () => listUsers({ db, userSortBy: UserSortBy.LastLogin, sortDirection: "asc" })),
      await measure("sort username asc", () => listUsers({ db, userSortBy: UserSortBy.Username, sortDirection: "asc" })),
      await measure("sort balance desc", () => listUsers({ db, userSortBy: UserSortBy.Balance, sortDirection: "desc" })),
      await measure("sort role desc", () => listUsers({ db, userSortBy: UserSortBy.Role, sortDirection: "desc" })),
      await measure("role filter root+admin", () => listUsers({ db, roles: [3, 4] })),
      await measure("page 500 of 10 (created desc)", () => listUsers({ db, page: 500 })),
    ];
    const target = rows[0]!;
    console.log("(the target row: a search term with its count computed, not cached)");
    console.log(`\ntarget: search p50 ≤ 20 ms → ${fmt(target.p50)} ${target.p50 <= 20 ? "(met)" : "(NOT met)"}`);
    if (KEEP) console.log(`kept: ${process.env.DATABASE_URL}`);
  } catch (err) {
    failed = true;
    console.error(err);
  } finally {
    await closeDb();
    if (!KEEP) await drop();
  }
  if (failed) process.exitCode = 1;
}

void main();
