import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";

/**
 * Points this process at a database of its own, for tests, the browser-test server and benchmarks: a fresh
 * database on the Postgres server `serverUrl` when given (DATABASE_URL), else a temporary or in-memory PGlite
 * (PGLITE_DIR). Returns the clean-up that drops or deletes it. Call before the first getDb().
 * `template` (Postgres only): a database, with no session connected to it, to copy rather than start empty.
 */
export async function openScratchDatabase(opts: {
  serverUrl?: string;
  prefix: string;
  pglite?: "temp-dir" | "memory";
  template?: string;
}): Promise<() => Promise<void>> {
  const { serverUrl, prefix, template } = opts;
  if (serverUrl) {
    if (template !== undefined && !/^[a-z0-9_]+$/.test(template)) throw new Error(`openScratchDatabase: bad template name ${template}`);
    const { Client } = await import("pg");
    const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = async (statement: string) => {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(template ? `create database ${name} template ${template}` : `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    process.env.DATABASE_URL = url.toString();
    return () => admin(`drop database if exists ${name} with (force)`);
  }
  delete process.env.DATABASE_URL;
  if (opts.pglite === "memory") {
    process.env.PGLITE_DIR = "memory://";
    return async () => undefined;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  process.env.PGLITE_DIR = dir;
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}
