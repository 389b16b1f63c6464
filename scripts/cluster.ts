/**
 * docker-compose.yml's topology without containers: several app processes (the production build, served by
 * scripts/e2e-server.ts) on one PostgreSQL database, with the system nginx in front running deploy/nginx.conf on free
 * ports. Used by tests/e2e/load-balancer.spec.ts; a benchmark can start one the same way.
 *
 *   const cluster = await startCluster({ processes: 2 });
 *   … cluster.url (through nginx), cluster.apps[i].url (one process directly) …
 *   await cluster.stop();
 *
 * Needs TEST_DATABASE_URL (the first process makes and seeds a scratch database there, dropped when it stops), a
 * production build (`next build`) and nginx (Debian package `nginx`, NGINX_PATH to use another binary).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./bench/free-port";

export interface ClusterProcess {
  /** This process directly, bypassing nginx. */
  url: string;
  child: ChildProcess;
  /** Everything it printed so far. */
  output: string[];
}

export interface Cluster {
  /** The site through nginx (SITE_URL of every process). */
  url: string;
  apps: ClusterProcess[];
  databaseUrl: string;
  /** nginx's working directory (generated config, logs, temp files). */
  nginxDir: string;
  /** nginx's access log so far: one line per request, `<client> <status> <upstream> "<request line>"`. */
  accessLog(): string;
  /** Stops nginx, then the processes (the first last: it drops the scratch database). Idempotent. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** App processes behind nginx (2 by default). */
  processes?: number;
  /** Extra environment for every process (TRUST_PROXY_HOPS is 1: nginx is the one proxy in front). */
  env?: Record<string, string>;
  /** The script each process runs (scripts/e2e-server.ts: it listens on E2E_PORT on 127.0.0.1). */
  serverScript?: string;
  /** How long a process may take to start (the first one seeds the demo content). */
  startTimeoutMs?: number;
  /**
   * A database every process joins (migrated by them, not seeded, not dropped): one on a private PostgreSQL a test
   * may stop and start. Without it the first process makes and seeds a scratch database on TEST_DATABASE_URL.
   */
  databaseUrl?: string;
}

const ROOT = path.resolve(import.meta.dirname, "..");
const NGINX = process.env.NGINX_PATH || "/usr/sbin/nginx";
/** The address nginx connects to the apps from (any 127.0.0.0/8 address is loopback on Linux). */
export const NGINX_SOURCE_ADDRESS = "127.0.0.2";

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  if (!process.env.TEST_DATABASE_URL && !options.databaseUrl) throw new Error("startCluster needs PostgreSQL (TEST_DATABASE_URL)");
  const count = options.processes ?? 2;
  const nginxPort = await freePort();
  const url = `http://127.0.0.1:${nginxPort}`;
  // One deployment: the processes share the database, the signing secret and the public origin (nginx's).
  const shared: Record<string, string> = { AUTH_SECRET: randomBytes(32).toString("hex"), SITE_URL: url, TRUST_PROXY_HOPS: "1", ...options.env };
  const script = options.serverScript ?? "scripts/e2e-server.ts";
  const timeout = options.startTimeoutMs ?? 180_000;

  const apps: ClusterProcess[] = [];
  let nginx: ChildProcess | undefined;
  let nginxDir: string | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await stopChild(nginx, "SIGQUIT");
      for (const app of [...apps].reverse()) await stopChild(app.child, "SIGTERM");
      if (nginxDir) rmSync(nginxDir, { recursive: true, force: true });
    })());

  try {
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      const first = await startApp(script, shared, /\[e2e\] database (\S+)[\s\S]*\[e2e\] serving/, timeout);
      apps.push(first);
      databaseUrl = first.match[1]!;
    }
    // The others join the first one's database (no scratch database, no seed), all starting at once.
    const others = await Promise.all(
      Array.from({ length: count - apps.length }, () => startApp(script, { ...shared, E2E_DATABASE_URL: databaseUrl }, /\[e2e\] serving/, timeout)),
    );
    apps.push(...others);

    nginxDir = mkdtempSync(path.join(tmpdir(), "manga-nginx-"));
    // nginx's workers (nobody, when started as root) must reach the temp directories inside.
    chmodSync(nginxDir, 0o755);
    const confPath = path.join(nginxDir, "nginx.conf");
    writeFileSync(confPath, clusterNginxConfig({ dir: nginxDir, port: nginxPort, upstreams: apps.map((a) => new URL(a.url).host) }));
    nginx = spawn(NGINX, ["-p", nginxDir, "-e", path.join(nginxDir, "error.log"), "-c", confPath, "-g", "daemon off;"], { stdio: ["ignore", "pipe", "pipe"] });
    const nginxOutput: string[] = [];
    nginx.stdout!.on("data", (c: Buffer) => nginxOutput.push(c.toString()));
    nginx.stderr!.on("data", (c: Buffer) => nginxOutput.push(c.toString()));
    const exited = new Promise<never>((_, reject) =>
      nginx!.once("exit", (code) => reject(new Error(`nginx exited (${code}):\n${nginxOutput.join("")}\n${readOr(path.join(nginxDir!, "error.log"))}`))),
    );
    await Promise.race([waitForHealth(`${url}/api/health`, 20_000), exited]);
    const dir = nginxDir;
    return { url, apps, databaseUrl, nginxDir: dir, accessLog: () => readOr(path.join(dir, "access.log")), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * deploy/nginx.conf made to run unprivileged on this machine: the listen port, the upstream servers (between the
 * "app servers" markers) and its own pid, log and temp paths; everything else (headers, timeouts, body size, the
 * socket location) is the file docker-compose.yml mounts.
 */
export function clusterNginxConfig(opts: { dir: string; port: number; upstreams: string[] }): string {
  const source = readFileSync(path.join(ROOT, "deploy", "nginx.conf"), "utf8");
  const replaceOnce = (text: string, pattern: RegExp, replacement: string) => {
    const hits = text.match(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`))?.length ?? 0;
    if (hits !== 1) throw new Error(`deploy/nginx.conf: expected exactly one ${pattern} (found ${hits})`);
    return text.replace(pattern, replacement);
  };
  const p = (name: string) => path.join(opts.dir, name);
  let conf = source;
  conf = replaceOnce(
    conf,
    /# app servers: begin\n[\s\S]*?\n(\s*)# app servers: end/,
    `# app servers: begin\n${opts.upstreams.map((host) => `$1server ${host} max_fails=3 fail_timeout=10s;`).join("\n")}\n$1# app servers: end`,
  );
  conf = replaceOnce(conf, /^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${opts.port};`);
  conf = replaceOnce(
    conf,
    /^http \{$/m,
    [
      "http {",
      `  log_format cluster '$remote_addr $status $upstream_addr "$request"';`,
      `  access_log ${p("access.log")} cluster;`,
      `  client_body_temp_path ${p("client_body")};`,
      `  proxy_temp_path ${p("proxy")};`,
      `  fastcgi_temp_path ${p("fastcgi")};`,
      `  uwsgi_temp_path ${p("uwsgi")};`,
      `  scgi_temp_path ${p("scgi")};`,
      // nginx reaches the apps from another loopback address than its clients', as it would from another host: the
      // apps' peer (nginx) is then told apart from the client address they should see.
      `  proxy_bind ${NGINX_SOURCE_ADDRESS};`,
    ].join("\n"),
  );
  return `pid ${p("nginx.pid")};\nerror_log ${p("error.log")} warn;\n${conf}`;
}

async function startApp(script: string, env: Record<string, string>, waitFor: RegExp, timeoutMs: number): Promise<ClusterProcess & { match: RegExpMatchArray }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: ROOT,
    env: { ...process.env, ...env, E2E_PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`app process did not start:\n${output.join("")}`)), timeoutMs);
    child.stdout!.on("data", (chunk: Buffer) => {
      output.push(chunk.toString());
      const found = output.join("").match(waitFor);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`app process exited (${code ?? signal}):\n${output.join("")}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, child, output, match };
}

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer in time (${last})`);
}

async function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

function readOr(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}
