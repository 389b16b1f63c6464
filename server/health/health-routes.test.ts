import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { GET as health } from "@/app/api/health/route";
import { GET as live } from "@/app/api/health/live/route";
import { GET as ready } from "@/app/api/health/ready/route";
import { getBus } from "@/server/core/bus";
import { noParams } from "@/server/http/test-helpers";
import { checkReadiness, newestMigration } from "./check-readiness";
import { sharedCheck } from "./shared-check";

/** /api/health, /api/health/live and /api/health/ready on the file's own database (ADR 026). */
type Body = { statusCode: number; message: string; data: Record<string, unknown> };
const call = async (route: typeof live, path: string, headers: Record<string, string> = {}) => {
  const res = await route(new Request(`http://localhost${path}`, { headers }), noParams);
  return { status: res.status, headers: res.headers, body: (await res.json()) as Body };
};

const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

describe("health", () => {
  beforeAll(async () => {
    // The server starts the bus before it serves; so does this file.
    await (await getBus()).whenListening();
  });

  it("live: 200 while the process runs, uncached, with nothing of the database", async () => {
    const res = await call(live, "/api/health/live");
    expect(res.status).toBe(200);
    expect(res.body.statusCode).toBe(1);
    expect(res.body.data).toMatchObject({ status: "ok", pid: process.pid });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("ready: 200 with every check ok on a migrated database with the bus listening", async () => {
    const res = await call(ready, "/api/health/ready");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ status: "ok", checks: { database: "ok", migrations: "ok", bus: "ok" } });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("/api/health keeps its answer (200, the database kind)", async () => {
    const res = await call(health, "/api/health");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "ok" });
  });

  it("ready: 503 in the envelope, in the caller's language, when the migrations are behind this build", async () => {
    const db = await getDb();
    const newest = newestMigration();
    await db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 1000 where created_at = ${newest}`);
    try {
      // Readiness is checked at most once a second (shared-check.ts): the change shows within it.
      await expect.poll(async () => (await call(ready, "/api/health/ready")).status, { timeout: 5_000, interval: 100 }).toBe(503);
      const res = await call(ready, "/api/health/ready", { "x-locale": "ar" });
      expect(res.status).toBe(503);
      expect(res.body.statusCode).toBe(503);
      expect(res.body.message).toBe("الخدمة غير متاحة مؤقتًا. يرجى المحاولة مجددًا بعد بضع ثوانٍ.");
      expect(res.body.data).toMatchObject({ code: "notReady", checks: { database: "ok", migrations: "failed", bus: "ok" } });
      expect(res.headers.get("retry-after")).toBe("5");
      expect(res.headers.get("cache-control")).toBe("no-store");
    } finally {
      await db.execute(sql`update drizzle.__drizzle_migrations set created_at = ${newest} where created_at = ${newest - 1000}`);
    }
    await expect.poll(async () => (await call(ready, "/api/health/ready")).status, { timeout: 5_000, interval: 100 }).toBe(200);
  });

  it("a flood of readiness and health calls shares one check a second", async () => {
    let checks = 0;
    const shared = sharedCheck(async () => ++checks, 1_000);
    const first = await Promise.all(Array.from({ length: 500 }, () => shared()));
    expect(checks).toBe(1);
    expect(new Set(first)).toEqual(new Set([1]));
    const quick = sharedCheck(async () => ++checks, 20);
    await quick();
    await expect.poll(async () => quick(), { timeout: 2_000, interval: 30 }).toBe(3);
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => call(i % 2 ? ready : health, i % 2 ? "/api/health/ready" : "/api/health")));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 100 }, () => 200));
  });

  it("ready fails on an unreachable or silent database and on a bus that is not listening", async () => {
    const db = await getDb();
    const listening = { isListening: () => true };
    const unreachable = { execute: async () => { throw new Error("Failed query", { cause: refused() }); } } as unknown as typeof db;
    expect(await checkReadiness({ db: unreachable, bus: listening })).toEqual({
      ready: false,
      checks: { database: "failed", migrations: "unknown", bus: "ok" },
    });
    const silent = { execute: () => new Promise(() => undefined) } as unknown as typeof db;
    const started = Date.now();
    expect((await checkReadiness({ db: silent, bus: listening, timeoutMs: 100 })).checks.database).toBe("failed");
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await checkReadiness({ db, bus: { isListening: () => false } })).toEqual({
      ready: false,
      checks: { database: "ok", migrations: "ok", bus: "failed" },
    });
  });

  it("ready follows the real bus: its listener's connection ended, not ready until it is back", async () => {
    const bus = await getBus();
    if (bus.kind !== "postgres") return; // PGlite: the in-process bus always listens
    const pid = await (bus as unknown as { listenerPid(): Promise<number | null> }).listenerPid();
    const db = await getDb();
    await db.execute(sql`select pg_terminate_backend(${pid})`);
    await expect.poll(async () => (await call(ready, "/api/health/ready")).status, { timeout: 5_000, interval: 20 }).toBe(503);
    expect((await call(live, "/api/health/live")).status).toBe(200);
    await expect.poll(async () => (await call(ready, "/api/health/ready")).status, { timeout: 10_000, interval: 100 }).toBe(200);
  });
});
