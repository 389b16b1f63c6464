import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { rateLimits } from "@/db/schema";
import { clientIp } from "@/server/core/client-ip";
import { AppError } from "./errors";
import { metrics } from "./metrics";
import {
  assertUnderRateLimit, effectiveRule, enforceRateLimit, hitRateLimit, peekRateLimit, pruneRateLimits, rateKey,
  type RateRule,
} from "./rate-limit";

const rule: RateRule = { name: "test_rule", limit: 3, windowSeconds: 60 };
const at = (seconds: number) => new Date(Date.UTC(2030, 0, 1, 12, 0, 0) + seconds * 1000);

afterEach(() => {
  delete process.env.RATE_LIMIT_TEST_RULE;
});

describe("database rate limits", () => {
  it("counts hits in a fixed window and refuses past the limit", async () => {
    const db = await getDb();
    const states = [];
    for (let i = 0; i < 4; i++) states.push(await hitRateLimit({ db, rule, subject: "1.1.1.1", now: at(i) }));
    expect(states.map((s) => [s.count, s.allowed])).toEqual([[1, true], [2, true], [3, true], [4, false]]);
    expect(states[3]?.retryAfterSeconds).toBe(57);
    // Another subject has its own counter.
    expect((await hitRateLimit({ db, rule, subject: "2.2.2.2", now: at(4) })).count).toBe(1);
    // A new window starts over.
    expect((await hitRateLimit({ db, rule, subject: "1.1.1.1", now: at(61) })).count).toBe(1);
  });

  it("throws the 429 envelope error with Retry-After", async () => {
    const db = await getDb();
    for (let i = 0; i < 3; i++) await enforceRateLimit({ db, rule, subject: "enforce", now: at(0) });
    const err = await enforceRateLimit({ db, rule, subject: "enforce", now: at(10) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).httpStatus).toBe(429);
    expect((err as AppError).headers?.["Retry-After"]).toBe("50");
  });

  it("counts each refusal per rule in the metrics (ADR 026)", async () => {
    const db = await getDb();
    const refusals = async () => (await metrics().rateLimitRefusals.get()).values.find((v) => v.labels.rule === "test_rule")?.value ?? 0;
    const before = await refusals();
    for (let i = 0; i < 5; i++) await hitRateLimit({ db, rule, subject: "metrics", now: at(0) });
    expect(await refusals()).toBe(before + 2);
    await peekRateLimit({ db, rule, subject: "metrics", now: at(1) });
    expect(await refusals()).toBe(before + 3);
    // Those queries were timed (db/client.ts) on PostgreSQL.
    const queries = (await metrics().queryDuration.get()).values.find((v) => v.metricName === "db_query_duration_seconds_count")?.value ?? 0;
    if (process.env.TEST_DATABASE_URL) expect(queries).toBeGreaterThanOrEqual(6);
  });

  it("is atomic under concurrent hits", async () => {
    const db = await getDb();
    const states = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit({ db, rule, subject: "burst", now: at(0) })));
    expect(states.map((s) => s.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(states.filter((s) => s.allowed)).toHaveLength(3);
  });

  it("peeks without counting (failure-only limits)", async () => {
    const db = await getDb();
    expect((await peekRateLimit({ db, rule, subject: "peek", now: at(0) })).allowed).toBe(true);
    for (let i = 0; i < 2; i++) await hitRateLimit({ db, rule, subject: "peek", now: at(0) });
    await assertUnderRateLimit({ db, rule, subject: "peek", now: at(1) });
    await hitRateLimit({ db, rule, subject: "peek", now: at(1) });
    await expect(assertUnderRateLimit({ db, rule, subject: "peek", now: at(2) })).rejects.toMatchObject({ httpStatus: 429 });
    expect((await peekRateLimit({ db, rule, subject: "peek", now: at(2) })).count).toBe(3);
    expect((await peekRateLimit({ db, rule, subject: "peek", now: at(60) })).allowed).toBe(true);
  });

  it("stores subjects hashed and prunes old windows", async () => {
    const db = await getDb();
    await hitRateLimit({ db, rule, subject: "victim@example.com", now: at(0) });
    const rows = await db.select().from(rateLimits);
    expect(rows.some((r) => r.key.includes("victim"))).toBe(false);
    expect(rows.some((r) => r.key === rateKey(rule, "VICTIM@example.com "))).toBe(true);
    await pruneRateLimits(db, at(2 * 24 * 60 * 60));
    expect(await db.select().from(rateLimits)).toEqual([]);
  });

  it("can be tuned or turned off per rule from the environment", async () => {
    process.env.RATE_LIMIT_TEST_RULE = "10/5";
    expect(effectiveRule(rule)).toEqual({ name: "test_rule", limit: 10, windowSeconds: 5 });
    process.env.RATE_LIMIT_TEST_RULE = "nonsense";
    expect(effectiveRule(rule)).toEqual(rule);
    process.env.RATE_LIMIT_TEST_RULE = "off";
    expect(effectiveRule(rule)).toBeNull();
    const db = await getDb();
    for (let i = 0; i < 5; i++) expect((await hitRateLimit({ db, rule, subject: "off", now: at(0) })).allowed).toBe(true);
  });
});

describe("clientIp", () => {
  const req = (headers: Record<string, string>) => new Request("http://x/", { headers });
  it("takes the nearest proxy's X-Forwarded-For entry", () => {
    expect(clientIp(req({ "x-forwarded-for": "6.6.6.6, 10.0.0.1" }))).toBe("10.0.0.1");
    expect(clientIp(req({ "x-real-ip": "10.0.0.2" }))).toBe("10.0.0.2");
    expect(clientIp(req({}))).toBe("unknown");
  });
});
