import { randomBytes } from "node:crypto";
import { afterAll } from "vitest";
import { closeDb } from "@/db/client";

/**
 * Every test file gets a database of its own: a fresh database on the Postgres server named by
 * TEST_DATABASE_URL when it is set (as in CI), otherwise an in-memory PGlite. Migrations run on first use.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
let dropName: string | undefined;

if (serverUrl) {
  const { Client } = await import("pg");
  const name = `t_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  dropName = name;
} else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
}

afterAll(async () => {
  await closeDb();
  if (serverUrl && dropName) {
    const { Client } = await import("pg");
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dropName} with (force)`);
    await admin.end();
  }
});
