import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { drizzle } from "drizzle-orm/node-postgres";
import { createPool, getDbHandle, poolOptions, queryTimeoutMs } from "@/db/client";
import { isDatabaseUnavailable } from "@/server/core/database-unavailable";

/**
 * The pool survives connections killed under it (docs/decisions/019, Faults): a connection ended while a transaction
 * holds it between two statements (its `error` event has no listener of pg-pool's then, which used to end the
 * process), and idle ones; the next query connects afresh. Needs PostgreSQL (TEST_DATABASE_URL).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe("pool options", () => {
  it("bound every wait, from the environment or by default", () => {
    expect(poolOptions("postgres://x", {})).toMatchObject({ max: 10, connectionTimeoutMillis: 5000, statement_timeout: 30_000, keepAlive: true });
    const set = poolOptions("postgres://x", { DATABASE_POOL_SIZE: "4", DATABASE_CONNECT_TIMEOUT_MS: "2000", DATABASE_STATEMENT_TIMEOUT_MS: "0" });
    expect(set).toMatchObject({ max: 4, connectionTimeoutMillis: 2000 });
    expect(set).not.toHaveProperty("statement_timeout");
    expect(poolOptions("postgres://x", { DATABASE_CONNECT_TIMEOUT_MS: "soon" }).connectionTimeoutMillis).toBe(5000);
    expect(queryTimeoutMs({})).toBe(35_000);
    expect(queryTimeoutMs({ DATABASE_STATEMENT_TIMEOUT_MS: "0" })).toBe(0);
    expect(queryTimeoutMs({ DATABASE_QUERY_TIMEOUT_MS: "1000" })).toBe(1000);
  });
});

describe.runIf(onPostgres)("killed connections", () => {
  /** Ends the matching sessions of this test's database from a connection of its own (outside the pool). */
  const terminate = async (filter: string) => {
    const { Client } = await import("pg");
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and ${filter}`);
    } finally {
      await admin.end();
    }
  };

  it("a transaction whose connection is ended between statements fails as unavailable, and the process goes on", async () => {
    const { db } = await getDbHandle();
    let pid = 0;
    const outcome = await db
      .transaction(async (tx) => {
        pid = Number((await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]!.pid);
        // Ended from outside while this transaction waits between two statements.
        await terminate(`pid = ${pid}`);
        // The FATAL message and the socket's end arrive while no query runs on this connection: wait until it is gone.
        await expect.poll(async () => (await db.execute(sql.raw(`select 1 from pg_stat_activity where pid = ${pid}`))).rows.length).toBe(0);
        await tx.execute(sql`select 1`);
        return "committed";
      })
      .catch((err: unknown) => err);
    expect(pid).toBeGreaterThan(0);
    expect(isDatabaseUnavailable(outcome)).toBe(true);
    // The dead connection was dropped, not handed out again: the next queries work.
    for (let i = 0; i < 12; i++) expect((await db.execute<{ one: number }>(sql`select 1 as one`)).rows[0]?.one).toBe(1);
  });

  it("idle connections ended under the pool are replaced", async () => {
    const { db } = await getDbHandle();
    await Promise.all(Array.from({ length: 4 }, () => db.execute(sql`select pg_sleep(0.05)`)));
    const { raw } = await getDbHandle();
    const pool = raw as { idleCount: number };
    expect(pool.idleCount).toBeGreaterThan(0);
    await terminate(`application_name not like 'manga-bus:%' and backend_type = 'client backend'`);
    // The pool hears of each ended idle connection and drops it.
    await expect.poll(() => pool.idleCount).toBe(0);
    const answers = await Promise.all(Array.from({ length: 4 }, () => db.execute<{ one: number }>(sql`select 1 as one`).then((r) => r.rows[0]?.one)));
    expect(answers).toEqual([1, 1, 1, 1]);
  });

  it("a query the server never answers ends its connection after the query timeout, and the pool goes on", async () => {
    // pg_sleep stands for a frozen server or a cut network: no answer, no error, no end of the connection.
    const pool = await createPool(process.env.DATABASE_URL!, { DATABASE_STATEMENT_TIMEOUT_MS: "0", DATABASE_QUERY_TIMEOUT_MS: "300" });
    const db = drizzle(pool);
    try {
      let started = performance.now();
      const alone = await db.execute(sql`select pg_sleep(5)`).catch((err: unknown) => err);
      expect(isDatabaseUnavailable(alone)).toBe(true);
      expect(performance.now() - started).toBeLessThan(2_500);
      // In a transaction, its rollback (queued behind the silent query) fails at once too instead of waiting.
      started = performance.now();
      const inTransaction = await db.transaction(async (tx) => tx.execute(sql`select pg_sleep(5)`)).catch((err: unknown) => err);
      expect(isDatabaseUnavailable(inTransaction)).toBe(true);
      expect(performance.now() - started).toBeLessThan(2_500);
      for (let i = 0; i < 5; i++) expect((await db.execute<{ one: number }>(sql`select 1 as one`)).rows[0]?.one).toBe(1);
    } finally {
      await pool.end();
    }
  });
});
