/**
 * npm run db:seed — adds the demo content to the configured database (PGlite in ./data, or
 * DATABASE_URL) when it has no users yet, and prints the demo accounts.
 */
import { closeDb, databaseConfig, getDb } from "../db/client";
import { seedDemo } from "./seed/index";

const started = performance.now();
const { kind } = databaseConfig();
try {
  const db = await getDb();
  const { accounts } = await seedDemo(db, { log: (message) => console.log(`[seed] ${message}`) });
  console.log(`[seed] done on ${kind} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (accounts.length > 0) {
    console.log("\nDemo accounts (sign in with the username or the e-mail):");
    console.table(accounts);
  }
} finally {
  await closeDb();
}
