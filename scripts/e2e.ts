/**
 * `npm run test:e2e`: builds the production bundle, then runs the Playwright suite on the system Chromium against a
 * server on a free port (another server may hold any fixed one; E2E_PORT picks one explicitly).
 */
import { spawnSync } from "node:child_process";
import { freePort } from "./bench/free-port";
import { createDemoTemplate } from "./e2e-demo-template";

function run(cmd: string, args: string[], env: Record<string, string> = {}) {
  const res = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env } });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

if (process.env.E2E_SKIP_BUILD !== "1") {
  // `npm test` has just type-checked the code, so the build skips its own type check.
  run(process.execPath, ["node_modules/next/dist/bin/next", "build"], { SKIP_BUILD_TYPECHECK: "1" });
}
const port = process.env.E2E_PORT || String(await freePort());
// On Postgres the demo content is seeded once, for every server of the run to copy (./e2e-demo-template.ts).
const serverUrl = process.env.TEST_DATABASE_URL;
const template = serverUrl && !process.env.E2E_DEMO_TEMPLATE ? await createDemoTemplate(serverUrl) : undefined;
const env: Record<string, string> = { E2E_PORT: port, ...(template ? { E2E_DEMO_TEMPLATE: template.url } : {}) };
const res = spawnSync(process.execPath, ["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
});
await template?.drop().catch((err: unknown) => console.error(`[e2e] could not drop the demo template: ${String(err)}`));
process.exit(res.status ?? 1);
