/**
 * `tsx scripts/bench/plans.ts <database url>…` — how long PostgreSQL takes for each statement of the bench mix
 * (scripts/bench/mix.ts) on a bench database, under both row plans (walk the sort index / collect the search hits),
 * with the plan planFor picks marked. Planning + execution time from EXPLAIN (ANALYZE, TIMING OFF), median of
 * --runs runs (default 15) after one warm-up; much steadier than the HTTP bench on a loaded machine.
 * `--explain` also prints each chosen plan (EXPLAIN ANALYZE, BUFFERS).
 */
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import * as schema from "../../db/schema";
import type { Db } from "../../db/client";
import { SortBy } from "../../lib/enums";
import { buildListMangaQueries, countsOf, listMangaStatements, planFor, type ListPlan } from "../../server/manga/list-manga";
import { MIX } from "./mix";

const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 15;
const EXPLAIN = args.includes("--explain");
const urls = args.filter((a, i) => !a.startsWith("--") && args[i - 1] !== "--runs");

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1]!;
const sortName = (s: number | undefined) => (s === undefined ? "(relevance)" : (Object.entries(SortBy).find(([, v]) => v === s)?.[0] ?? String(s)));

async function time(client: pg.PoolClient, q: { sql: string; params: unknown[] }): Promise<number> {
  const r = await client.query({ text: `explain (analyze, timing off, format json) ${q.sql}`, values: q.params });
  const [plan] = r.rows[0]["QUERY PLAN"] as Array<{ "Planning Time": number; "Execution Time": number }>;
  return plan!["Planning Time"] + plan!["Execution Time"];
}

for (const url of urls) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = drizzle(pool, { schema, casing: "snake_case" }) as unknown as Db;
  const client = await pool.connect();
  console.log(`\n${url}`);
  console.log("term            sort          matches/total    walk ms   hits ms   picked    counts ms");
  let pickedSum = 0;
  for (const { term, sortBy } of MIX) {
    const opts = { db, viewer: null, searchTerm: term, sortBy, pageSize: 20, page: 1 };
    const [count] = await buildListMangaQueries(opts).counts;
    const counts = countsOf(count);
    const picked = planFor(term, counts, 20);
    const ms: Record<string, number> = {};
    // Ranked by relevance, both row plans find the title matches as planFor picked (collected, or walked rank by rank).
    for (const plan of [{ ...picked, hits: false }, { ...picked, hits: true }] satisfies ListPlan[]) {
      if (plan.hits && !term) continue;
      const st = listMangaStatements(opts, plan);
      await time(client, st.rows);
      const xs: number[] = [];
      for (let i = 0; i < RUNS; i++) xs.push(await time(client, st.rows));
      ms[plan.hits ? "hits" : "walk"] = median(xs);
    }
    const st = listMangaStatements(opts, picked);
    const cx: number[] = [];
    for (let i = 0; i < 3; i++) cx.push(await time(client, st.counts));
    const chosen = picked.hits ? "hits" : "walk";
    const titles = sortBy !== undefined ? "" : ` titles: ${picked.titleWalks ? `walk ${picked.titleWalks.join(",")}` : "collect"}${picked.titlesSuffice ? ", suffice" : ""} ${JSON.stringify(counts.ranks)}`;
    pickedSum += ms[chosen]!;
    console.log(
      `${(term || "(none)").padEnd(15)} ${sortName(sortBy).padEnd(13)} ${`${counts.display}/${counts.total}`.padEnd(16)} ${(ms.walk ?? 0).toFixed(2).padStart(7)}   ${ms.hits === undefined ? "     -" : ms.hits.toFixed(2).padStart(6)}    ${chosen.padEnd(8)} ${median(cx).toFixed(2).padStart(6)}${titles}`,
    );
    if (EXPLAIN) {
      const r = await client.query({ text: `explain (analyze, buffers) ${st.rows.sql}`, values: st.rows.params });
      console.log(r.rows.map((x: Record<string, string>) => `    ${x["QUERY PLAN"]}`).join("\n"));
    }
  }
  console.log(`sum of the picked plans: ${pickedSum.toFixed(2)} ms`);
  client.release();
  await pool.end();
}
