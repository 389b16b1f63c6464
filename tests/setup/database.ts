import { afterAll, inject } from "vitest";
import { closeDb } from "@/db/client";
import { closeBus } from "@/server/core/bus";
import { openScratchDatabase } from "@/db/scratch";

/**
 * Every test file gets a database of its own: on the Postgres server named by TEST_DATABASE_URL when it is set
 * (as in CI), a copy of the database migrated once for the run (tests/setup/database-template.ts), otherwise an
 * in-memory PGlite. Migrations run on first use (on Postgres, finding none left to apply).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const template = serverUrl ? inject("testDatabaseTemplate") : undefined;
const dropDatabase = await openScratchDatabase({ serverUrl, prefix: "t", pglite: "memory", template });

afterAll(async () => {
  // The bus's listening connection first: a database with a session open cannot be dropped.
  await closeBus();
  await closeDb();
  await dropDatabase();
});
