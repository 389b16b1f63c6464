import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probe } from "@/server/core/metrics";
import { serveMetrics } from "./metrics-endpoint";
import { serveLogged } from "./request-log";

/** GET /api/metrics (ADR 026): Prometheus text for the token's holder only; request durations by route key and class. */
const TOKEN = "metrics-token-0123456789";
let base = "";
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) =>
    serveLogged(req, res, false, () => {
      if (serveMetrics(req, res, { token: TOKEN })) return;
      res.statusCode = req.url?.startsWith("/api/chapter/GetChapter/") ? 200 : 404;
      res.end("x");
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const scrape = async () => {
  const res = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/plain");
  return res.text();
};
const count = (text: string, labels: string) =>
  Number(new RegExp(`^http_request_duration_seconds_count\\{${labels.replace(/[{}/]/g, "\\$&")}\\} (\\d+)$`, "m").exec(text)?.[1] ?? 0);

describe("metrics", () => {
  it("answers 404 (as absent) without the token or with another one", async () => {
    expect((await fetch(`${base}/api/metrics`)).status).toBe(404);
    expect((await fetch(`${base}/api/metrics`, { headers: { authorization: "Bearer wrong-token-0123456789" } })).status).toBe(404);
  });

  it("counts requests per route key and status class, unknown paths under one label, and reads probes when scraped", async () => {
    probe("db_pool_waiting", () => 3);
    const labels = 'route="GET /api/chapter/GetChapter/{chapterid}",status_class="2xx"';
    const before = count(await scrape(), labels);
    for (let i = 0; i < 5; i++) await (await fetch(`${base}/api/chapter/GetChapter/${i + 1}`)).text();
    await (await fetch(`${base}/wp-admin/made-up-${Date.now()}`)).text();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const text = await scrape();
    expect(count(text, labels)).toBe(before + 5);
    expect(count(text, 'route="GET {not-found}",status_class="4xx"')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain("wp-admin");
    expect(text).toMatch(/^db_pool_waiting 3$/m);
    probe("chapter_jobs_queued", async () => { throw new Error("database away"); });
    expect(await scrape()).toMatch(/^chapter_jobs_queued Nan$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m); // Node's default metrics
    expect(text).toMatch(/^# TYPE db_query_duration_seconds histogram$/m);
    expect(text).toMatch(/^page_cache_requests_total|# HELP page_cache_requests_total/m);
  });
});
