import { startCluster, type Cluster } from "../../scripts/cluster";
import { privatePostgresMissing, sqlOn, startPrivatePostgres, withDatabase, type PrivatePostgres } from "./fault-kit";
import { expect, test } from "./fixtures";

/**
 * Issue 33's "done when" in the two-process topology with a real PostgreSQL restart (docs/decisions/026): two app
 * processes behind nginx (scripts/cluster.ts) on a private PostgreSQL cluster of their own (initdb + pg_ctl in a temp
 * directory on its own port, tests/e2e/fault-kit.ts: the suite's shared PostgreSQL is never stopped). Light load runs
 * through nginx the whole time. While it runs both processes' metrics are scraped and their counters move, and their
 * JSON request lines carry nginx's request ids; then PostgreSQL is stopped (`pg_ctl stop -m fast`): readiness drops to
 * 503 on both processes while liveness stays 200, directly and through nginx, and nginx keeps serving the cached
 * landing page; PostgreSQL is started again: readiness comes back on both. load-balancer.spec.ts covers the same with
 * the shared cluster's database refusing connections instead of a restart.
 */
test.describe.configure({ mode: "serial" });

const METRICS_TOKEN = "restart-metrics-token-0123456789";

test.describe("two processes behind nginx while PostgreSQL restarts", () => {
  test.skip(({ isMobile }) => isMobile, "a server check: one viewport");
  const missing = privatePostgresMissing();
  test.skip(missing !== undefined, missing ?? "");

  let pg: PrivatePostgres | undefined;
  let cluster: Cluster | undefined;
  test.afterAll(async () => {
    await cluster?.stop();
    await pg?.destroy();
  });

  test("metrics move on both processes under load, request ids in both logs; readiness drops and returns, liveness and cached pages stay", async ({ request }) => {
    test.setTimeout(420_000);
    pg = await startPrivatePostgres();
    await sqlOn(pg.url, "create database site");
    // Migrated by the processes, not seeded (a minute here): the landing page renders from an empty catalogue.
    cluster = await startCluster({ processes: 2, databaseUrl: withDatabase(pg.url, "site"), env: { METRICS_TOKEN, RATE_LIMIT_API_READ: "off", RATE_LIMIT_PAGE_RENDER: "off" } });
    const c = cluster;
    const status = async (url: string) => (await request.get(url, { timeout: 10_000 })).status();
    for (const app of c.apps) {
      expect(await status(`${app.url}/api/health/ready`)).toBe(200);
      // In each process's page cache (a second request is a hit).
      await expect.poll(async () => (await request.get(`${app.url}/`)).headers()["x-page-cache"]).toBe("HIT");
    }

    // Light load through nginx until the end: pages, the API, liveness.
    const answers: Array<{ path: string; status: number; id?: string }> = [];
    let loading = true;
    const load = Promise.all(
      Array.from({ length: 2 }, async (_, worker) => {
        for (let i = 0; loading; i++) {
          const path = ["/", "/api/manga/PaginatedManga?page=1&pageSize=20", "/api/health/live"][(i + worker) % 3]!;
          const res = await request.get(`${c.url}${path}`, { timeout: 10_000 }).catch(() => undefined);
          answers.push({ path, status: res?.status() ?? 0, id: res?.headers()["x-request-id"] });
        }
      }),
    );
    try {
      // Both processes' counters move while it runs.
      const requests = async (base: string) => {
        const text = await (await request.get(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
        return [...text.matchAll(/^http_request_duration_seconds_count\{[^}]*\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
      };
      const before = await Promise.all(c.apps.map((app) => requests(app.url)));
      for (const [i, app] of c.apps.entries()) await expect.poll(() => requests(app.url), { message: `process ${i + 1}` }).toBeGreaterThan(before[i]! + 5);
      // nginx's request ids are on JSON request lines, and both processes wrote some.
      const ids = answers.filter((a) => a.status === 200 && a.path !== "/api/health/live").map((a) => a.id!).slice(0, 20);
      expect(ids.length).toBeGreaterThan(0);
      const logged = () => c.apps.map((app) => new Set(app.output.join("").split("\n").filter((l) => l.startsWith("{") && l.includes('"msg":"request"')).map((l) => (JSON.parse(l) as { requestId: string }).requestId)));
      await expect.poll(() => ids.filter((id) => !logged().some((set) => set.has(id))).length).toBe(0);
      for (const [i, set] of logged().entries()) expect([...set].filter((id) => /^[0-9a-f]{32}$/.test(id)).length, `process ${i + 1}'s lines with nginx's ids`).toBeGreaterThan(0);

      await pg.stop("fast");
      const outage = answers.length;
      for (const app of c.apps) {
        await expect.poll(() => status(`${app.url}/api/health/ready`), { timeout: 15_000, intervals: [200] }).toBe(503);
        expect(await status(`${app.url}/api/health/live`)).toBe(200);
      }
      for (let i = 0; i < 4; i++) {
        expect(await status(`${c.url}/api/health/live`)).toBe(200);
        expect(await status(`${c.url}/`)).toBe(200);
      }
      expect(await status(`${c.url}/api/health/ready`)).toBe(503);
      // What the load got during the outage: liveness and the cached page never failed; the API said 503.
      const during = answers.slice(outage);
      expect(during.filter((a) => a.path !== "/api/manga/PaginatedManga?page=1&pageSize=20" && a.status !== 200)).toEqual([]);
      expect(during.filter((a) => a.path.startsWith("/api/manga") && ![200, 503].includes(a.status))).toEqual([]);

      await pg.start();
      for (const app of c.apps) await expect.poll(() => status(`${app.url}/api/health/ready`), { timeout: 30_000, intervals: [250] }).toBe(200);
      expect(await status(`${c.url}/api/health/ready`)).toBe(200);
      await expect.poll(() => status(`${c.url}/api/manga/PaginatedManga?page=1&pageSize=20`)).toBe(200);
    } finally {
      loading = false;
      await load;
    }
  });
});
