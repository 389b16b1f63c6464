/**
 * Bench data: a scratch PostgreSQL database `bench_<n>` (prefix BENCH_DB_PREFIX) with n manga made by the database itself
 * (INSERT … SELECT over generate_series, so 100k rows take seconds), migrated with the project's migrations.
 * Titles and descriptions are built from word lists (English and already-folded Arabic), so search terms of
 * known selectivity exist at every size.
 */
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { MIGRATIONS_DIR } from "../../db/client";

export const WORDS_EN = [
  "dragon", "sword", "moon", "shadow", "blade", "storm", "crimson", "silver", "ghost", "academy", "ocean", "winter",
  "empire", "garden", "iron", "phoenix", "lantern", "midnight", "samurai", "castle", "river", "forest", "star", "wolf",
  "thunder", "crystal", "hunter", "spirit", "cafe", "school", "legend", "chronicle", "dawn", "ember", "frost", "harbor",
  "island", "jade", "knight", "labyrinth", "mirror", "nebula", "oracle", "pirate", "quest", "rose", "serpent", "tower",
];
/** Arabic words in their folded form (what search_text stores): no hamza seats, ta marbuta as ha, no diacritics. */
export const WORDS_AR = ["قمر", "سيف", "نجم", "بحر", "ظل", "نار", "ريح", "جبل", "مدينه", "مدرسه", "فارس", "حلم", "اسطوره", "ذيب", "صحرا", "مناره"];

const sqlArray = (words: readonly string[]) => `array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(",")}]::text[]`;

export interface BenchDb {
  name: string;
  url: string;
  drop(): Promise<void>;
}

function benchDbName(n: number): string {
  const name = `${process.env.BENCH_DB_PREFIX || "bench"}_${n}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_DB_PREFIX: "${name}" is not a plain lower-case database name`);
  return name;
}

export async function createBenchDb(serverUrl: string, n: number): Promise<BenchDb> {
  const name = benchDbName(n);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  return benchDb(serverUrl, name);
}

/**
 * A database kept by an earlier run (`--keep`), if it exists and holds n manga: brought up to date with the
 * project's migrations and vacuumed (a new index needs its statistics and the visibility map). Otherwise undefined.
 */
export async function reuseBenchDb(serverUrl: string, n: number): Promise<BenchDb | undefined> {
  const db = benchDb(serverUrl, benchDbName(n));
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [db.name]);
  await admin.end();
  if (!rowCount) return undefined;
  const pool = new pg.Pool({ connectionString: db.url, max: 1 });
  try {
    const count = await pool.query("select count(*)::int as n from manga").catch(() => undefined);
    if (count?.rows[0]?.n !== n) return undefined;
    await migrate(drizzle(pool, { casing: "snake_case" }), { migrationsFolder: MIGRATIONS_DIR });
    await pool.query("vacuum analyze");
    return db;
  } finally {
    await pool.end();
  }
}

function benchDb(serverUrl: string, name: string): BenchDb {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Migrates and fills the database; returns how long the data took. */
export async function fillBenchDb(url: string, n: number): Promise<{ seconds: number }> {
  const started = performance.now();
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    await migrate(drizzle(pool, { casing: "snake_case" }), { migrationsFolder: MIGRATIONS_DIR });
    const writers = Math.max(10, Math.round(n / 50));
    const en = sqlArray(WORDS_EN);
    const ar = sqlArray(WORDS_AR);
    await pool.query(`
      insert into users (username, email, full_name, role)
      select 'writer' || i, 'writer' || i || '@bench.test', 'Writer ' || i, 1 from generate_series(1, ${writers}) as i`);
    // A few shared cover images (the list query only reads their ids; imageFormat=url never reads the bytes).
    await pool.query(`
      insert into media (id, mime, width, height, size, kind, bytes)
      select encode(sha256(convert_to('cover' || i, 'UTF8')), 'hex'), 'image/jpeg', 600, 900, 4, 1, '\\xffd8ffd9'::bytea
      from generate_series(1, 8) as i`);
    await pool.query(`
      with src as (
        select i,
          -- one title in five is Arabic
          case when i % 5 = 0
            then (${ar})[1 + (i * 7) % ${WORDS_AR.length}] || ' ' || (${ar})[1 + (i * 13 + 5) % ${WORDS_AR.length}] || ' ' || i
            else initcap((${en})[1 + (i * 7) % ${WORDS_EN.length}]) || ' ' || initcap((${en})[1 + (i * 31 + 3) % ${WORDS_EN.length}]) || ' ' || i
          end as title,
          'The tale of the ' || (${en})[1 + (i * 17 + 11) % ${WORDS_EN.length}] || ' and the ' || (${en})[1 + (i * 23 + 7) % ${WORDS_EN.length}] || '.' as description,
          (abs(hashint4(i)) % 100000) as views,
          (abs(hashint4(i + 1000000)) % 2000) as favorites
        from generate_series(1, ${n}) as i
      )
      insert into manga (title, description, search_text, cover_image_id, author_id, status, views, favorites, chapter_count, popularity, created_at, updated_at)
      -- search_text as lib/search-fold.ts's searchTextFor stores it: title, author (writer<k>, the users above), description
      select title, description, lower(title || ' writer' || (1 + i % ${writers}) || ' ' || description),
        encode(sha256(convert_to('cover' || (1 + i % 8), 'UTF8')), 'hex'),
        1 + i % ${writers},
        case when i % 20 = 0 then 0 when i % 20 = 1 then 2 else 1 end,
        views, favorites, i % 31, views + 10 * favorites,
        now() - ((i % 730) || ' days')::interval - ((i % 1440) || ' minutes')::interval,
        now() - ((i % 97) || ' days')::interval
      from src`);
    await pool.query(`
      insert into manga_genres (manga_id, genre)
      select m.id, (m.id * 7 + k * 5) % 17 from manga m, generate_series(0, 2) as k
      where k <= m.id % 3
      on conflict do nothing`);
    await pool.query("vacuum analyze");
  } finally {
    await pool.end();
  }
  return { seconds: (performance.now() - started) / 1000 };
}
