import { spawn } from "node:child_process";
import pg from "pg";

/**
 * The demo content seeded once per browser-test run into a template database on TEST_DATABASE_URL's server: every
 * scripts/e2e-server.ts of the run (the suite's own, the fault and cluster tests' processes, the benchmarks' demo
 * sites) copies it (`E2E_DEMO_TEMPLATE`) in a second or two instead of seeding again (a minute each on a 2-core
 * machine, several on a busy one). Copies are identical to a fresh seed (the seed is deterministic; its dates are
 * days and hours back from the moment it ran, so a copy made within the run's hour tells the same story). Nobody may
 * connect to a template while it is copied, so it is closed to connections once seeded. `url` names it with its server:
 * a process pointed at another PostgreSQL server (the cluster benchmark's private one) seeds its own.
 */
export async function createDemoTemplate(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `e2e_demo_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const drop = () => admin(`drop database if exists ${name} with (force)`);
  await drop();
  await admin(`create database ${name}`);
  const url = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  try {
    await seed(url);
    await admin(`alter database ${name} with allow_connections false`);
  } catch (err) {
    await drop().catch(() => undefined);
    throw err;
  }
  return { url, drop };
}

/** The template's database name when `templateUrl` (E2E_DEMO_TEMPLATE) is on the server of `serverUrl`, else undefined. */
export function demoTemplateOn(serverUrl: string | undefined, templateUrl: string | undefined): string | undefined {
  if (!serverUrl || !templateUrl) return undefined;
  try {
    const server = new URL(serverUrl);
    const template = new URL(templateUrl);
    const name = template.pathname.slice(1);
    return server.host === template.host && /^[a-z0-9_]+$/.test(name) ? name : undefined;
  } catch {
    return undefined;
  }
}

function seed(databaseUrl: string): Promise<void> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/seed.ts"], {
      env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`seeding the demo template failed (${code}):\n${output.slice(-3000)}`));
      console.log(`[e2e] demo template seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      resolve();
    });
  });
}
