import type { TestProject } from "vitest/node";
import { closeDb, getDbHandle } from "@/db/client";
import { openScratchDatabase } from "@/db/scratch";

declare module "vitest" {
  export interface ProvidedContext {
    /** The database every test file's database is copied from (TEST_DATABASE_URL runs only). */
    testDatabaseTemplate?: string;
  }
}

/**
 * Vitest globalSetup: when TEST_DATABASE_URL is set, creates one database, migrates it as getDb() does (by calling it),
 * and offers it to the workers (inject("testDatabaseTemplate")) as the template of each test file's database, which
 * then starts migrated: its own first getDb() finds no migration to run. Dropped when the run ends.
 * No session may stay connected to a template (CREATE DATABASE … TEMPLATE refuses), so it is closed to connections.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  // openScratchDatabase and getDb() speak through DATABASE_URL; the workers set their own, so put it back after.
  const saved = { DATABASE_URL: process.env.DATABASE_URL, PGLITE_DIR: process.env.PGLITE_DIR };
  let drop: (() => Promise<void>) | undefined;
  try {
    drop = await openScratchDatabase({ serverUrl, prefix: "tmpl" });
    const name = decodeURIComponent(new URL(process.env.DATABASE_URL ?? "").pathname.slice(1));
    try {
      await getDbHandle();
    } finally {
      await closeDb();
    }
    await closeToConnections(serverUrl, name);
    project.provide("testDatabaseTemplate", name);
  } catch (err) {
    await drop?.().catch(() => undefined);
    throw err;
  } finally {
    restore("DATABASE_URL", saved.DATABASE_URL);
    restore("PGLITE_DIR", saved.PGLITE_DIR);
  }
  return drop;
}

/** Forbids new connections to the database, then waits for the last backend of the closed pool to exit. */
async function closeToConnections(serverUrl: string, name: string): Promise<void> {
  const { Client } = await import("pg");
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`alter database "${name}" with allow_connections false`);
    for (let i = 0; ; i++) {
      const { rows } = await admin.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
      if (rows[0]?.n === 0) break;
      if (i >= 100) throw new Error(`[test database] sessions still connected to the template ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await admin.end();
  }
}

function restore(key: string, value: string | undefined): void {
  if (value === undefined) delete process.env[key];
  else process.env[key] = value;
}
