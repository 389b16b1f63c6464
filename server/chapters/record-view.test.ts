import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { chapters, chapterViews, dailyViews, manga, users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { POST as recordViewRoute } from "@/app/api/chapter/RecordView/route";
import { jsonRequest, noParams, tokenFor } from "@/server/http/test-helpers";
import { buildReaderWorld, type ReaderWorld } from "./testing/fixtures";
import { newViewerId, VIEWER_COOKIE } from "./viewer-cookie";

let db: Db;
let world: ReaderWorld;

beforeAll(async () => {
  db = await getDb();
  world = await buildReaderWorld(db);
});

async function counts(chapterId: number) {
  const [row] = await db
    .select({ mangaId: manga.id, chapter: chapters.views, manga: manga.views, favorites: manga.favorites, popularity: manga.popularity })
    .from(chapters)
    .innerJoin(manga, eq(manga.id, chapters.mangaId))
    .where(eq(chapters.id, chapterId));
  if (!row) throw new Error("no chapter");
  return row;
}

async function viewRows(chapterId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(chapterViews).where(eq(chapterViews.chapterId, chapterId));
  return Number(row?.n ?? 0);
}

/** The manga's views of today (UTC) in daily_views, which the overview reads. */
async function today(mangaId: number): Promise<number> {
  const [row] = await db
    .select({ views: dailyViews.views })
    .from(dailyViews)
    .where(sql`${dailyViews.mangaId} = ${mangaId} and ${dailyViews.day} = (now() at time zone 'UTC')::date`);
  return row?.views ?? 0;
}

function record(chapterId: number, opts: { token?: string; cookie?: string; body?: unknown; ip?: string; userAgent?: string } = {}) {
  const headers: Record<string, string> = { "x-forwarded-for": opts.ip ?? "10.44.0.1" };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.userAgent) headers["user-agent"] = opts.userAgent;
  return recordViewRoute(jsonRequest("POST /api/chapter/RecordView", { token: opts.token, body: opts.body ?? { chapterid: chapterId }, headers }), noParams);
}

describe("RecordView", () => {
  it("counts a signed-in reader once however often it is called, and the manga follows", async () => {
    const id = world.chapters.second;
    const before = await counts(id);
    const token = await tokenFor(Role.reader, world.users.reader.id);
    const first = await record(id, { token });
    expect(first.status).toBe(200);
    expect((await first.json()).data).toEqual({ counted: true, views: before.chapter + 1 });
    expect(first.headers.get("set-cookie")).toBeNull();
    const dayAfterFirst = await today(before.mangaId);
    expect(dayAfterFirst).toBeGreaterThanOrEqual(1);
    const again = await record(id, { token });
    expect((await again.json()).data).toEqual({ counted: false, views: before.chapter + 1 });
    expect(await today(before.mangaId)).toBe(dayAfterFirst);
    const after = await counts(id);
    expect(after.chapter).toBe(before.chapter + 1);
    expect(after.manga).toBe(before.manga + 1);
    expect(after.popularity).toBe(after.manga + 10 * after.favorites);
  });

  it("counts 20 concurrent calls by one viewer as exactly one view", async () => {
    const id = world.chapters.public;
    const before = await counts(id);
    const dayBefore = await today(before.mangaId);
    const token = await tokenFor(Role.writer, world.users.otherWriter.id);
    const responses = await Promise.all(Array.from({ length: 20 }, () => record(id, { token })));
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<{ data: { counted: boolean } }>));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(bodies.filter((b) => b.data.counted)).toHaveLength(1);
    const after = await counts(id);
    expect(after.chapter - before.chapter).toBe(1);
    expect(after.manga - before.manga).toBe(1);
    expect((await today(before.mangaId)) - dayBefore).toBe(1);
  });

  it("counts 20 concurrent viewers as exactly 20 views", async () => {
    const id = world.chapters.public;
    const before = await counts(id);
    const rowsBefore = await viewRows(id);
    const dayBefore = await today(before.mangaId);
    // Ten anonymous visitors (each with a cookie of their own) and ten new signed-in readers.
    const readers = await db
      .insert(users)
      .values(Array.from({ length: 10 }, (_, i) => ({ username: `crowd_${i}`, email: `crowd_${i}@example.com`, fullName: `Crowd ${i}` })))
      .returning({ id: users.id });
    const tokens = await Promise.all(readers.map((u) => tokenFor(Role.reader, u.id)));
    const calls = Array.from({ length: 20 }, (_, i) =>
      i < 10 ? record(id, { cookie: `${VIEWER_COOKIE}=${newViewerId()}` }) : record(id, { token: tokens[i - 10] }),
    );
    const responses = await Promise.all(calls);
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const after = await counts(id);
    expect(after.chapter - before.chapter).toBe(20);
    expect(after.manga - before.manga).toBe(20);
    expect((await viewRows(id)) - rowsBefore).toBe(20);
    // The day's row is raised once per counted view, under the same concurrency (one upsert per counted view).
    expect((await today(before.mangaId)) - dayBefore).toBe(20);
    expect(after.popularity).toBe(after.manga + 10 * after.favorites);
  });

  it("gives an anonymous visitor an httpOnly cookie and recognises it on the next call", async () => {
    const id = world.chapters.second;
    const first = await record(id);
    expect((await first.json()).data.counted).toBe(true);
    const setCookie = first.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(new RegExp(`^${VIEWER_COOKIE}=[A-Za-z0-9_-]{22,64}\\.[A-Za-z0-9_-]{22}; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax$`));
    const cookie = setCookie.split(";")[0] ?? "";
    const second = await record(id, { cookie });
    expect((await second.json()).data.counted).toBe(false);
    expect(second.headers.get("set-cookie")).toBeNull();
    // A forged, malformed cookie is replaced rather than trusted.
    const forged = await record(id, { cookie: `${VIEWER_COOKIE}=%27;drop` });
    expect(forged.headers.get("set-cookie")).toMatch(new RegExp(`^${VIEWER_COOKIE}=`));
  });

  it("counts calls without a cookie once per chapter per address and user agent per day (issue 19, item 4)", async () => {
    const id = world.chapters.public;
    const before = (await counts(id)).chapter;
    const ip = "10.44.1.1";
    const first = await record(id, { ip, userAgent: "Browser A" });
    expect((await first.json()).data.counted).toBe(true);
    for (let i = 0; i < 9; i++) expect((await (await record(id, { ip, userAgent: "Browser A" })).json()).data.counted).toBe(false);
    expect((await counts(id)).chapter - before).toBe(1);
    // The cookie issued with the counted view is recognised: the visitor's next call does not count again.
    const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect((await (await record(id, { ip, userAgent: "Browser A", cookie })).json()).data.counted).toBe(false);
    // Made-up cookies are not visitors of their own: they are callers without a cookie.
    for (let i = 0; i < 5; i++) {
      const forged = `${VIEWER_COOKIE}=${"v".repeat(22)}${i}.${"s".repeat(22)}`;
      expect((await (await record(id, { ip, userAgent: "Browser A", cookie: forged })).json()).data.counted).toBe(false);
    }
    // Another user agent is not another viewer (issue 27, item 4); another address is.
    expect((await (await record(id, { ip, userAgent: "Browser B" })).json()).data.counted).toBe(false);
    expect((await (await record(id, { ip: "10.44.1.2", userAgent: "Browser A" })).json()).data.counted).toBe(true);
    expect((await counts(id)).chapter - before).toBe(2);
    // No address in clear in chapter_views.
    const keys = await db.select({ key: chapterViews.viewerKey }).from(chapterViews).where(eq(chapterViews.chapterId, id));
    expect(keys.some((k) => k.key.includes("10.44"))).toBe(false);
  });

  it("counts 40 cookie-less calls from one address once whatever their User-Agent, one /64 as one address (issue 27, item 4)", async () => {
    const id = world.chapters.second;
    const before = await counts(id);
    const dayBefore = await today(before.mangaId);
    const responses = [];
    for (let i = 0; i < 40; i++) responses.push(await record(id, { ip: "10.44.3.1", userAgent: `Agent/${i} (forged ${i})` }));
    expect(responses.map((r) => r.status)).toEqual(Array(40).fill(200));
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<{ data: { counted: boolean } }>));
    expect(bodies.filter((b) => b.data.counted)).toHaveLength(1);
    expect((await counts(id)).chapter - before.chapter).toBe(1);
    expect((await counts(id)).manga - before.manga).toBe(1);
    expect((await today(before.mangaId)) - dayBefore).toBe(1);
    // IPv6: every address of one /64 is one caller, whatever the agent; another /64 is another.
    const v6 = ["2001:db8:5:6::1", "2001:db8:5:6:aaaa::2", "2001:0db8:0005:0006:ffff:1:2:3"];
    const v6Counted = [];
    for (const [i, ip] of v6.entries()) v6Counted.push((await (await record(id, { ip, userAgent: `V6/${i}` })).json()).data.counted);
    expect(v6Counted).toEqual([true, false, false]);
    expect((await (await record(id, { ip: "2001:db8:5:7::1" })).json()).data.counted).toBe(true);
    expect((await counts(id)).chapter - before.chapter).toBe(3);
  });

  it("still counts readers with distinct signed cookies from one address one by one (issue 27, item 4)", async () => {
    const id = world.chapters.public;
    const before = (await counts(id)).chapter;
    const ip = "10.44.4.1";
    const cookies = Array.from({ length: 40 }, () => `${VIEWER_COOKIE}=${newViewerId()}`);
    const first = await Promise.all(cookies.map((cookie, i) => record(id, { ip, cookie, userAgent: `Agent/${i}` })));
    expect(first.map((r) => r.status)).toEqual(Array(40).fill(200));
    expect((await counts(id)).chapter - before).toBe(40);
    // Each of them once.
    const again = await Promise.all(cookies.map((cookie) => record(id, { ip, cookie })));
    const bodies = await Promise.all(again.map((r) => r.json() as Promise<{ data: { counted: boolean } }>));
    expect(bodies.every((b) => !b.data.counted)).toBe(true);
    expect((await counts(id)).chapter - before).toBe(40);
  });

  it("issues at most RATE_RULES.viewerCookieIp new viewer cookies per address per day: cookie-less calls cannot mint viewers (issue 27, item 4)", async () => {
    const previous = process.env.RATE_LIMIT_VIEWER_COOKIE_IP;
    process.env.RATE_LIMIT_VIEWER_COOKIE_IP = "3/86400";
    try {
      const ip = "10.44.5.1";
      const issued: string[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await record(world.chapters.public, { ip, userAgent: `Minter/${i}` });
        expect(res.status).toBe(200);
        const cookie = res.headers.get("set-cookie");
        if (cookie) issued.push(cookie.split(";")[0]!);
      }
      expect(issued).toHaveLength(3);
      // The cookies it got are real viewers (each counts once on another chapter), but there are only three.
      const other = world.chapters.second;
      const before = (await counts(other)).chapter;
      for (const cookie of issued) expect((await (await record(other, { ip, cookie })).json()).data.counted).toBe(true);
      expect((await counts(other)).chapter - before).toBe(3);
      // Another address still gets its cookie.
      expect((await record(world.chapters.public, { ip: "10.44.5.2" })).headers.get("set-cookie")).toMatch(new RegExp(`^${VIEWER_COOKIE}=`));
    } finally {
      if (previous === undefined) delete process.env.RATE_LIMIT_VIEWER_COOKIE_IP;
      else process.env.RATE_LIMIT_VIEWER_COOKIE_IP = previous;
    }
  });

  it("rate-limits calls per address with the 429 envelope and Retry-After", async () => {
    const previous = process.env.RATE_LIMIT_RECORD_VIEW_IP;
    process.env.RATE_LIMIT_RECORD_VIEW_IP = "5/600";
    try {
      const ip = "10.44.2.1";
      for (let i = 0; i < 5; i++) expect((await record(world.chapters.public, { ip })).status).toBe(200);
      const refused = await record(world.chapters.public, { ip });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ statusCode: 429, data: { code: "tooManyRequests" } });
      // Another address is not affected.
      expect((await record(world.chapters.public, { ip: "10.44.2.2" })).status).toBe(200);
    } finally {
      if (previous === undefined) delete process.env.RATE_LIMIT_RECORD_VIEW_IP;
      else process.env.RATE_LIMIT_RECORD_VIEW_IP = previous;
    }
  });

  it("refuses hidden and premium chapters without counting them", async () => {
    const hidden = await counts(world.chapters.pending);
    const res = await record(world.chapters.pending);
    expect(res.status).toBe(404);
    expect((await counts(world.chapters.pending)).chapter).toBe(hidden.chapter);

    const premium = await counts(world.chapters.premium);
    const refused = await record(world.chapters.premium, { token: await tokenFor(Role.reader, world.users.reader.id) });
    expect(refused.status).toBe(403);
    expect((await counts(world.chapters.premium)).chapter).toBe(premium.chapter);
    const allowed = await record(world.chapters.premium, { token: await tokenFor(Role.reader, world.users.premium.id) });
    expect((await allowed.json()).data.counted).toBe(true);
  });

  it("validates the body", async () => {
    expect((await record(0, { body: {} })).status).toBe(422);
    expect((await record(0, { body: { chapterid: "x" } })).status).toBe(422);
    expect((await record(0, { body: { chapterId: 999_999 } })).status).toBe(404);
  });
});
