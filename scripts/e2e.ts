/**
 * `npm run test:e2e`: builds the production bundle, then runs the Playwright suite on the system Chromium against a
 * server on a free port (another server may hold any fixed one; E2E_PORT picks one explicitly).
 */
import { spawnSync } from "node:child_process";
import { freePort } from "./bench/free-port";

function run(cmd: string, args: string[], env: Record<string, string> = {}) {
  const res = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env } });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

if (process.env.E2E_SKIP_BUILD !== "1") {
  // `npm test` has just type-checked the code, so the build skips its own type check.
  run(process.execPath, ["node_modules/next/dist/bin/next", "build"], { SKIP_BUILD_TYPECHECK: "1" });
}
const port = process.env.E2E_PORT || String(await freePort());
run(process.execPath, ["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)], { E2E_PORT: port });
