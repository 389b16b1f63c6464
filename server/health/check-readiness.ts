import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { getDbHandle, MIGRATIONS_DIR, type Db } from "@/db/client";
import { getBus, type Bus } from "@/server/core/bus";

/**
 * Readiness (`GET /api/health/ready`, docs/decisions/026): may this process take traffic that needs the database?
 * Three checks, one query: the database answers, its applied migrations reach the newest one this build ships
 * (drizzle's `__drizzle_migrations.created_at` is the journal's `when`), and the bus's listener is connected (else
 * other processes' changes and notifications would not reach this one). Any failure is "not ready": the caller answers
 * 503 and a load balancer sends visitors elsewhere; liveness (`/api/health/live`) stays up meanwhile.
 */
export type CheckState = "ok" | "failed";
export interface Readiness {
  ready: boolean;
  checks: { database: CheckState; migrations: CheckState | "unknown"; bus: CheckState };
}

export interface ReadinessDeps {
  db?: Db;
  bus?: Pick<Bus, "isListening">;
  /** The newest migration's timestamp (the journal's `when`); read from db/migrations by default. */
  expectedMigration?: number;
  /** The check's whole budget: a database that does not answer within it is "failed" (2 s). */
  timeoutMs?: number;
}

let journalNewest: number | undefined;

/** The newest migration's `when` in db/migrations/meta/_journal.json (read once per process). */
export function newestMigration(): number {
  if (journalNewest === undefined) {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as { entries: Array<{ when: number }> };
    journalNewest = Math.max(0, ...journal.entries.map((e) => e.when));
  }
  return journalNewest;
}

/** The database's part of readiness: it answers, and its migrations reach this build's newest. One query. */
export async function checkDatabase(deps: Pick<ReadinessDeps, "db" | "expectedMigration" | "timeoutMs"> = {}): Promise<Pick<Readiness["checks"], "database" | "migrations">> {
  const timeoutMs = deps.timeoutMs ?? 2_000;
  const expected = deps.expectedMigration ?? newestMigration();
  let database: CheckState = "failed";
  let migrations: Readiness["checks"]["migrations"] = "unknown";
  let timer: NodeJS.Timeout | undefined;
  try {
    const query = (async () => {
      const db = deps.db ?? (await getDbHandle()).db;
      const res = await db.execute<{ applied: string | number | null }>(sql`select max(created_at) as applied from drizzle.__drizzle_migrations`);
      return Number(res.rows[0]?.applied ?? 0);
    })();
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("readiness: database check timed out")), timeoutMs)));
    const applied = await Promise.race([query, late]);
    database = "ok";
    migrations = applied >= expected ? "ok" : "failed";
  } catch {
    // Unreachable, timed out, or no migrations table: not ready. The reason is the database's log's business.
  } finally {
    clearTimeout(timer);
  }
  return { database, migrations };
}

/** `database`: the database's part as already checked (the route shares one check a second: shared-check.ts). */
export async function checkReadiness(deps: ReadinessDeps & { database?: () => Promise<Pick<Readiness["checks"], "database" | "migrations">> } = {}): Promise<Readiness> {
  const { database, migrations } = await (deps.database ? deps.database() : checkDatabase(deps));
  // The bus is read each time: a flag, no query.
  let bus: CheckState = "failed";
  try {
    bus = (deps.bus ?? (await getBus())).isListening() ? "ok" : "failed";
  } catch {
    // No bus (the database never opened): not ready.
  }
  return { ready: database === "ok" && migrations === "ok" && bus === "ok", checks: { database, migrations, bus } };
}
