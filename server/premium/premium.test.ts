import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { auditLog, chapters, manga, subscriptions, users } from "@/db/schema";
import { PremiumPlan, Role, Status } from "@/lib/enums";
import { GET as getChapterRoute } from "@/app/api/chapter/GetChapter/[chapterid]/route";
import { GET as imagePagesRoute } from "@/app/api/chapter/PaginatedChapterImagePages/route";
import { GET as listChaptersRoute } from "@/app/api/chapter/PaginatedChapter/route";
import { GET as getMangaRoute } from "@/app/api/manga/GetMangaById/route";
import { POST as submitChapterRoute } from "@/app/api/chapter/SubmitChapter/route";
import { PUT as updateChapterRoute } from "@/app/api/chapter/UpdateChapter/route";
import { GET as mySubscriptionsRoute } from "@/app/api/Authentication/Me/Subscriptions/route";
import { POST as grantRoute } from "@/app/api/test/grant-subscription/route";
import { resolveChapterAccess } from "@/server/chapters/chapter-access";
import { currentSubscription, listMySubscriptions } from "@/server/auth/my-subscriptions";
import { chapterPremiumNow } from "@/server/visibility";
import { isPremiumNow } from "@/lib/premium";
import { jsonRequest, noParams, tokenFor } from "@/server/http/test-helpers";
import { photo } from "@/tests/fixtures/images";

/**
 * Premium (issue 16 §2) on a real database through the route handlers: gating by plan and by a chapter's free date
 * (a timed premium window, checked at query time), the plan tier where plans differ (PremiumPlus: no sponsored
 * overlay; no plan opens a scheduled chapter early), SubmitChapter / UpdateChapter `freeAt` validation, freeAt in
 * the chapter responses, and Me/Subscriptions' shape.
 */
let db: Db;
const DAY = 86_400_000;
const tag = `${Date.now().toString(36)}p`;
const u = {} as Record<"reader" | "premium" | "plus" | "expired" | "cancelled" | "upcoming" | "author" | "otherWriter" | "root", { id: number; role: Role }>;
const c = {} as Record<"free" | "locked" | "windowOpen" | "windowPast" | "scheduled", number>;
let mangaId = 0;
const future = () => new Date(Date.now() + 3 * DAY);

type Who = keyof typeof u | "visitor";
type Body = { statusCode: number; message: string; data: Record<string, unknown> & { items?: Array<Record<string, unknown>>; errors?: Record<string, string[]> } };

async function tokenOf(who: Who) {
  return who === "visitor" ? undefined : tokenFor(u[who].role, u[who].id);
}
async function send(route: (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>, req: Request, params: Record<string, string> = {}) {
  const res = await route(req, { params: Promise.resolve(params) });
  return { status: res.status, body: (await res.json()) as Body };
}
const getChapter = async (who: Who, id: number) =>
  send(getChapterRoute, jsonRequest("GET /api/chapter/GetChapter/{chapterid}", { token: await tokenOf(who) }), { chapterid: String(id) });
const pages = async (who: Who, id: number) =>
  send(imagePagesRoute, jsonRequest("GET /api/chapter/PaginatedChapterImagePages", { token: await tokenOf(who), query: `chapterId=${id}` }));
const viewer = (who: Who) => (who === "visitor" ? null : { userId: u[who].id, role: u[who].role });

function multipart(token: string, form: FormData, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost/api/chapter/SubmitChapter", { method: "POST", headers: { authorization: `Bearer ${token}`, ...headers }, body: form });
}
const updateChapter = async (who: Who, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  send(updateChapterRoute, jsonRequest("PUT /api/chapter/UpdateChapter", { token: await tokenOf(who), body, headers }));

beforeAll(async () => {
  db = await getDb();
  const names = ["reader", "premium", "plus", "expired", "cancelled", "upcoming", "author", "otherWriter", "root"] as const;
  const roleOf = (n: (typeof names)[number]) => (n === "root" ? Role.root : n === "author" || n === "otherWriter" ? Role.writer : Role.reader);
  const rows = await db
    .insert(users)
    .values(names.map((n) => ({ username: `${n}_${tag}`, email: `${n}_${tag}@example.test`, fullName: n, role: roleOf(n) })))
    .returning({ id: users.id });
  names.forEach((n, i) => (u[n] = { id: rows[i]!.id, role: roleOf(n) }));
  const now = Date.now();
  await db.insert(subscriptions).values([
    { userId: u.premium.id, plan: PremiumPlan.Premium, durationDays: 30, startsAt: new Date(now - 5 * DAY), endsAt: new Date(now + 25 * DAY) },
    { userId: u.plus.id, plan: PremiumPlan.PremiumPlus, durationDays: 30, startsAt: new Date(now - DAY), endsAt: new Date(now + 29 * DAY) },
    // An ended Premium beside the running PremiumPlus: the best running plan counts.
    { userId: u.plus.id, plan: PremiumPlan.Premium, durationDays: 10, startsAt: new Date(now - 40 * DAY), endsAt: new Date(now - 30 * DAY) },
    { userId: u.expired.id, plan: PremiumPlan.PremiumPlus, durationDays: 30, startsAt: new Date(now - 40 * DAY), endsAt: new Date(now - 10 * DAY) },
    { userId: u.cancelled.id, plan: PremiumPlan.PremiumPlus, durationDays: 30, startsAt: new Date(now - 5 * DAY), endsAt: new Date(now + 25 * DAY), cancelledAt: new Date(now - DAY) },
    { userId: u.upcoming.id, plan: PremiumPlan.Premium, durationDays: 30, startsAt: new Date(now + 2 * DAY), endsAt: new Date(now + 32 * DAY) },
  ]);
  const [m] = await db
    .insert(manga)
    .values({ title: `Premium saga ${tag}`, description: "-", authorId: u.author.id, status: Status.Accepted, searchText: `premium saga ${tag}` })
    .returning({ id: manga.id });
  mangaId = m!.id;
  const ch = await db
    .insert(chapters)
    .values([
      { mangaId, title: "Free", number: 1, status: Status.Accepted },
      { mangaId, title: "Locked", number: 2, status: Status.Accepted, isPremium: true },
      { mangaId, title: "Window open", number: 3, status: Status.Accepted, isPremium: true, freeAt: future() },
      { mangaId, title: "Window past", number: 4, status: Status.Accepted, isPremium: true, freeAt: new Date(now - DAY) },
      { mangaId, title: "Scheduled", number: 5, status: Status.Accepted, isPremium: true, publishAt: future() },
    ])
    .returning({ id: chapters.id });
  [c.free, c.locked, c.windowOpen, c.windowPast, c.scheduled] = ch.map((r) => r.id) as [number, number, number, number, number];
});

describe("premium gating by plan and free date", () => {
  const cases: Array<[Who, Record<keyof typeof c, number>]> = [
    ["visitor", { free: 200, locked: 403, windowOpen: 403, windowPast: 200, scheduled: 404 }],
    ["reader", { free: 200, locked: 403, windowOpen: 403, windowPast: 200, scheduled: 404 }],
    ["expired", { free: 200, locked: 403, windowOpen: 403, windowPast: 200, scheduled: 404 }],
    ["cancelled", { free: 200, locked: 403, windowOpen: 403, windowPast: 200, scheduled: 404 }],
    ["upcoming", { free: 200, locked: 403, windowOpen: 403, windowPast: 200, scheduled: 404 }],
    ["otherWriter", { free: 200, locked: 403, windowOpen: 403, windowPast: 200, scheduled: 404 }],
    ["premium", { free: 200, locked: 200, windowOpen: 200, windowPast: 200, scheduled: 404 }],
    // No early access: a scheduled chapter stays hidden from PremiumPlus too.
    ["plus", { free: 200, locked: 200, windowOpen: 200, windowPast: 200, scheduled: 404 }],
    ["author", { free: 200, locked: 200, windowOpen: 200, windowPast: 200, scheduled: 200 }],
    ["root", { free: 200, locked: 200, windowOpen: 200, windowPast: 200, scheduled: 200 }],
  ];
  it.each(cases)("%s: GetChapter and its pages", async (who, expected) => {
    for (const [name, status] of Object.entries(expected) as Array<[keyof typeof c, number]>) {
      const chapter = await getChapter(who, c[name]);
      expect([name, chapter.status]).toEqual([name, status]);
      expect([name, (await pages(who, c[name])).status]).toEqual([name, status]);
      if (status === 403) {
        expect(chapter.body.data.code).toBe("premiumRequired");
        if (name === "windowOpen") expect(chapter.body.data.freeAt).toEqual(expect.stringMatching(/Z$/));
        else expect(chapter.body.data.freeAt).toBeNull();
      }
    }
  });

  it("the plan tier: PremiumPlus reads without the sponsored overlay; Premium, the author and root see it", async () => {
    const adFree = async (who: Who, id = c.locked) => {
      const access = await resolveChapterAccess({ db, chapterId: id, viewer: viewer(who) });
      return access.kind === "ok" ? { plan: access.plan, adFree: access.adFree } : access.kind;
    };
    expect(await adFree("plus")).toEqual({ plan: PremiumPlan.PremiumPlus, adFree: true });
    expect(await adFree("plus", c.free)).toEqual({ plan: PremiumPlan.PremiumPlus, adFree: true });
    expect(await adFree("premium")).toEqual({ plan: PremiumPlan.Premium, adFree: false });
    expect(await adFree("author")).toEqual({ plan: null, adFree: false });
    expect(await adFree("root")).toEqual({ plan: null, adFree: false });
    expect(await adFree("cancelled", c.free)).toEqual({ plan: null, adFree: false });
    expect(await adFree("reader")).toBe("premium");
    expect(await adFree("visitor", c.windowPast)).toEqual({ plan: null, adFree: false });
  });

  it("a free date is checked at query time: no job, the database clock decides", async () => {
    const id = (
      await db.insert(chapters).values({ mangaId, title: "Flip", number: 50, status: Status.Accepted, isPremium: true, freeAt: future() }).returning({ id: chapters.id })
    )[0]!.id;
    expect((await getChapter("reader", id)).status).toBe(403);
    await db.update(chapters).set({ freeAt: sql`now() - interval '1 second'` }).where(eq(chapters.id, id));
    expect((await getChapter("reader", id)).status).toBe(200);
    expect((await getChapter("visitor", id)).status).toBe(200);
    await db.update(chapters).set({ freeAt: sql`now() + interval '1 hour'` }).where(eq(chapters.id, id));
    expect((await getChapter("visitor", id)).status).toBe(403);
    // The SQL rule and the lists' copy agree.
    const rows = await db.select({ id: chapters.id, isPremium: chapters.isPremium, freeAt: chapters.freeAt, now: chapterPremiumNow() }).from(chapters).where(eq(chapters.mangaId, mangaId));
    for (const r of rows) expect([r.id, isPremiumNow(r)]).toEqual([r.id, r.now === true || String(r.now) === "true"]);
  });

  it("chapter responses carry freeAt (GetChapter, GetMangaById, PaginatedChapter)", async () => {
    const one = await getChapter("premium", c.windowOpen);
    expect(typeof one.body.data.freeAt).toBe("string");
    expect((await getChapter("visitor", c.free)).body.data.freeAt).toBeNull();
    const detail = await send(getMangaRoute, jsonRequest("GET /api/manga/GetMangaById", { query: `id=${mangaId}` }));
    const listed = (detail.body.data.chapters as Array<{ id: number; freeAt: string | null; isPremium: boolean }>).find((x) => x.id === c.windowOpen);
    expect(listed).toMatchObject({ isPremium: true, freeAt: expect.stringMatching(/Z$/) });
    expect((detail.body.data.chapters as Array<{ id: number }>).some((x) => x.id === c.scheduled)).toBe(false);
    const list = await send(listChaptersRoute, jsonRequest("GET /api/chapter/PaginatedChapter", { query: `mangaId=${mangaId}&pageSize=50` }));
    expect(list.body.data.items?.find((x) => x.id === c.windowPast)).toHaveProperty("freeAt");
  });
});

describe("setting a free date", () => {
  const chapterForm = async (fields: Record<string, string>) => {
    const form = new FormData();
    form.set("mangaId", String(mangaId));
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.append("pages", new Blob([new Uint8Array(await photo({ width: 400, height: 600 }))], { type: "image/jpeg" }), "p1.jpg");
    return form;
  };
  const count = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(chapters).where(eq(chapters.mangaId, mangaId)))[0]!.n;

  it("SubmitChapter: freeAt in the future with isPremium is kept; past, invalid or without premium is 422 and stores nothing", async () => {
    const token = await tokenFor(Role.writer, u.author.id);
    const before = await count();
    const past = await send(submitChapterRoute, multipart(token, await chapterForm({ title: "Past", isPremium: "true", freeAt: new Date(Date.now() - 60_000).toISOString() })));
    expect(past.status).toBe(422);
    expect(past.body.data.errors?.freeAt?.[0]).toMatch(/future/);
    const bad = await send(submitChapterRoute, multipart(token, await chapterForm({ title: "Bad", isPremium: "true", freeAt: "next week" })));
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors?.freeAt).toHaveLength(1);
    const free = await send(submitChapterRoute, multipart(token, await chapterForm({ title: "Free", freeAt: future().toISOString() }), { "accept-language": "ar" }));
    expect(free.status).toBe(422);
    expect(free.body.data.errors?.freeAt?.[0]).toMatch(/[\u0600-\u06FF]/);
    expect(await count()).toBe(before);

    const at = future();
    const ok = await send(submitChapterRoute, multipart(token, await chapterForm({ title: "Timed", isPremium: "true", freeAt: at.toISOString() })));
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ isPremium: true, freeAt: at.toISOString() });
    const [row] = await db.select({ freeAt: chapters.freeAt }).from(chapters).where(eq(chapters.id, ok.body.data.id as number));
    expect(row?.freeAt?.toISOString()).toBe(at.toISOString());
  });

  it("UpdateChapter: sets, clears (null) and refuses a past date or a free chapter's date; unticking premium drops it", async () => {
    const id = (
      await db.insert(chapters).values({ mangaId, title: "Editable", number: 60, status: Status.Accepted, isPremium: true }).returning({ id: chapters.id })
    )[0]!.id;
    const stored = async () => (await db.select({ isPremium: chapters.isPremium, freeAt: chapters.freeAt }).from(chapters).where(eq(chapters.id, id)))[0]!;
    const at = future();
    const set = await updateChapter("author", { chapterId: id, freeAt: at.toISOString() });
    expect(set.status).toBe(200);
    expect(set.body.data.freeAt).toBe(at.toISOString());
    const [audited] = await db.select().from(auditLog).where(eq(auditLog.targetId, String(id))).orderBy(sql`${auditLog.id} desc`).limit(1);
    expect(JSON.stringify(audited?.details)).toContain("freeAt");

    const past = await updateChapter("author", { chapterId: id, freeAt: new Date(Date.now() - 1000).toISOString() });
    expect(past.status).toBe(422);
    expect(past.body.data.errors?.freeAt).toHaveLength(1);
    expect((await stored()).freeAt?.toISOString()).toBe(at.toISOString());
    // Someone else's chapter: as if absent.
    expect((await updateChapter("otherWriter", { chapterId: id, freeAt: null })).status).toBe(404);

    const cleared = await updateChapter("author", { chapterId: id, freeAt: null });
    expect(cleared.status).toBe(200);
    expect((await stored()).freeAt).toBeNull();

    await updateChapter("root", { chapterId: id, freeAt: at.toISOString() });
    const unticked = await updateChapter("author", { chapterId: id, isPremium: false });
    expect(unticked.status).toBe(200);
    expect(await stored()).toEqual({ isPremium: false, freeAt: null });

    const onFree = await updateChapter("author", { chapterId: id, freeAt: at.toISOString() }, { "accept-language": "ar" });
    expect(onFree.status).toBe(422);
    expect(onFree.body.data.errors?.freeAt?.[0]).toMatch(/[\u0600-\u06FF]/);
    const both = await updateChapter("author", { chapterId: id, isPremium: false, freeAt: at.toISOString() });
    expect(both.status).toBe(422);
    expect(await stored()).toEqual({ isPremium: false, freeAt: null });
    const again = await updateChapter("author", { chapterId: id, isPremium: true, freeAt: at.toISOString() });
    expect(again.status).toBe(200);
    expect(await stored()).toEqual({ isPremium: true, freeAt: at });
  });
});

describe("GET /api/Authentication/Me/Subscriptions", () => {
  it("answers the caller's subscriptions, newest first, in the spec's shape with start and end", async () => {
    expect((await send(mySubscriptionsRoute, jsonRequest("GET /api/Authentication/Me/Subscriptions"))).status).toBe(401);
    const res = await send(mySubscriptionsRoute, jsonRequest("GET /api/Authentication/Me/Subscriptions", { token: await tokenOf("plus") }));
    expect(res.status).toBe(200);
    const list = res.body.data as unknown as Array<Record<string, unknown>>;
    expect(list).toHaveLength(2);
    expect(Object.keys(list[0]!).sort()).toEqual(["active", "cancelledAt", "duration", "endsAt", "id", "remainingDays", "startsAt", "status", "type"]);
    expect(list[0]).toMatchObject({ type: 1, duration: 30, remainingDays: 29, active: true, status: "active", cancelledAt: null });
    expect(list[1]).toMatchObject({ type: 0, duration: 10, remainingDays: 0, active: false, status: "ended" });
    for (const who of ["reader", "premium", "author", "root"] as const) {
      expect((await send(mySubscriptionsRoute, jsonRequest("GET /api/Authentication/Me/Subscriptions", { token: await tokenOf(who) }))).status).toBe(200);
    }
  });

  it("states: cancelled has no days left, upcoming counts from its start; the current one is the best running plan", async () => {
    const [cancelled] = await listMySubscriptions({ db, userId: u.cancelled.id });
    expect(cancelled).toMatchObject({ status: "cancelled", active: false, remainingDays: 0 });
    const [upcoming] = await listMySubscriptions({ db, userId: u.upcoming.id });
    expect(upcoming).toMatchObject({ status: "upcoming", active: false, remainingDays: 30 });
    expect(currentSubscription(await listMySubscriptions({ db, userId: u.plus.id }))?.type).toBe(1);
    expect(currentSubscription(await listMySubscriptions({ db, userId: u.expired.id }))).toBeNull();
    expect(currentSubscription(await listMySubscriptions({ db, userId: u.reader.id }))).toBeNull();
  });
});

describe("POST /api/test/grant-subscription (browser tests only)", () => {
  const ORIGINAL = process.env.E2E_TEST_ROUTES;
  afterEach(() => {
    if (ORIGINAL === undefined) delete process.env.E2E_TEST_ROUTES;
    else process.env.E2E_TEST_ROUTES = ORIGINAL;
  });
  it("does not exist unless E2E_TEST_ROUTES=1, then grants a running subscription", async () => {
    delete process.env.E2E_TEST_ROUTES;
    const body = { username: `reader_${tag}`, type: 1, days: 7 };
    expect((await send(grantRoute, jsonRequest("POST /api/test/grant-subscription", { body }))).status).toBe(404);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, u.reader.id))).toHaveLength(0);
    process.env.E2E_TEST_ROUTES = "1";
    expect((await send(grantRoute, jsonRequest("POST /api/test/grant-subscription", { body: { ...body, type: 3 } }))).status).toBe(422);
    expect((await send(grantRoute, jsonRequest("POST /api/test/grant-subscription", { body }))).status).toBe(200);
    expect((await getChapter("reader", c.locked)).status).toBe(200);
    expect((await resolveChapterAccess({ db, chapterId: c.free, viewer: viewer("reader") })).kind === "ok").toBe(true);
    void noParams;
  });
});
