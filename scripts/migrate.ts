/** `npm run db:migrate`: opens the database (which applies pending migrations) and closes it. */
import { closeDb, databaseConfig, getDbHandle } from "../db/client";

const { kind } = databaseConfig();
try {
  await getDbHandle();
  console.log(`[migrate] ${kind === "pg" ? "PostgreSQL (DATABASE_URL)" : "embedded PGlite"} is up to date`);
} catch (err) {
  console.error("[migrate] failed:", err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await closeDb();
}
