import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// This file turns the anonymous read limits on (vitest.config.ts turns them off for every other file), small enough to
// reach: 5 reads at once, refilled over 60 s. Set before the route modules make the process's limiter.
vi.hoisted(() => {
  process.env.RATE_LIMIT_API_READ = "5/60";
  // And the signed-in reads' budget per account (issue 27, item 3): 8 reads at once, refilled over 60 s.
  process.env.RATE_LIMIT_API_READ_USER = "8/60";
});

const { GET: paginatedManga } = await import("@/app/api/manga/PaginatedManga/route");
const { GET: health } = await import("@/app/api/health/route");
const { GET: notificationCount } = await import("@/app/api/Notification/GetUnreadNotificationCount/route");
const { Role } = await import("@/lib/enums");
const { LocalRateLimiter } = await import("@/server/core/local-rate-limit");
const { seedFixture } = await import("@/server/manga/test-fixtures");
const { AnonymousReadLimits, hasCredential, isLimitedRead, SIGNED_IN_READ_RULE, signedInReadEnv } = await import("./anonymous-reads");
const { serveDirectly } = await import("./direct-routes");
const { noParams, tokenFor } = await import("./test-helpers");

type Fixture = Awaited<ReturnType<typeof seedFixture>>;
let fx: Fixture;
let server: http.Server;
let base: string;

beforeAll(async () => {
  fx = await seedFixture();
  server = http.createServer((req, res) => {
    const served = serveDirectly(req, res);
    if (!served) res.writeHead(299).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** An API request as Next hands it to the route, from `address` (the last X-Forwarded-For entry, as clientIp reads). */
function from(address: string, path: string, headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost${path}`, { headers: { "x-forwarded-for": address, ...headers } });
}

interface Envelope {
  statusCode: number;
  message: string;
  data: { code?: string } | null;
}

describe("anonymous API reads: per-address limit through defineRoute", () => {
  const list = "/api/manga/PaginatedManga?pageSize=2&imageFormat=url";

  it("answers 429 with Retry-After and the envelope, in English and Arabic, past the limit; other addresses go on", async () => {
    const address = "203.0.113.10";
    for (let i = 0; i < 5; i++) expect((await paginatedManga(from(address, list), noParams)).status).toBe(200);

    const en = await paginatedManga(from(address, list), noParams);
    expect(en.status).toBe(429);
    const retryAfter = Number(en.headers.get("retry-after"));
    // One read comes back every 12 s (5 over 60 s).
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(12);
    expect(en.headers.get("cache-control")).toBe("no-store");
    const body = (await en.json()) as Envelope;
    expect(body).toMatchObject({ statusCode: 429, message: "Too many requests. Please wait and try again later.", data: { code: "tooManyRequests" } });

    const ar = await paginatedManga(from(address, list, { "accept-language": "ar" }), noParams);
    expect(ar.status).toBe(429);
    expect(ar.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await ar.json()) as Envelope).message).toBe("طلبات كثيرة جدًا. يرجى الانتظار والمحاولة لاحقًا.");

    expect((await paginatedManga(from("203.0.113.11", list), noParams)).status).toBe(200);
  });

  it("never limits /api/health; signed-in callers have a budget of their own, not the address's", async () => {
    const address = "203.0.113.20";
    for (let i = 0; i < 6; i++) await paginatedManga(from(address, list), noParams);
    expect((await paginatedManga(from(address, list), noParams)).status).toBe(429);

    const token = await tokenFor(Role.reader, fx.users.reader);
    for (let i = 0; i < 4; i++) {
      expect((await paginatedManga(from(address, list, { authorization: `Bearer ${token}` }), noParams)).status).toBe(200);
      expect((await notificationCount(from(address, "/api/Notification/GetUnreadNotificationCount", { authorization: `Bearer ${token}` }), noParams)).status).toBe(200);
    }
    for (let i = 0; i < 10; i++) expect((await health(from(address, "/api/health"), noParams)).status).toBe(200);
    // "Bearer null" is no credential: anonymous, so limited.
    expect((await paginatedManga(from(address, list, { authorization: "Bearer null" }), noParams)).status).toBe(429);
  });

  it("an invalid token is limited as an anonymous read of its address before it is answered 401", async () => {
    const address = "203.0.113.30";
    // Counted against the address: five 401s spend its bucket of five, as five anonymous reads would.
    for (let i = 0; i < 5; i++) expect((await paginatedManga(from(address, list, { authorization: "Bearer x.y.z" }), noParams)).status).toBe(401);
    expect((await paginatedManga(from(address, list, { authorization: "Bearer x.y.z" }), noParams)).status).toBe(429);
    expect((await paginatedManga(from(address, list), noParams)).status).toBe(429);
    const forged = await paginatedManga(from(address, list, { authorization: "Basic abc" }), noParams);
    expect(forged.status).toBe(429);
    // Another address is not held up, and its own invalid token still gets the 401 with the envelope.
    const other = await paginatedManga(from("203.0.113.31", list, { authorization: "Bearer x.y.z" }), noParams);
    expect(other.status).toBe(401);
    expect(other.headers.get("www-authenticate")).toContain("invalid_token");
  });

  it("signed-in reads have a budget per account: past it 429, whatever the address; other accounts go on", async () => {
    const reader = await tokenFor(Role.root, fx.users.root);
    const writer = await tokenFor(Role.writer, fx.users.writerA);
    for (let i = 0; i < 8; i++) {
      expect((await paginatedManga(from(`198.51.100.${40 + i}`, list, { authorization: `Bearer ${reader}` }), noParams)).status).toBe(200);
    }
    const refused = await paginatedManga(from("198.51.100.60", list, { authorization: `Bearer ${reader}`, "accept-language": "ar" }), noParams);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(((await refused.json()) as Envelope).message).toBe("طلبات كثيرة جدًا. يرجى الانتظار والمحاولة لاحقًا.");
    expect((await paginatedManga(from("198.51.100.60", list, { authorization: `Bearer ${writer}` }), noParams)).status).toBe(200);
    expect((await paginatedManga(from("198.51.100.61", list), noParams)).status).toBe(200);
  });

  it("the custom server's direct path limits before the handler, counting each read once", async () => {
    const address = "198.51.100.7";
    const get = (headers: Record<string, string> = {}) =>
      fetch(`${base}${list}`, { headers: { "x-forwarded-for": address, ...headers } });
    // Five, not fewer: the direct path's admission is not counted again by defineRoute.
    for (let i = 0; i < 5; i++) expect((await get()).status).toBe(200);
    const refused = await get({ "x-locale": "ar" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(((await refused.json()) as Envelope)).toMatchObject({ statusCode: 429, message: "طلبات كثيرة جدًا. يرجى الانتظار والمحاولة لاحقًا." });
    const token = await tokenFor(Role.staff, fx.users.staff);
    expect((await get({ authorization: `Bearer ${token}` })).status).toBe(200);
    // An invalid token is an anonymous read of the address here too: refused before it is checked further.
    expect((await get({ authorization: "Bearer x.y.z" })).status).toBe(429);
  });

  it("the direct path limits a signed-in account's reads too, counting each once", async () => {
    const token = await tokenFor(Role.writer, fx.users.writerB);
    const get = () => fetch(`${base}${list}`, { headers: { "x-forwarded-for": "198.51.100.80", authorization: `Bearer ${token}` } });
    for (let i = 0; i < 8; i++) expect((await get()).status).toBe(200);
    expect((await get()).status).toBe(429);
  });
});

describe("the limits' parts", () => {
  it("applies to API reads only, health excepted; knows a credential from the empty ones", () => {
    expect(isLimitedRead("GET", "/api/manga/PaginatedManga")).toBe(true);
    expect(isLimitedRead("HEAD", "/api/chapter/GetChapter/{chapterid}")).toBe(true);
    expect(isLimitedRead("GET", "/api/health")).toBe(false);
    expect(isLimitedRead("GET", "/api/health/live")).toBe(false);
    expect(isLimitedRead("GET", "/api/health/ready")).toBe(false);
    expect(isLimitedRead("POST", "/api/Authentication/Login")).toBe(false);
    expect(hasCredential(undefined)).toBe(false);
    expect(hasCredential("Bearer null")).toBe(false);
    expect(hasCredential("bearer  undefined ")).toBe(false);
    expect(hasCredential("Bearer ")).toBe(false);
    expect(hasCredential("Bearer abc.def.ghi")).toBe(true);
    expect(hasCredential("Basic abc")).toBe(true);
  });

  it("a bucket: `limit` at once, then limit/window a second; Retry-After says when the next one fits", () => {
    const limiter = new LocalRateLimiter({ name: "t", limit: 300, windowSeconds: 30 }, { env: {} });
    const t0 = 1_000_000;
    for (let i = 0; i < 300; i++) expect(limiter.hit("a", t0).allowed).toBe(true);
    expect(limiter.hit("a", t0)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // 10 a second come back: after 1 s, ten more and no more.
    for (let i = 0; i < 10; i++) expect(limiter.hit("a", t0 + 1000).allowed).toBe(true);
    expect(limiter.hit("a", t0 + 1000).allowed).toBe(false);
    const slow = new LocalRateLimiter({ name: "t", limit: 5, windowSeconds: 60 }, { env: {} });
    for (let i = 0; i < 5; i++) slow.hit("b", t0);
    expect(slow.hit("b", t0)).toEqual({ allowed: false, retryAfterSeconds: 12 });
    expect(slow.hit("b", t0 + 11_999).allowed).toBe(false);
    expect(slow.hit("b", t0 + 12_000).allowed).toBe(true);
  });

  it("forgets old windows: an address whose bucket is full again is dropped, and the map stays bounded", () => {
    const limiter = new LocalRateLimiter({ name: "t", limit: 5, windowSeconds: 60 }, { env: {}, maxSubjects: 100, sweepEveryMs: 1000 });
    const t0 = 5_000_000;
    for (let i = 0; i < 5; i++) limiter.hit("old", t0);
    expect(limiter.hit("old", t0).allowed).toBe(false);
    for (let n = 0; n < 50; n++) limiter.hit(`10.0.0.${n}`, t0 + 1);
    expect(limiter.size).toBe(51);
    // A minute later every bucket is full again: the next call sweeps them all away, and "old" starts afresh.
    expect(limiter.hit("old", t0 + 60_001).allowed).toBe(true);
    expect(limiter.size).toBe(1);
    // Never more than maxSubjects, however many addresses call at once.
    for (let n = 0; n < 1000; n++) limiter.hit(`flood-${n}`, t0 + 60_002);
    expect(limiter.size).toBeLessThanOrEqual(100);
  });

  it("a read pays for its answer's size: one more per 32 KiB past the first", async () => {
    const limits = new AnonymousReadLimits({ rule: { name: "t", limit: 10, windowSeconds: 10 }, refusalDelayMs: 0, env: {} });
    const t0 = 9_000_000;
    // Small answers (a page with imageFormat=url is ~5 kB) cost one each.
    for (let i = 0; i < 5; i++) {
      (await limits.admit("small", t0))();
      limits.chargeAnswer("small", 5 * 1024, t0);
    }
    expect(limits.rate.hit("small", t0).allowed).toBe(true);
    // A 250 KiB answer costs 8 (1 on admission, 7 charged after): after it and two more reads the bucket of 10 is empty.
    (await limits.admit("big", t0))();
    limits.chargeAnswer("big", 250 * 1024, t0);
    (await limits.admit("big", t0))();
    (await limits.admit("big", t0))();
    await expect(limits.admit("big", t0)).rejects.toMatchObject({ httpStatus: 429 });
  });

  it("a read that waited for its slot does not run when the answers before it overdrew the bucket", async () => {
    const limits = new AnonymousReadLimits({ rule: { name: "t", limit: 10, windowSeconds: 10 }, slots: 1, refusalDelayMs: 0, env: {} });
    const first = await limits.admit("a");
    const waiting = limits.admit("a");
    // The first answer was big: 20 reads' worth, past the bucket of 10.
    limits.chargeAnswer("a", 20 * 32 * 1024);
    first();
    await expect(waiting).rejects.toMatchObject({ httpStatus: 429 });
    expect(limits.runningFor("a")).toBe(0);
  });

  it("a refusal waits before it is sent (a flood gets its 429s at the pace of its connections), never past Retry-After", async () => {
    const limits = new AnonymousReadLimits({ rule: { name: "t", limit: 1, windowSeconds: 30 }, refusalDelayMs: 200, env: {} });
    (await limits.admit("a"))();
    const started = performance.now();
    const refused = await limits.admit("a").catch((err: unknown) => err);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(refused).toMatchObject({ httpStatus: 429, headers: { "Retry-After": "30" } });
  });

  it("signed-in limits: off with RATE_LIMIT_API_READ=off unless RATE_LIMIT_API_READ_USER says otherwise", () => {
    const off = new AnonymousReadLimits({ rule: SIGNED_IN_READ_RULE, env: signedInReadEnv({ RATE_LIMIT_API_READ: "off" }) });
    expect(off.enabled).toBe(false);
    const tuned = new AnonymousReadLimits({ rule: SIGNED_IN_READ_RULE, env: signedInReadEnv({ RATE_LIMIT_API_READ: "off", RATE_LIMIT_API_READ_USER: "3/60" }) });
    expect(tuned.rate.rule).toEqual({ name: "api_read_user", limit: 3, windowSeconds: 60 });
    const byDefault = new AnonymousReadLimits({ rule: SIGNED_IN_READ_RULE, env: signedInReadEnv({}) });
    expect(byDefault.rate.rule).toEqual(SIGNED_IN_READ_RULE);
  });

  it("turned off with RATE_LIMIT_API_READ=off; tuned with <reads>/<seconds>", () => {
    const off = new LocalRateLimiter({ name: "api_read", limit: 1, windowSeconds: 60 }, { env: { RATE_LIMIT_API_READ: "off" } });
    for (let i = 0; i < 10; i++) expect(off.hit("a").allowed).toBe(true);
    const tuned = new LocalRateLimiter({ name: "api_read", limit: 1, windowSeconds: 60 }, { env: { RATE_LIMIT_API_READ: "3/60" } });
    expect([1, 2, 3, 4].map(() => tuned.hit("a", 0).allowed)).toEqual([true, true, true, false]);
  });

  it("shares the server: at most `slots` reads of one address run at once, the rest wait their turn, a full queue is 429", async () => {
    const limits = new AnonymousReadLimits({ rule: { name: "t", limit: 1000, windowSeconds: 1 }, slots: 2, queue: 1, refusalDelayMs: 0, env: {} });
    const first = await limits.admit("a");
    const second = await limits.admit("a");
    let thirdIn = false;
    const third = limits.admit("a").then((release) => {
      thirdIn = true;
      return release;
    });
    await expect(limits.admit("a")).rejects.toMatchObject({ httpStatus: 429, headers: { "Retry-After": "1" } });
    // Another address is not held up by this one.
    const other = await limits.admit("b");
    expect(limits.runningFor("a")).toBe(2);
    expect(thirdIn).toBe(false);
    first();
    first(); // releasing twice frees one slot only
    const releaseThird = await third;
    expect(thirdIn).toBe(true);
    expect(limits.runningFor("a")).toBe(2);
    second();
    releaseThird();
    other();
    expect(limits.runningFor("a")).toBe(0);
    expect(limits.busyAddresses).toBe(0);
  });
});
