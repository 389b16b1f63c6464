/**
 * Backups of the PostgreSQL database (issue 33, item 5), with PostgreSQL's own tools (`pg_dump` / `pg_restore`, the
 * Debian package postgresql-client, of the server's major version or newer), in their custom format: compressed,
 * restorable table by table. The connection is handed to them in PG* environment variables, never on the command line
 * (where `ps` would show a password). Media kept in an object-storage bucket (MEDIA_STORE=s3, ADR 019) are not in the
 * database: a backup lists those objects beside the dump (`<file>.bucket.json`), for the bucket's own backup to cover.
 * The embedded PGlite database of `npm start` is a folder (`data/pglite`): copy it while the site is stopped.
 */
import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

/** The PG* variables libpq reads, from a postgres:// URL (user, password, host, port, database, sslmode). */
export function pgEnv(url: string): Record<string, string> {
  const u = new URL(url);
  if (u.protocol !== "postgres:" && u.protocol !== "postgresql:") throw new Error("DATABASE_URL is not a postgres:// URL");
  const env: Record<string, string> = { PGHOST: decodeURIComponent(u.hostname) || "localhost", PGPORT: u.port || "5432", PGDATABASE: decodeURIComponent(u.pathname.slice(1)) };
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  // What else a libpq URL may carry as parameters (`?sslmode=require&sslrootcert=…`, a socket `?host=/run/postgresql`).
  const params: Record<string, string> = { sslmode: "PGSSLMODE", sslrootcert: "PGSSLROOTCERT", sslcert: "PGSSLCERT", sslkey: "PGSSLKEY", host: "PGHOST", port: "PGPORT", user: "PGUSER", password: "PGPASSWORD", application_name: "PGAPPNAME" };
  for (const [name, variable] of Object.entries(params)) {
    const value = u.searchParams.get(name);
    if (value) env[variable] = value;
  }
  if (u.searchParams.get("ssl") === "true" && !env.PGSSLMODE) env.PGSSLMODE = "require";
  if (!env.PGDATABASE) throw new Error("the URL names no database");
  return env;
}

const tool = (name: string, args: string[], url: string) =>
  run(name, args, { env: { ...process.env, ...pgEnv(url) }, maxBuffer: 64 * 1024 * 1024 }).catch((err: Error & { stderr?: string }) => {
    throw new Error(`${name} failed: ${(err.stderr ?? err.message).trim().split("\n").slice(-3).join(" ")}`);
  });

export interface BackupResult {
  file: string;
  /** Media whose bytes are in the bucket, listed in `<file>.bucket.json` (none when every image is in the database). */
  bucketObjects: number;
}

/**
 * `pg_dump --format=custom` of the whole database (every schema, the migrations' journal included) into `file`. The
 * bucket's list is read in the same snapshot as the dump (pg_export_snapshot, held open while pg_dump runs), so it
 * names exactly the objects the dump's rows refer to.
 */
export async function backupDatabase(url: string, file: string): Promise<BackupResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin transaction isolation level repeatable read read only");
    const { rows: [snapshot] } = await client.query<{ id: string }>("select pg_export_snapshot() as id");
    const { rows } = await client.query<{ id: string; mime: string; size: number }>("select id, mime, size from media where store = 1 order by id");
    await tool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--snapshot=${snapshot!.id}`, `--file=${file}`], url);
    await client.query("commit");
    if (rows.length > 0) {
      const bytes = rows.reduce((n, r) => n + Number(r.size), 0);
      await writeFile(`${file}.bucket.json`, JSON.stringify({ note: "objects of the media bucket under these keys (the media ids) that the dump refers to", count: rows.length, bytes, objects: rows }, null, 1));
    }
    return { file, bucketObjects: rows.length };
  } finally {
    await client.end();
  }
}

/** Tables of the database's own schemas (not PostgreSQL's), as "schema"."table". */
async function tablesOf(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
     where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  return rows.map((r) => r.name);
}

/**
 * Restores a dump into the database at `url`, which must have no tables (a new database: `createdb`), in one
 * transaction: a failure leaves it empty.
 */
export async function restoreDatabase(file: string, url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await tablesOf(client);
    if (tables.length > 0) throw new Error(`the target database is not empty (${tables.length} tables): restore into a new database`);
  } finally {
    await client.end();
  }
  await tool("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${pgEnv(url).PGDATABASE}`, file], url);
}

/** Each table's row count and a checksum of its rows (order-independent), to compare a restore with its source. */
export async function tableChecksums(url: string): Promise<Record<string, { rows: number; md5: string }>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out: Record<string, { rows: number; md5: string }> = {};
    for (const table of await tablesOf(client)) {
      const { rows } = await client.query<{ n: string; md5: string | null }>(
        `select count(*) as n, md5(string_agg(md5(t::text), '' order by md5(t::text))) as md5 from ${table} t`,
      );
      out[table] = { rows: Number(rows[0]!.n), md5: rows[0]!.md5 ?? "" };
    }
    return out;
  } finally {
    await client.end();
  }
}
