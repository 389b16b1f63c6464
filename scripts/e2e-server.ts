/**
 * Serves the production build for the browser tests on a database of its own, seeded with the demo content.
 * With TEST_DATABASE_URL a fresh Postgres database is created (and dropped on exit); otherwise a temporary PGlite.
 */
import { randomBytes } from "node:crypto";

const port = Number(process.env.E2E_PORT || 3100);
Object.assign(process.env, { NODE_ENV: "production" });
process.env.SITE_URL ||= `http://127.0.0.1:${port}`;
process.env.AUTH_SECRET ||= randomBytes(32).toString("hex");
// Premium pages' signed URLs live 20-25 s here (2 hours by default), so a browser test can see one expire (issue 19,
// item 11); the reader fetches fresh ones when an image fails.
process.env.MEDIA_URL_TTL_SECONDS ||= "20";
// The page cache warms a few previews only: the browser tests start this server a dozen times (docs/decisions/019).
process.env.PAGE_CACHE_WARM ||= "3";
// Every browser test is a new browser on 127.0.0.1: hundreds of fresh visitors from one address, far past the viewer
// cookies one address is issued per day (RATE_RULES.viewerCookieIp, issue 27 item 4). Each still needs its own cookie
// to count as the reader it plays, as every browser on its own address would.
process.env.RATE_LIMIT_VIEWER_COOKIE_IP ||= "off";
// The /api/test/* helpers (outbox reader, must-select-role setup) answer only in this process.
process.env.E2E_TEST_ROUTES = "1";

const { getDb, closeDb } = await import("../db/client");
let cleanup: () => Promise<void> = async () => undefined;
if (process.env.E2E_DATABASE_URL) {
  // A second server on the first one's database (the several-process test): no scratch database, no seed.
  process.env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  const { waitForDatabase } = await import("../server/core/wait-for-database");
  await waitForDatabase(getDb);
} else {
  const { openScratchDatabase } = await import("../db/scratch");
  const serverUrl = process.env.TEST_DATABASE_URL;
  // A copy of the run's seeded template when there is one (scripts/e2e-demo-template.ts), else seeded here.
  const { demoTemplateOn } = await import("./e2e-demo-template");
  const template = demoTemplateOn(serverUrl, process.env.E2E_DEMO_TEMPLATE);
  const started = Date.now();
  cleanup = await openScratchDatabase({ serverUrl, prefix: "e2e", template });
  if (template) {
    await getDb();
    console.log(`[e2e] demo content copied from ${template} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else {
    const { seedDemo } = await import("./seed/index");
    await seedDemo(await getDb(), { log: () => undefined });
    console.log(`[e2e] demo content seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (process.env.DATABASE_URL) console.log(`[e2e] database ${process.env.DATABASE_URL}`);
}

const { startServer } = await import("../server/main");
const server = await startServer({ port, dev: false, hostname: "127.0.0.1" });
console.log(`[e2e] serving ${server.url}`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await server.close().catch(() => undefined);
  await closeDb().catch(() => undefined);
  await cleanup().catch(() => undefined);
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
