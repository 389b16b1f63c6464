/**
 * The production server (server/main.ts, NODE_ENV=production) in a child process on a free port, for the benchmarks.
 * Needs a production build in .next (`npm run build`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port";
import { SMOKE } from "./smoke";

const root = process.cwd();

export interface BenchApp {
  url: string;
  proc: ChildProcess;
  /** The end of what the server printed (its log lines). */
  logTail: (bytes?: number) => string;
}

const logFiles = new WeakMap<ChildProcess, string>();

/** The last `bytes` of a file, "" when it is gone. */
function tailOf(file: string, bytes: number): string {
  try {
    const fd = fs.openSync(file, "r");
    try {
      const size = fs.fstatSync(fd).size;
      const length = Math.min(bytes, size);
      const buf = Buffer.alloc(length);
      fs.readSync(fd, buf, 0, length, size - length);
      return buf.toString();
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return "";
  }
}

/**
 * `appDir`: another checkout with its own build (a before/after comparison); this one by default.
 *
 * The server's output (a JSON line per request) goes to a file, not through a pipe into this process: the load
 * generator runs here, and reading ~1 MB/s of log lines on its event loop slowed it during the app's turns only (the
 * bare server prints nothing), which the figures counted against the app.
 */
export async function startApp(databaseUrl: string, extraEnv: Record<string, string> = {}, appDir = root): Promise<BenchApp> {
  const port = await freePort();
  const logFile = path.join(os.tmpdir(), `bench-app-${process.pid}-${port}.log`);
  const out = fs.openSync(logFile, "w");
  // BENCH_APP_NODE_FLAGS: Node options for the app alone (e.g. "--max-semi-space-size=32"), to try a setting.
  const flags = (process.env.BENCH_APP_NODE_FLAGS ?? "").split(/\s+/).filter(Boolean);
  const proc = spawn(process.execPath, [...flags, "--import", "tsx", path.join(appDir, "server/main.ts")], {
    cwd: appDir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      AUTH_SECRET: process.env.AUTH_SECRET || randomBytes(32).toString("hex"),
      NEXT_TELEMETRY_DISABLED: "1",
      // Benchmarks drive the API from one address without signing in: the anonymous read limits would answer 429
      // (docs/decisions/018). The abuse benchmark turns them back on.
      RATE_LIMIT_API_READ: "off",
      // Likewise each address's share of page renders (server/http/page-renders.ts).
      RATE_LIMIT_PAGE_RENDER: "off",
      // At the smoke size no figure means anything: the server opens its port without rendering 20 previews first.
      ...(SMOKE ? { PAGE_CACHE_WARM: "0" } : {}),
      ...extraEnv,
    },
    stdio: ["ignore", out, out],
  });
  fs.closeSync(out);
  logFiles.set(proc, logFile);
  const logTail = (bytes = 20_000) => tailOf(logFile, bytes);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (proc.exitCode !== null) {
      const log = logTail(200_000);
      fs.rmSync(logFile, { force: true });
      throw new Error(`the app exited early:\n${log}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, proc, logTail };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stopApp(proc, { keepLog: true });
  const log = logTail(200_000);
  fs.rmSync(logFile, { force: true });
  throw new Error(`the app did not start:\n${log}`);
}

/** Stops the server and removes its log file (unless `keepLog`). */
export async function stopApp(proc: ChildProcess, opts: { keepLog?: boolean } = {}): Promise<void> {
  if (proc.exitCode === null && proc.signalCode === null) {
    const exited = new Promise((r) => proc.once("exit", r));
    proc.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (proc.exitCode === null) proc.kill("SIGKILL");
  }
  const file = logFiles.get(proc);
  if (file && !opts.keepLog) fs.rmSync(file, { force: true });
}

