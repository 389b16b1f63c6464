/**
 * The production server (server/main.ts, NODE_ENV=production) in a child process on a free port, for the benchmarks.
 * Needs a production build in .next (`npm run build`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { freePort } from "./free-port";
import { SMOKE } from "./smoke";

const root = process.cwd();

/** `appDir`: another checkout with its own build (a before/after comparison); this one by default. */
export async function startApp(databaseUrl: string, extraEnv: Record<string, string> = {}, appDir = root): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const proc = spawn(process.execPath, ["--import", "tsx", path.join(appDir, "server/main.ts")], {
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
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  proc.stdout?.on("data", (d: Buffer) => (log += d.toString()));
  proc.stderr?.on("data", (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (proc.exitCode !== null) throw new Error(`the app exited early:\n${log}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, proc };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  proc.kill("SIGTERM");
  throw new Error(`the app did not start:\n${log}`);
}

export async function stopApp(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once("exit", r));
  proc.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (proc.exitCode === null) proc.kill("SIGKILL");
}

