import { execFile, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "pg";
import { freePort } from "../../scripts/bench/free-port";

/**
 * What the fault tests (db-restart.spec.ts, graceful-shutdown.spec.ts, job-recovery.spec.ts) share: app server processes
 * started as scripts/e2e-server.ts (the production build on a database of their own or on a given one), and a private
 * PostgreSQL cluster that a test may stop and start (the CI Postgres at 5432 is shared by the suite: never restarted).
 */

export interface AppProcess {
  base: string;
  child: ChildProcess;
  output: string[];
  match: RegExpMatchArray;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  log(): string;
}

/** Starts scripts/e2e-server.ts on a free port and waits until its output matches `waitFor`. */
export async function startAppProcess(env: Record<string, string>, waitFor: RegExp = /\[e2e\] serving/, fixedPort?: number): Promise<AppProcess> {
  const port = fixedPort ?? (await freePort());
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/e2e-server.ts"], {
    env: { ...process.env, ...env, E2E_PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const exited = new Promise<number | string>((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal ?? "?")));
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join("")}`)), 240_000);
    const check = () => {
      const found = output.join("").match(waitFor);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout!.on("data", check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output.join("")}`));
    });
  });
  return { base: `http://127.0.0.1:${port}`, child, output, match, exited, log: () => output.join("") };
}

/** SIGTERM (a graceful stop) and waits for the exit; a no-op when already gone. */
export async function stopAppProcess(server: AppProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill("SIGTERM");
  await server.exited;
}

const run = promisify(execFile);

/** A PostgreSQL cluster of the test's own, in a temporary directory, on a free port. */
export interface PrivatePostgres {
  /** `postgresql://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  /** `pg_ctl stop` (fast: sessions are ended, the data is checkpointed). */
  stop(mode?: "fast" | "immediate"): Promise<void>;
  /** `pg_ctl start`, resolving once it accepts connections. */
  start(): Promise<void>;
  /** Stops it (if running) and deletes its directory. */
  destroy(): Promise<void>;
}

/** The directory holding initdb and pg_ctl (Debian: /usr/lib/postgresql/<major>/bin), if any. */
function postgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  const majors = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  return majors.map((m) => path.join(root, m, "bin")).find((dir) => fs.existsSync(path.join(dir, "initdb")) && fs.existsSync(path.join(dir, "pg_ctl")));
}

/** Why a private cluster cannot be started here, or undefined when it can. */
export function privatePostgresMissing(): string | undefined {
  if (!postgresBin()) return "needs PostgreSQL's server binaries (/usr/lib/postgresql/*/bin/initdb and pg_ctl)";
  if (process.getuid?.() === 0) {
    if (!fs.existsSync("/usr/sbin/runuser")) return "needs runuser to run PostgreSQL as the postgres user";
    if (spawnSync("id", ["-u", "postgres"]).status !== 0) return "needs a postgres OS user to run PostgreSQL as (it refuses root)";
  }
  return undefined;
}

/**
 * initdb + pg_ctl start of a throw-away cluster. As root it runs as the `postgres` OS user (PostgreSQL refuses root),
 * otherwise as the current user. Trust authentication, listening on 127.0.0.1 only, its socket in its own directory.
 * fsync is off: the tests stop the server, never the machine, so what was committed survives a restart all the same.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error(privatePostgresMissing());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "faults-pg-"));
  const data = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    fs.chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run("/usr/sbin/runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  const port = await freePort();
  await pg("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale=C"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  let running = false;
  const start = async () => {
    await pg("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "-t", "60", "start"]);
    running = true;
  };
  const stop = async (mode: "fast" | "immediate" = "fast") => {
    await pg("pg_ctl", ["-D", data, "-m", mode, "-w", "-t", "60", "stop"]);
    running = false;
  };
  await start();
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy: async () => {
      if (running) await stop("immediate").catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `url` with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One statement on its own connection; answers the rows. */
export async function sqlOn<R extends object = Record<string, unknown>>(url: string, statement: string, params: unknown[] = []): Promise<R[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement, params)).rows as R[];
  } finally {
    await client.end();
  }
}
