import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { getDbHandle } from "@/db/client";
import { encodeCopiesInBackground, stopEncoder } from "@/server/media/background-encoder";
import { FairQueue } from "@/server/chapters/ingest/copy-queue";
import "@/server/chapters/ingest/page-copies";
import { ReadLimits } from "@/server/http/anonymous-reads";
import { InProcessBus, PostgresBus, stampPayload, unstampPayload } from "./bus";
import { scrape } from "./metrics";

/**
 * Issue 33, item 2's last metrics (docs/decisions/026): bus lag, the image encoder's and the page copies' queues, the
 * read limits' refusals. Each is scraped as Prometheus would (the registry's text) and seen to move.
 */
const value = async (name: string, labels = "") => {
  const { text } = await scrape();
  const line = new RegExp(`^${name}${labels ? `\\{${labels}\\}` : ""} (\\S+)$`, "m").exec(text);
  return line ? Number(line[1]) : undefined;
};

afterAll(() => stopEncoder());

describe("metrics of queues and lags", () => {
  it("bus_delivery_lag_seconds counts each delivery of the in-process bus, by channel", async () => {
    const bus = new InProcessBus();
    const got: string[] = [];
    bus.subscribe("manga_sockets", (p) => got.push(p));
    const labels = 'channel="manga_sockets"';
    const before = (await value("bus_delivery_lag_seconds_count", labels)) ?? 0;
    await bus.publish("manga_sockets", "a");
    await bus.publish("manga_sockets", "b");
    await expect.poll(() => got).toEqual(["a", "b"]);
    expect(await value("bus_delivery_lag_seconds_count", labels)).toBe(before + 2);
    expect(await value("bus_delivery_lag_seconds_sum", labels)).toBeGreaterThanOrEqual(0);
  });

  it("a NOTIFY payload carries its publishing time; the subscriber gets the payload as published, also one without the time", () => {
    expect(unstampPayload(stampPayload('{"ids":[1,2]}', 1_700_000_000_123.5))).toEqual({ payload: '{"ids":[1,2]}', at: 1_700_000_000_123.5 });
    expect(unstampPayload('{"ids":[1,2]}')).toEqual({ payload: '{"ids":[1,2]}' });
    expect(unstampPayload("")).toEqual({ payload: "" });
    expect(unstampPayload(stampPayload(""))).toMatchObject({ payload: "" });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("bus_delivery_lag_seconds measures LISTEN/NOTIFY's publish → delivery, and the lag of a slow delivery shows", async () => {
    const handle = await getDbHandle();
    const url = (handle.raw as { options: { connectionString: string } }).options.connectionString;
    const a = new PostgresBus({ url, db: handle.db });
    const b = new PostgresBus({ url, db: handle.db });
    try {
      await Promise.all([a.whenListening(), b.whenListening()]);
      const got: string[] = [];
      b.subscribe("manga_catalogue", (p) => got.push(p));
      const labels = 'channel="manga_catalogue"';
      const count = async () => (await value("bus_delivery_lag_seconds_count", labels)) ?? 0;
      const slow = async () => (await value("bus_delivery_lag_seconds_bucket", `${labels},le="0.25"`)) ?? 0;
      const before = await count();
      await a.publish("manga_catalogue", '{"mangaId":7}');
      await expect.poll(() => got).toEqual(['{"mangaId":7}']);
      // Both listeners (a's and b's) received it: two deliveries.
      await expect.poll(count).toBe(before + 2);
      const fast = await slow();
      // The event loop held for 400 ms while a message waits: its lag is over 0.25 s.
      await a.publish("manga_catalogue", '{"mangaId":8}');
      const until = Date.now() + 400;
      while (Date.now() < until) {
        // busy: the notification waits in the socket
      }
      await expect.poll(() => got.length).toBe(2);
      await expect.poll(count).toBe(before + 4);
      expect(await slow()).toBe(fast);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("image_encoder_jobs and its oldest age while the background encoder works, 0 after", async () => {
    process.env.IMAGE_ENCODER = "process";
    try {
      const input = await sharp({ create: { width: 1400, height: 2000, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();
      const encoding = encodeCopiesInBackground(input, [700]);
      expect(await value("image_encoder_jobs")).toBe(1);
      await expect.poll(() => value("image_encoder_oldest_age_seconds")).toBeGreaterThan(0);
      expect((await encoding).get(700)).toBeDefined();
      expect(await value("image_encoder_jobs")).toBe(0);
      expect(await value("image_encoder_oldest_age_seconds")).toBe(0);
    } finally {
      delete process.env.IMAGE_ENCODER;
    }
  });

  it("the page copies' queue counts waiting and running jobs and their oldest age; the process's queue is scraped", async () => {
    const releases: Array<() => void> = [];
    const queue = new FairQueue<string>(() => new Promise<void>((resolve) => releases.push(resolve)), { workers: 1, maxPerOwner: 10, onError: () => undefined });
    expect(queue.stats()).toEqual({ jobs: 0, oldestAgeSeconds: 0 });
    queue.add("writer:1", ["p1", "p2"]);
    queue.add("writer:2", ["q1"]);
    expect(queue.stats().jobs).toBe(3);
    await expect.poll(() => queue.stats().oldestAgeSeconds).toBeGreaterThan(0);
    while (releases.length || queue.stats().jobs) {
      releases.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
    await queue.idle();
    expect(queue.stats()).toEqual({ jobs: 0, oldestAgeSeconds: 0 });
    // This process's queue (page-copies.ts) registered its probes: idle here.
    expect(await value("page_copies_queued")).toBe(0);
    expect(await value("page_copies_oldest_age_seconds")).toBe(0);
  });

  it("rate_limit_refusals_total counts the read limits' 429s by rule", async () => {
    const limits = new ReadLimits({ rule: { name: "metrics_test_read", limit: 2, windowSeconds: 60 }, refusalDelayMs: 0, env: {} });
    const labels = 'rule="metrics_test_read"';
    const before = (await value("rate_limit_refusals_total", labels)) ?? 0;
    for (let i = 0; i < 2; i++) (await limits.admit("203.0.113.9"))();
    await expect(limits.admit("203.0.113.9")).rejects.toMatchObject({ httpStatus: 429 });
    await expect(limits.admit("203.0.113.9")).rejects.toMatchObject({ httpStatus: 429 });
    expect(await value("rate_limit_refusals_total", labels)).toBe(before + 2);
  });
});
