import path from "node:path";
import fs from "node:fs";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import * as schema from "./schema";
import { log } from "@/server/core/log";
import { observeQuery } from "@/server/core/metrics";

/**
 * One database layer, two engines: node-postgres when DATABASE_URL is set, embedded PGlite otherwise
 * (in PGLITE_DIR, default ./data/pglite; "memory://" keeps it in memory). Both get the same schema and
 * migrations. The handle lives on globalThis so the custom server and Next's bundled route code share it.
 */
export type Db = NodePgDatabase<typeof schema>;
export type DbKind = "pg" | "pglite";

export interface DbHandle {
  db: Db;
  kind: DbKind;
  /** Raw client for things Drizzle does not cover (LISTEN/NOTIFY, COPY). */
  raw: unknown;
  close(): Promise<void>;
}

const KEY = Symbol.for("manga.db.handle");
type GlobalWithDb = typeof globalThis & { [KEY]?: Promise<DbHandle> };
const g = globalThis as GlobalWithDb;

export const MIGRATIONS_DIR = path.join(process.cwd(), "db", "migrations");

export function databaseConfig(env: NodeJS.ProcessEnv = process.env): { kind: DbKind; target: string } {
  if (env.DATABASE_URL) return { kind: "pg", target: env.DATABASE_URL };
  return { kind: "pglite", target: env.PGLITE_DIR || path.join(process.cwd(), "data", "pglite") };
}

async function open(): Promise<DbHandle> {
  const { kind, target } = databaseConfig();
  if (kind === "pg") {
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = await createPool(target);
    const db = drizzle(pool, { schema, casing: "snake_case" });
    try {
      // Several processes may start at once: one migrates while the others wait on the lock (with no statement timeout).
      const client = await pool.connect();
      unguarded.add(client);
      try {
        await client.query("set statement_timeout = 0");
        await client.query("select pg_advisory_lock(727274)");
        const migrating = drizzle(client, { schema, casing: "snake_case" });
        await migrate(migrating, { migrationsFolder: MIGRATIONS_DIR });
        await afterMigrations(migrating as unknown as Db);
      } finally {
        await client.query("select pg_advisory_unlock(727274)").catch(() => undefined);
        await client.query("reset statement_timeout").catch(() => undefined);
        unguarded.delete(client);
        client.release();
      }
    } catch (err) {
      // A start that fails (the database away: server/core/wait-for-database.ts tries again) leaves no pool behind.
      await pool.end().catch(() => undefined);
      throw err;
    }
    return { db, kind, raw: pool, close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  if (!target.startsWith("memory://")) fs.mkdirSync(target, { recursive: true });
  const client = await PGlite.create(target, { extensions: { pg_trgm } });
  const pdb = drizzle(client, { schema, casing: "snake_case" });
  await migrate(pdb, { migrationsFolder: MIGRATIONS_DIR });
  await afterMigrations(pdb as unknown as Db);
  // Same query builder API; the PGlite session is typed as the node-postgres one so callers see one type.
  return { db: pdb as unknown as Db, kind, raw: client, close: () => client.close() };
}

/**
 * Data the SQL migrations cannot compute, filled at every start under the migration lock: usernames' confusable
 * skeletons (migration 0016, server/auth/username-skeletons.ts); notifications from before kinds, classified
 * (migration 0017, server/notifications/legacy.ts).
 */
async function afterMigrations(db: Db): Promise<void> {
  const { backfillUsernameSkeletons } = await import("@/server/auth/username-skeletons");
  await backfillUsernameSkeletons(db);
  const { backfillNotificationKinds } = await import("@/server/notifications/legacy");
  await backfillNotificationKinds(db);
}

type PgPool = import("pg").Pool;
type PgPoolClient = import("pg").PoolClient;

/** Clients whose queries may wait without limit (the migration, which waits on another process's lock). */
const unguarded = new WeakSet<object>();

/**
 * The pool, made to survive connections that die or stop answering (docs/decisions/019, Faults):
 * - An idle client's error reaches the pool, which drops it. A checked-out client has no listener of pg-pool's, and an
 *   `error` event without a listener would end the process, so every client gets one. Its queries fail on their own,
 *   and the pool drops a dead client when it is released; the next checkout connects afresh.
 * - A query without an answer after DATABASE_QUERY_TIMEOUT_MS (a frozen server or a cut network, where neither the
 *   server's statement timeout nor TCP says anything) ends its connection: that query and any queued behind it fail at
 *   once ("Connection terminated", a 503), and the pool drops the connection.
 */
export async function createPool(connectionString: string, env: Record<string, string | undefined> = process.env): Promise<PgPool> {
  const { Pool } = await import("pg");
  const pool = new Pool(poolOptions(connectionString, env));
  const timeoutMs = queryTimeoutMs(env);
  const deadlines = timeoutMs > 0 ? new QueryDeadlines(timeoutMs) : undefined;
  pool.on("error", (err) => log.warn({ code: (err as { code?: string }).code }, `[db] idle connection lost: ${err.message}`));
  pool.on("connect", (client) => {
    client.on("error", (err) => log.warn({ code: (err as { code?: string }).code }, `[db] connection lost: ${err.message}`));
    if (deadlines) guardQueries(client, deadlines);
  });
  return pool;
}

/** DATABASE_QUERY_TIMEOUT_MS, by default the statement timeout and 5 s more (none when there is no statement timeout). */
export function queryTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const statementTimeout = whole(env.DATABASE_STATEMENT_TIMEOUT_MS, 30_000);
  return whole(env.DATABASE_QUERY_TIMEOUT_MS, statementTimeout > 0 ? statementTimeout + 5_000 : 0);
}

/**
 * Queries waiting for their answer, each with the time it is given up at. One sweep per pool looks at them (every
 * SWEEP_MS at most, once a query waits) instead of a timer per query: every catalogue read pays for none (issue 30,
 * item 1). A query the server does not answer in time ends its connection, which fails the query and every query
 * queued behind it on that connection.
 */
class QueryDeadlines {
  private readonly waiting = new Set<{ client: PgPoolClient; deadline: number }>();
  private sweeping: NodeJS.Timeout | undefined;

  constructor(private readonly timeoutMs: number) {}

  /** Watches a query sent on `client`; the returned function says it finished. */
  watch(client: PgPoolClient): () => void {
    const entry = { client, deadline: performance.now() + this.timeoutMs };
    this.waiting.add(entry);
    this.sweeping ??= setInterval(() => this.sweep(), Math.min(SWEEP_MS, Math.max(10, this.timeoutMs / 4))).unref();
    return () => this.waiting.delete(entry);
  }

  private sweep(): void {
    const now = performance.now();
    for (const entry of this.waiting) {
      if (entry.deadline > now) continue;
      this.waiting.delete(entry);
      log.warn(`[db] no answer in ${this.timeoutMs} ms: connection abandoned`);
      void entry.client.end().catch(() => undefined);
    }
    if (this.waiting.size === 0) {
      clearInterval(this.sweeping);
      this.sweeping = undefined;
    }
  }
}
const SWEEP_MS = 1_000;

function guardQueries(client: PgPoolClient, deadlines: QueryDeadlines): void {
  const query = client.query as (...args: unknown[]) => unknown;
  const guarded = function (this: PgPoolClient, ...args: unknown[]): unknown {
    if (unguarded.has(client)) return query.apply(client, args);
    const watched = deadlines.watch(client);
    // Its duration goes to the metrics (db_query_duration_seconds, server/core/metrics.ts): one histogram update.
    const started = performance.now();
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      watched();
      observeQuery((performance.now() - started) / 1000);
    };
    // A query refused at once (a bad argument) is not watched until its deadline.
    const sent = (a: unknown[]) => {
      try {
        return query.apply(client, a);
      } catch (err) {
        done();
        throw err;
      }
    };
    const last = args.at(-1);
    if (typeof last === "function") {
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        return (last as (...a: unknown[]) => unknown)(...results);
      };
      return sent(args);
    }
    const result = sent(args);
    if (result instanceof Promise) return result.finally(done);
    // A submittable (a cursor, a stream) reports its end by events.
    const events = result as { once?: (event: string, fn: () => void) => unknown } | undefined;
    if (typeof events?.once === "function") {
      events.once("end", done);
      events.once("error", done);
    } else done();
    return result;
  };
  client.query = guarded as typeof client.query;
}

/**
 * Every wait on the database is bounded, so a request during an outage is answered (503) in seconds, never hangs:
 * - DATABASE_CONNECT_TIMEOUT_MS (default 5000): opening a connection, and waiting for a free one in the pool;
 * - DATABASE_STATEMENT_TIMEOUT_MS (default 30000, 0 for none): one statement, enforced by the server;
 * - DATABASE_QUERY_TIMEOUT_MS (default: the statement timeout + 5000): a query the server never answers (createPool);
 * - TCP keep-alive, so a connection to a vanished host is found dead rather than waited on.
 */
export function poolOptions(connectionString: string, env: Record<string, string | undefined> = process.env): import("pg").PoolConfig {
  const statementTimeout = whole(env.DATABASE_STATEMENT_TIMEOUT_MS, 30_000);
  return {
    connectionString,
    max: whole(env.DATABASE_POOL_SIZE, 10),
    connectionTimeoutMillis: whole(env.DATABASE_CONNECT_TIMEOUT_MS, 5_000),
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(statementTimeout > 0 ? { statement_timeout: statementTimeout } : {}),
  };
}

function whole(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isSafeInteger(n) && n >= 0 ? n : fallback;
}

/** The process-wide database, opened and migrated on first use. */
export function getDbHandle(): Promise<DbHandle> {
  if (!g[KEY]) {
    g[KEY] = open().catch((err: unknown) => {
      delete g[KEY];
      throw err;
    });
  }
  return g[KEY];
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

export async function closeDb(): Promise<void> {
  const pending = g[KEY];
  if (!pending) return;
  delete g[KEY];
  const handle = await pending.catch(() => undefined);
  await handle?.close();
}

/** Count rows of a table (used by start-up checks and tests). */
export async function isEmpty(db: Db): Promise<boolean> {
  const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${schema.users}`);
  return Number(res.rows[0]?.n ?? 0) === 0;
}
