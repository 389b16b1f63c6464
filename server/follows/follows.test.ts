import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { emailOutbox, follows, manga, notificationPreferences, notifications, users } from "@/db/schema";
import { NotificationType, Role, Status } from "@/lib/enums";
import { searchTextFor } from "@/lib/search-fold";
import { POST as followRoute } from "@/app/api/Follow/Follow/route";
import { POST as unfollowRoute } from "@/app/api/Follow/Unfollow/route";
import { GET as followingRoute } from "@/app/api/Follow/Following/route";
import { GET as writerRoute } from "@/app/api/Follow/Writer/route";
import { recipientLocale, renderNotification } from "@/server/notifications/catalogue";
import { tombstoneAccount } from "@/server/account/tombstone";
import { decideManga, jsonRequest, makeUsers, send, submitManga } from "@/tests/fixtures/publishing-kit";
import { getWriterProfile } from "./get-writer-profile";
import { MAX_FOLLOWS } from "./rules";

/**
 * Following writers (issue 34, item 4) through its four routes: who may call them and whom one may follow, bad input
 * (an envelope error, nothing stored), idempotence and exact counts under concurrent requests, the cap and the rate,
 * the writer's public profile (accepted manga only), and the notice to followers when a new manga of the writer is
 * accepted, in each follower's language and as their preferences say.
 */
let db: Db;
let u: Awaited<ReturnType<typeof accounts>>;

const accounts = (d: Db) =>
  makeUsers(d, "fol", {
    reader: { role: Role.reader },
    readerAr: { role: Role.reader, locale: "ar" },
    quiet: { role: Role.reader },
    mailer: { role: Role.reader },
    banned: { role: Role.reader },
    outsider: { role: Role.reader },
    writer: { role: Role.writer },
    writer2: { role: Role.writer },
    staff: { role: Role.staff },
    admin: { role: Role.admin },
    root: { role: Role.root },
    rootAuthor: { role: Role.root },
  });

beforeAll(async () => {
  db = await getDb();
  u = await accounts(db);
  // rootAuthor has a published manga of their own, so they can be followed; plain `root` has none.
  await insertManga(u.rootAuthor.id, Status.Accepted, "Root's own");
});

const ORIGINAL_RATE = process.env.RATE_LIMIT_FOLLOW_USER;
afterEach(() => {
  if (ORIGINAL_RATE === undefined) delete process.env.RATE_LIMIT_FOLLOW_USER;
  else process.env.RATE_LIMIT_FOLLOW_USER = ORIGINAL_RATE;
});

let n = 0;
async function insertManga(authorId: number, status: Status, title = `Follow test ${++n}`) {
  const [m] = await db.insert(manga).values({ title, description: "", searchText: searchTextFor(title, ""), authorId, status }).returning({ id: manga.id });
  return m!.id;
}

let made = 0;
/** A fresh account (tests that count rows need someone with a clean slate). */
async function person(role: Role = Role.reader, extra: { locale?: "en" | "ar" } = {}) {
  const created = await makeUsers(db, `folp${++made}`, { one: { role, ...extra } });
  return created.one;
}

const follow = (token: string | undefined, body: unknown) => send(followRoute, jsonRequest("POST /api/Follow/Follow", { token, body }));
const unfollow = (token: string | undefined, body: unknown) => send(unfollowRoute, jsonRequest("POST /api/Follow/Unfollow", { token, body }));
const following = (token: string | undefined) => send(followingRoute, jsonRequest("GET /api/Follow/Following", { token }));
const writerPage = (token: string | undefined, username: string) => send(writerRoute, jsonRequest("GET /api/Follow/Writer", { token, query: `username=${encodeURIComponent(username)}` }));
const followRows = async () => (await db.execute(sql`select follower_id, writer_id from follows order by follower_id, writer_id`)).rows;
const rowsOf = (followerId: number) => db.select().from(follows).where(eq(follows.followerId, followerId));

describe("access", () => {
  it("Follow, Unfollow and Following: visitors 401 with nothing stored; every member may use them", async () => {
    const before = await followRows();
    expect((await follow(undefined, { writerId: u.writer.id })).status).toBe(401);
    expect((await unfollow(undefined, { writerId: u.writer.id })).status).toBe(401);
    const anonymous = await following(undefined);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.statusCode).toBe(401);
    expect(await followRows()).toEqual(before);
    for (const who of ["reader", "writer2", "staff", "admin", "root"] as const) {
      const res = await follow(u[who].token, { writerId: u.writer.id });
      expect(res.status, who).toBe(200);
      expect(res.body.data, who).toMatchObject({ writerId: u.writer.id, isFollowing: true });
      const list = await following(u[who].token);
      expect(list.status, who).toBe(200);
      expect((list.body.data as unknown as Array<{ id: number }>).map((w) => w.id), who).toContain(u.writer.id);
      const off = await unfollow(u[who].token, { writerId: u.writer.id });
      expect(off.status, who).toBe(200);
      expect(off.body.data, who).toMatchObject({ writerId: u.writer.id, isFollowing: false });
    }
    expect(await followRows()).toEqual(before);
  });

  it("Writer: anyone may read a writer's profile; isFollowing answers only for a signed-in caller", async () => {
    const visitor = await writerPage(undefined, "fol_writer");
    expect(visitor.status).toBe(200);
    expect(visitor.body.data).toMatchObject({ id: u.writer.id, username: "fol_writer", isFollowing: null });
    const reader = await writerPage(u.reader.token, "FOL_WRITER");
    expect(reader.status).toBe(200);
    expect(reader.body.data).toMatchObject({ id: u.writer.id, isFollowing: false });
  });
});

describe("whom one may follow", () => {
  it("not oneself (422), not a reader, staff or admin, a root without published manga, nor an unknown id (404): nothing stored", async () => {
    const before = await followRows();
    const self = await follow(u.writer.token, { writerId: u.writer.id });
    expect(self.status).toBe(422);
    expect(self.body).toMatchObject({ statusCode: 422, message: "You cannot follow yourself.", data: { code: "followSelf" } });
    for (const target of [u.outsider.id, u.staff.id, u.admin.id, u.root.id, 2_000_000_000]) {
      const res = await follow(u.reader.token, { writerId: target });
      expect(res.status, String(target)).toBe(404);
      expect(res.body).toMatchObject({ statusCode: 404, message: "Writer not found", data: { code: "writerNotFound" } });
    }
    // In the request's language.
    const ar = await send(followRoute, jsonRequest("POST /api/Follow/Follow", { token: u.reader.token, body: { writerId: u.outsider.id }, headers: { "x-locale": "ar" } }));
    expect(ar.body.message).toBe("الكاتب غير موجود");
    expect(await followRows()).toEqual(before);
    // Unknown writers on the profile read: 404 too.
    for (const name of ["fol_outsider", "fol_root", "nobody_here"]) expect((await writerPage(undefined, name)).status, name).toBe(404);
  });

  it("a root account that has published manga can be followed", async () => {
    const res = await follow(u.reader.token, { writerId: u.rootAuthor.id });
    expect(res.status).toBe(200);
    expect((await writerPage(undefined, "fol_rootauthor")).status).toBe(200);
    await unfollow(u.reader.token, { writerId: u.rootAuthor.id });
  });

  it("bad input is a 422 envelope with the field's error, never a 500, and stores nothing", async () => {
    const before = await followRows();
    for (const body of [{}, { writerId: "abc" }, { writerId: 0 }, { writerId: -3 }, { writerId: 1.5 }, { writerId: "1e3" }, { writerId: 2_147_483_648 }, { writerId: [u.writer.id] }, { writerId: null }, { writerId: true }]) {
      for (const route of [follow, unfollow]) {
        const res = await route(u.reader.token, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(res.body.statusCode).toBe(422);
        expect(Object.keys(res.body.data.errors ?? {})).toContain("writerId");
      }
    }
    const raw = await send(followRoute, jsonRequest("POST /api/Follow/Follow", { token: u.reader.token, raw: "{not json", headers: { "content-type": "application/json" } }));
    expect(raw.status).toBe(400);
    expect(raw.body.statusCode).toBe(400);
    for (const name of ["", "x".repeat(101)]) expect((await writerPage(undefined, name)).status).toBe(422);
    expect(await followRows()).toEqual(before);
  });
});

describe("idempotence and counting", () => {
  it("following twice leaves one row; unfollowing twice answers the same; the count follows", async () => {
    const writer = await person(Role.writer);
    const a = await person();
    const first = await follow(a.token, { writerId: writer.id });
    const second = await follow(a.token, { writerId: writer.id });
    expect(first.body.data).toEqual({ writerId: writer.id, isFollowing: true, followers: 1 });
    expect(second.body.data).toEqual({ writerId: writer.id, isFollowing: true, followers: 1 });
    expect(await rowsOf(a.id)).toHaveLength(1);
    expect((await unfollow(a.token, { writerId: writer.id })).body.data).toEqual({ writerId: writer.id, isFollowing: false, followers: 0 });
    expect((await unfollow(a.token, { writerId: writer.id })).body.data).toEqual({ writerId: writer.id, isFollowing: false, followers: 0 });
    expect(await rowsOf(a.id)).toHaveLength(0);
  });

  it("concurrent follows: one account's race leaves one row; many accounts at once are counted exactly", async () => {
    const writer = await person(Role.writer);
    const a = await person();
    const same = await Promise.all(Array.from({ length: 8 }, () => follow(a.token, { writerId: writer.id })));
    expect(same.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(same.every((r) => r.body.data.followers === 1 && r.body.data.isFollowing === true)).toBe(true);
    expect(await rowsOf(a.id)).toHaveLength(1);

    const crowd = await Promise.all(Array.from({ length: 10 }, () => person()));
    const answers = await Promise.all(crowd.map((p) => follow(p.token, { writerId: writer.id })));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    // Each answer counts the rows committed when it read (its own included); the table, once all are in, everybody.
    for (const r of answers) expect(r.body.data.followers as number).toBeGreaterThanOrEqual(2);
    for (const r of answers) expect(r.body.data.followers as number).toBeLessThanOrEqual(11);
    const [{ c }] = (await db.execute<{ c: number }>(sql`select count(*)::int as c from follows where writer_id = ${writer.id}`)).rows as [{ c: number }];
    expect(c).toBe(11);
    const profile = await writerPage(undefined, (await db.select({ username: users.username }).from(users).where(eq(users.id, writer.id)))[0]!.username);
    expect(profile.body.data.followers).toBe(11);
  });
});

describe("limits", () => {
  it("an account follows at most MAX_FOLLOWS writers (409, in the request's language); an existing follow still answers; unfollowing frees a place", async () => {
    const a = await person();
    // MAX_FOLLOWS writers, and the follows to them, written directly (one statement each).
    const created = await db.execute<{ id: number }>(sql`
      insert into users (username, email, full_name, role)
      select 'folcap_' || g, 'folcap_' || g || '@example.test', 'cap ' || g, ${Role.writer} from generate_series(1, ${MAX_FOLLOWS + 1}) g
      returning id`);
    const ids = created.rows.map((r) => Number(r.id)).sort((x, y) => x - y);
    await db.insert(follows).values(ids.slice(0, MAX_FOLLOWS).map((writerId) => ({ followerId: a.id, writerId })));
    const over = await follow(a.token, { writerId: ids[MAX_FOLLOWS]! });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ statusCode: 409, data: { code: "followLimit" } });
    expect(over.body.message).toContain(String(MAX_FOLLOWS));
    const overAr = await send(followRoute, jsonRequest("POST /api/Follow/Follow", { token: a.token, body: { writerId: ids[MAX_FOLLOWS]! }, headers: { "x-locale": "ar" } }));
    expect(overAr.body.message).toMatch(/[\u0600-\u06FF]/);
    expect(await rowsOf(a.id)).toHaveLength(MAX_FOLLOWS);
    expect((await follow(a.token, { writerId: ids[0]! })).status).toBe(200);
    expect((await unfollow(a.token, { writerId: ids[0]! })).status).toBe(200);
    expect((await follow(a.token, { writerId: ids[MAX_FOLLOWS]! })).status).toBe(200);
    expect(await rowsOf(a.id)).toHaveLength(MAX_FOLLOWS);
    // The list answers all of them.
    expect((await following(a.token)).body.data).toHaveLength(MAX_FOLLOWS);
  });

  it("the cap holds under concurrent follows of different writers", async () => {
    const a = await person();
    const created = await db.execute<{ id: number }>(sql`
      insert into users (username, email, full_name, role)
      select 'folrace_' || g, 'folrace_' || g || '@example.test', 'race ' || g, ${Role.writer} from generate_series(1, ${MAX_FOLLOWS + 5}) g
      returning id`);
    const ids = created.rows.map((r) => Number(r.id)).sort((x, y) => x - y);
    await db.insert(follows).values(ids.slice(0, MAX_FOLLOWS - 2).map((writerId) => ({ followerId: a.id, writerId })));
    const answers = await Promise.all(ids.slice(MAX_FOLLOWS - 2).map((writerId) => follow(a.token, { writerId })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(2);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(5);
    expect(await rowsOf(a.id)).toHaveLength(MAX_FOLLOWS);
  });

  it("follows and unfollows count in the account's rate (429 past it, nothing stored)", async () => {
    process.env.RATE_LIMIT_FOLLOW_USER = "3/3600";
    const a = await person();
    const writer = await person(Role.writer);
    expect((await follow(a.token, { writerId: writer.id })).status).toBe(200);
    expect((await unfollow(a.token, { writerId: writer.id })).status).toBe(200);
    expect((await follow(a.token, { writerId: writer.id })).status).toBe(200);
    expect((await unfollow(a.token, { writerId: writer.id })).status).toBe(429);
    expect(await rowsOf(a.id)).toHaveLength(1);
  });
});

describe("the writer's profile", () => {
  it("lists only their accepted manga, newest first, with the follower count and the viewer's state", async () => {
    const writer = await person(Role.writer);
    const [{ username }] = await db.select({ username: users.username }).from(users).where(eq(users.id, writer.id)) as [{ username: string }];
    const old = await insertManga(writer.id, Status.Accepted, "Old public");
    const fresh = await insertManga(writer.id, Status.Accepted, "New public");
    await insertManga(writer.id, Status.Pending, "Still pending");
    await insertManga(writer.id, Status.Rejected, "Rejected one");
    const fan = await person();
    await follow(fan.token, { writerId: writer.id });
    // The writer and root see the same public list (their unpublished work stays in the dashboard).
    for (const viewer of [null, { userId: writer.id, role: Role.writer }, { userId: u.root.id, role: Role.root }] as const) {
      const profile = await getWriterProfile({ db, viewer, username });
      expect(profile?.manga.map((m) => m.id)).toEqual([fresh, old]);
      expect(profile?.followers).toBe(1);
    }
    expect((await getWriterProfile({ db, viewer: { userId: fan.id, role: Role.reader }, username }))?.isFollowing).toBe(true);
    const api = await writerPage(fan.token, username);
    expect(api.body.data).toMatchObject({ id: writer.id, username, followers: 1, isFollowing: true });
    expect((api.body.data.manga as Array<{ title: string; status: number }>).map((m) => [m.title, m.status])).toEqual([["New public", Status.Accepted], ["Old public", Status.Accepted]]);
  });

  it("a banned or deleted writer has no page and cannot be followed; a deleted account's follows go with it", async () => {
    const writer = await person(Role.writer);
    const fan = await person();
    await follow(fan.token, { writerId: writer.id });
    const [{ username }] = await db.select({ username: users.username }).from(users).where(eq(users.id, writer.id)) as [{ username: string }];
    await db.update(users).set({ banned: true }).where(eq(users.id, writer.id));
    expect(await getWriterProfile({ db, viewer: null, username })).toBeNull();
    expect((await follow(u.reader.token, { writerId: writer.id })).status).toBe(404);
    // Leaving a banned writer still works.
    expect((await unfollow(fan.token, { writerId: writer.id })).body.data).toMatchObject({ isFollowing: false });
    await follow(fan.token, { writerId: u.writer2.id });
    await tombstoneAccount({ db, actorId: fan.id, userId: fan.id, now: new Date() });
    expect(await rowsOf(fan.id)).toHaveLength(0);
  });
});

describe("the notice of a new manga", () => {
  it("tells each follower once, in their language, as their preferences say, when root first accepts the writer's new manga", async () => {
    const writer = await person(Role.writer);
    const [{ username }] = await db.select({ username: users.username }).from(users).where(eq(users.id, writer.id)) as [{ username: string }];
    const en = await person();
    const ar = await person(Role.reader, { locale: "ar" });
    const quiet = await person();
    const mailer = await person();
    const banned = await person();
    const bystander = await person();
    for (const p of [en, ar, quiet, mailer, banned]) expect((await follow(p.token, { writerId: writer.id })).status).toBe(200);
    await db.insert(notificationPreferences).values([
      { userId: quiet.id, followedWriterInApp: false },
      { userId: mailer.id, followedWriterEmail: true },
    ]);
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, mailer.id));
    await db.update(users).set({ banned: true }).where(eq(users.id, banned.id));

    const title = "سيف القمر Moon";
    const mangaId = await submitManga(writer.token, title);
    const watched = [en.id, ar.id, quiet.id, mailer.id, banned.id, bystander.id];
    const told = async () =>
      (await db
        .select({ row: notifications, locale: users.locale })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(and(inArray(notifications.userId, watched), eq(notifications.kind, "followedWriterNewManga")))
        .orderBy(notifications.userId))
        .map(({ row, locale }) => ({ userId: row.userId, message: renderNotification(row, recipientLocale(locale)).replace(/[\u2068\u2069]/g, ""), type: row.type, link: row.link }));
    // Pending: nobody is told.
    expect(await told()).toEqual([]);
    const outboxBefore = (await db.select({ id: emailOutbox.id }).from(emailOutbox)).length;
    expect((await decideManga(u.root.token, mangaId, Status.Accepted)).status).toBe(200);
    const link = `/discovery/manga/${mangaId}`;
    expect(await told()).toEqual([
      { userId: en.id, message: `New manga from ${username}, a writer you follow: "${title}"`, type: NotificationType.Info, link },
      { userId: ar.id, message: `مانجا جديدة من ${username}، كاتب تتابعه: «${title}»`, type: NotificationType.Info, link },
      { userId: mailer.id, message: `New manga from ${username}, a writer you follow: "${title}"`, type: NotificationType.Info, link },
    ]);
    // The one who asked for e-mail gets one, with the link.
    const mails = await db.select().from(emailOutbox).where(sql`${emailOutbox.id} > 0`).orderBy(emailOutbox.id);
    const newMails = mails.slice(outboxBefore);
    expect(newMails.filter((m) => m.text.includes(`/discovery/manga/${mangaId}`)).map((m) => m.to)).toEqual([(await db.select({ email: users.email }).from(users).where(eq(users.id, mailer.id)))[0]!.email]);

    // Rejected and accepted again (a hide and a restore): nobody is told twice.
    expect((await decideManga(u.root.token, mangaId, Status.Rejected, "Cover")).status).toBe(200);
    expect((await decideManga(u.root.token, mangaId, Status.Accepted)).status).toBe(200);
    expect(await told()).toHaveLength(3);
  });

  it("a manga accepted after a first rejection is still new to the followers", async () => {
    const writer = await person(Role.writer);
    const fan = await person();
    await follow(fan.token, { writerId: writer.id });
    const mangaId = await submitManga(writer.token, "Second try");
    await decideManga(u.root.token, mangaId, Status.Rejected, "Cover");
    const before = await db.select().from(notifications).where(and(eq(notifications.userId, fan.id), eq(notifications.kind, "followedWriterNewManga")));
    expect(before).toHaveLength(0);
    await decideManga(u.root.token, mangaId, Status.Accepted);
    const after = await db.select().from(notifications).where(and(eq(notifications.userId, fan.id), eq(notifications.kind, "followedWriterNewManga")));
    expect(after.map((r) => (r.params as { mangaId: number }).mangaId)).toEqual([mangaId]);
  });
});
