/** `npm run test:e2e`: builds the production bundle, then runs the Playwright suite on the system Chromium. */
import { spawnSync } from "node:child_process";

function run(cmd: string, args: string[], env: Record<string, string> = {}) {
  const res = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env } });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

if (process.env.E2E_SKIP_BUILD !== "1") {
  // `npm test` has just type-checked the code, so the build skips its own type check.
  run(process.execPath, ["node_modules/next/dist/bin/next", "build"], { SKIP_BUILD_TYPECHECK: "1" });
}
run(process.execPath, ["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)]);
