import { afterAll } from "vitest";
import { closeDb } from "@/db/client";
import { closeBus } from "@/server/core/bus";
import { openScratchDatabase } from "@/db/scratch";

/**
 * Every test file gets a database of its own: a fresh database on the Postgres server named by
 * TEST_DATABASE_URL when it is set (as in CI), otherwise an in-memory PGlite. Migrations run on first use.
 */
const dropDatabase = await openScratchDatabase({ serverUrl: process.env.TEST_DATABASE_URL, prefix: "t", pglite: "memory" });

afterAll(async () => {
  // The bus's listening connection first: a database with a session open cannot be dropped.
  await closeBus();
  await closeDb();
  await dropDatabase();
});
