import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { manga, ratings, users } from "@/db/schema";
import { Role, SortBy, Status } from "@/lib/enums";
import { bayesianScore } from "@/lib/rating";
import { searchTextFor } from "@/lib/search-fold";
import { POST as rateRoute } from "@/app/api/Rating/Rate/route";
import { POST as removeRoute } from "@/app/api/Rating/Remove/route";
import { GET as mineRoute } from "@/app/api/Rating/Mine/route";
import { tombstoneAccount } from "@/server/account/tombstone";
import { getPublicManga } from "@/server/manga/get-manga";
import { listManga, listMangaStatements } from "@/server/manga/list-manga";
import { jsonRequest, makeUsers, send } from "@/tests/fixtures/publishing-kit";
import { foldMaturedRatings } from "./fold-matured";

/**
 * Ratings (issue 34, item 3; docs/decisions/028) through their three routes: who may call them and on which manga, bad
 * input (an envelope error, nothing stored), exact counts under concurrent ratings and changes, the young-account rule
 * and its fold-in, removal by account deletion, the Bayesian "top rated" order, and the catalogue's and preview's reads
 * carrying mean and count from the manga row (no per-card query).
 */
let db: Db;
let u: Awaited<ReturnType<typeof accounts>>;
let publicId: number;
let pendingId: number;

const accounts = (d: Db) =>
  makeUsers(d, "rat", {
    reader: { role: Role.reader },
    writer: { role: Role.writer },
    staff: { role: Role.staff },
    admin: { role: Role.admin },
    root: { role: Role.root },
  });

/** Makes accounts look `days` old (the database decides maturity with its own clock). */
const age = (ids: number[], days = 2) => db.update(users).set({ createdAt: sql`now() - make_interval(days => ${days})` }).where(inArray(users.id, ids));

let n = 0;
async function insertManga(status: Status, authorId: number | null = null, title = `Rating test ${++n}`) {
  const [m] = await db.insert(manga).values({ title, description: "", searchText: searchTextFor(title, ""), authorId, status }).returning({ id: manga.id });
  return m!.id;
}

let made = 0;
async function people(count: number, role: Role = Role.reader, { aged = true } = {}) {
  const specs: Record<string, { role: Role }> = {};
  for (let i = 0; i < count; i++) specs[`p${i}`] = { role };
  const created = Object.values(await makeUsers(db, `ratp${++made}`, specs));
  if (aged) await age(created.map((p) => p.id));
  return created;
}

beforeAll(async () => {
  db = await getDb();
  u = await accounts(db);
  await age(Object.values(u).map((a) => a.id));
  publicId = await insertManga(Status.Accepted, u.writer.id);
  pendingId = await insertManga(Status.Pending, u.writer.id);
});

const ORIGINAL_RATE = process.env.RATE_LIMIT_RATE_MANGA;
afterEach(() => {
  if (ORIGINAL_RATE === undefined) delete process.env.RATE_LIMIT_RATE_MANGA;
  else process.env.RATE_LIMIT_RATE_MANGA = ORIGINAL_RATE;
});

const rate = (token: string | undefined, body: unknown) => send(rateRoute, jsonRequest("POST /api/Rating/Rate", { token, body }));
const remove = (token: string | undefined, body: unknown) => send(removeRoute, jsonRequest("POST /api/Rating/Remove", { token, body }));
const mine = (token: string | undefined, query: string) => send(mineRoute, jsonRequest("GET /api/Rating/Mine", { token, query }));

const counters = async (id: number) => (await db.select({ sum: manga.ratingSum, count: manga.ratingCount, score: manga.ratingScore }).from(manga).where(eq(manga.id, id)))[0]!;
/** What the counted rows add up to: the counters must always equal it. */
const fromRows = async (id: number) => {
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${ratings.score}), 0)`.mapWith(Number), count: sql<number>`count(*)`.mapWith(Number) })
    .from(ratings)
    .where(and(eq(ratings.mangaId, id), eq(ratings.counted, true)));
  return row!;
};
const allRatings = async () => (await db.execute(sql`select user_id, manga_id, score, counted from ratings order by user_id, manga_id`)).rows;

describe("access", () => {
  it("visitors get 401 on every route, with nothing stored", async () => {
    const before = await allRatings();
    expect((await rate(undefined, { mangaId: publicId, score: 7 })).status).toBe(401);
    expect((await remove(undefined, { mangaId: publicId })).status).toBe(401);
    expect((await mine(undefined, `mangaId=${publicId}`)).status).toBe(401);
    expect(await allRatings()).toEqual(before);
  });

  it("every signed-in role may rate, read and remove its rating of a public manga", async () => {
    const id = await insertManga(Status.Accepted, u.writer.id);
    for (const [i, who] of [u.reader, u.writer, u.staff, u.admin, u.root].entries()) {
      const rated = await rate(who.token, { mangaId: id, score: i + 3 });
      expect(rated.status).toBe(200);
      expect(rated.body.statusCode).toBe(1);
      expect(rated.body.data).toMatchObject({ mangaId: id, score: i + 3, counted: true, count: i + 1 });
      const read = await mine(who.token, `mangaId=${id}`);
      expect(read.status).toBe(200);
      expect(read.body.data).toMatchObject({ score: i + 3, counted: true });
    }
    expect(await counters(id)).toMatchObject({ sum: 3 + 4 + 5 + 6 + 7, count: 5 });
    expect((await mine(u.root.token, `mangaId=${id}`)).body.data).toMatchObject({ mean: 5, count: 5 });
    const removed = await remove(u.reader.token, { mangaId: id });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ score: null, count: 4, mean: 5.5 });
    // Idempotent: nothing left to remove answers the same.
    expect((await remove(u.reader.token, { mangaId: id })).body.data).toMatchObject({ score: null, count: 4 });
    expect((await mine(u.reader.token, `mangaId=${id}`)).body.data).toMatchObject({ score: null, counted: false, count: 4 });
  });

  it("a manga that is not public is a 404 for everyone, its author and root included; so is an unknown id", async () => {
    const rejected = await insertManga(Status.Rejected, u.writer.id);
    const before = await allRatings();
    for (const who of [u.reader, u.writer, u.root]) {
      for (const id of [pendingId, rejected, 2_000_000_000]) {
        const answers = [await rate(who.token, { mangaId: id, score: 5 }), await remove(who.token, { mangaId: id }), await mine(who.token, `mangaId=${id}`)];
        for (const a of answers) {
          expect(a.status).toBe(404);
          expect(a.body.statusCode).not.toBe(1);
        }
      }
    }
    expect(await allRatings()).toEqual(before);
    expect(await counters(pendingId)).toMatchObject({ sum: 0, count: 0 });
  });
});

describe("bad input", () => {
  it("0, 11, 5.5, strings, null, extra or missing keys: a 422 envelope, nothing stored, never a 500", async () => {
    const id = await insertManga(Status.Accepted);
    const before = await allRatings();
    const bodies: unknown[] = [
      { mangaId: id, score: 0 },
      { mangaId: id, score: 11 },
      { mangaId: id, score: 5.5 },
      { mangaId: id, score: "5" },
      { mangaId: id, score: "ten" },
      { mangaId: id, score: null },
      { mangaId: id },
      { score: 5 },
      { mangaId: "abc", score: 5 },
      { mangaId: 0, score: 5 },
      { mangaId: id, score: 5, userId: u.root.id },
      { mangaId: id, score: 5, counted: true },
      [],
      "5",
    ];
    for (const body of bodies) {
      const a = await rate(u.reader.token, body);
      expect(a.status, JSON.stringify(body)).toBe(422);
      expect(a.body.statusCode).not.toBe(1);
    }
    const raw = await send(rateRoute, jsonRequest("POST /api/Rating/Rate", { token: u.reader.token, raw: "{not json", headers: { "content-type": "application/json" } }));
    expect(raw.status).toBeGreaterThanOrEqual(400);
    expect(raw.status).toBeLessThan(500);
    for (const body of [{ mangaId: id, extra: 1 }, { mangaId: "x" }, {}]) expect((await remove(u.reader.token, body)).status).toBe(422);
    for (const query of ["mangaId=x", "mangaId=0", "", `mangaId=${id}&other=1`]) expect((await mine(u.reader.token, query)).status, query).toBe(422);
    expect(await allRatings()).toEqual(before);
    expect(await counters(id)).toMatchObject({ sum: 0, count: 0 });
  });
});

describe("counting", () => {
  it("is exact when many accounts rate at once and one account changes its score concurrently", async () => {
    const id = await insertManga(Status.Accepted);
    const crowd = await people(40);
    const [changer] = await people(1);
    const scores = crowd.map((_, i) => (i % 10) + 1);
    const changes = [3, 9, 1, 10, 4, 7, 2, 8];
    const answers = await Promise.all([
      ...crowd.map((p, i) => rate(p.token, { mangaId: id, score: scores[i] })),
      ...changes.map((score) => rate(changer!.token, { mangaId: id, score })),
    ]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const [last] = await db.select({ score: ratings.score }).from(ratings).where(and(eq(ratings.userId, changer!.id), eq(ratings.mangaId, id)));
    const expectedSum = scores.reduce((a, b) => a + b, 0) + last!.score;
    expect(await counters(id)).toMatchObject({ sum: expectedSum, count: 41 });
    expect(await fromRows(id)).toEqual({ sum: expectedSum, count: 41 });
    // Removals and new ratings racing each other stay exact too.
    await Promise.all([...crowd.slice(0, 20).map((p) => remove(p.token, { mangaId: id })), ...crowd.slice(20).map((p) => rate(p.token, { mangaId: id, score: 10 }))]);
    expect(await counters(id)).toMatchObject(await fromRows(id));
    expect((await counters(id)).count).toBe(21);
  });

  it("an account younger than a day is stored but not counted until it matures and is folded in", async () => {
    const id = await insertManga(Status.Accepted);
    const [old] = await people(1);
    const [young] = await people(1, Role.reader, { aged: false });
    expect((await rate(old!.token, { mangaId: id, score: 4 })).body.data).toMatchObject({ counted: true, count: 1, mean: 4 });
    const first = await rate(young!.token, { mangaId: id, score: 10 });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ score: 10, counted: false, count: 1, mean: 4 });
    expect((await rate(young!.token, { mangaId: id, score: 9 })).body.data).toMatchObject({ score: 9, counted: false, count: 1 });
    expect(await foldMaturedRatings(db)).toBe(0);
    expect(await counters(id)).toMatchObject({ sum: 4, count: 1 });
    await age([young!.id], 1);
    expect(await foldMaturedRatings(db)).toBe(1);
    expect(await counters(id)).toMatchObject({ sum: 13, count: 2 });
    expect((await mine(young!.token, `mangaId=${id}`)).body.data).toMatchObject({ score: 9, counted: true, mean: 6.5, count: 2 });
    // Folding again finds nothing; a change now moves the sum by the difference.
    expect(await foldMaturedRatings(db)).toBe(0);
    expect((await rate(young!.token, { mangaId: id, score: 5 })).body.data).toMatchObject({ counted: true, count: 2, mean: 4.5 });
    expect(await counters(id)).toMatchObject(await fromRows(id));
  });

  it("an uncounted rating removed before it matures never reaches the mean; a young account matured while rating counts at once", async () => {
    const id = await insertManga(Status.Accepted);
    const [young] = await people(1, Role.reader, { aged: false });
    await rate(young!.token, { mangaId: id, score: 2 });
    expect((await remove(young!.token, { mangaId: id })).body.data).toMatchObject({ count: 0, mean: null });
    await age([young!.id], 1);
    expect(await foldMaturedRatings(db)).toBe(0);
    expect((await rate(young!.token, { mangaId: id, score: 2 })).body.data).toMatchObject({ counted: true, count: 1, mean: 2 });
  });

  it("the fold-in racing new ratings and changes keeps the counters exact", async () => {
    const id = await insertManga(Status.Accepted);
    const young = await people(15, Role.reader, { aged: false });
    await Promise.all(young.map((p, i) => rate(p.token, { mangaId: id, score: (i % 10) + 1 })));
    await age(young.map((p) => p.id));
    const others = await people(10);
    await Promise.all([
      foldMaturedRatings(db),
      foldMaturedRatings(db),
      ...young.slice(0, 5).map((p) => rate(p.token, { mangaId: id, score: 10 })),
      ...young.slice(5, 8).map((p) => remove(p.token, { mangaId: id })),
      ...others.map((p) => rate(p.token, { mangaId: id, score: 6 })),
    ]);
    await foldMaturedRatings(db);
    expect(await counters(id)).toMatchObject(await fromRows(id));
    expect((await counters(id)).count).toBe(15 - 3 + 10);
  });

  it("a deleted account's ratings leave the mean", async () => {
    const id = await insertManga(Status.Accepted);
    const [a, b] = await people(2);
    await rate(a!.token, { mangaId: id, score: 10 });
    await rate(b!.token, { mangaId: id, score: 2 });
    await tombstoneAccount({ db, actorId: a!.id, userId: a!.id, now: new Date() });
    expect(await counters(id)).toMatchObject({ sum: 2, count: 1 });
    expect(await db.select().from(ratings).where(eq(ratings.userId, a!.id))).toHaveLength(0);
  });

  it("rates and removals count in the account's rate (429 past it, nothing stored)", async () => {
    process.env.RATE_LIMIT_RATE_MANGA = "2/3600";
    const id = await insertManga(Status.Accepted);
    const [a] = await people(1);
    expect((await rate(a!.token, { mangaId: id, score: 5 })).status).toBe(200);
    expect((await rate(a!.token, { mangaId: id, score: 6 })).status).toBe(200);
    expect((await rate(a!.token, { mangaId: id, score: 9 })).status).toBe(429);
    expect((await remove(a!.token, { mangaId: id })).status).toBe(429);
    expect(await counters(id)).toMatchObject({ sum: 6, count: 1 });
  });
});

describe("the catalogue", () => {
  it("'top rated' is the Bayesian mean: fifty 9s beat one 10, which beats no rating, which beats a few 2s", async () => {
    const genre = "Mecha" as const;
    const fifty = await insertManga(Status.Accepted, null, "Fifty nines");
    const one = await insertManga(Status.Accepted, null, "One ten");
    const none = await insertManga(Status.Accepted, null, "Unrated");
    const low = await insertManga(Status.Accepted, null, "Three twos");
    const ids = [fifty, one, none, low];
    await db.execute(sql`insert into manga_genres (manga_id, genre) select unnest(${sql.raw(`array[${ids.join(",")}]`)}::integer[]), 16`);
    const crowd = await people(50);
    // Stored uncounted, then folded in: the fold-in sums them as the use cases would.
    await db.insert(ratings).values([
      ...crowd.map((p) => ({ userId: p.id, mangaId: fifty, score: 9 })),
      { userId: crowd[0]!.id, mangaId: one, score: 10 },
      ...crowd.slice(0, 3).map((p) => ({ userId: p.id, mangaId: low, score: 2 })),
    ]);
    await foldMaturedRatings(db);
    expect(await counters(fifty)).toMatchObject({ sum: 450, count: 50 });
    expect((await counters(fifty)).score).toBeCloseTo(bayesianScore(450, 50));
    expect((await counters(one)).score).toBeCloseTo(bayesianScore(10, 1));
    const page = await listManga({ db, sortBy: SortBy.TopRated, genres: [genre] });
    expect(page.items.map((m) => m.id)).toEqual([fifty, one, none, low]);
    expect(page.items.map((m) => m.rating)).toEqual([
      { mean: 9, count: 50 },
      { mean: 10, count: 1 },
      { mean: null, count: 0 },
      { mean: 2, count: 3 },
    ]);
    const asc = await listManga({ db, sortBy: SortBy.TopRated, sortDirection: "asc", genres: [genre] });
    expect(asc.items.map((m) => m.id)).toEqual([low, none, one, fifty]);
  });

  it("cards and the preview carry mean and count from the manga row: no per-card query", async () => {
    const id = await insertManga(Status.Accepted);
    const crowd = await people(3);
    for (const [i, p] of crowd.entries()) await rate(p.token, { mangaId: id, score: [7, 8, 8][i] });
    expect((await getPublicManga({ db, id }))?.rating).toEqual({ mean: 7.7, count: 3 });
    const statements = listMangaStatements({ db, sortBy: SortBy.TopRated });
    expect(statements.rows.sql).not.toMatch(/"ratings"/);
    expect(statements.rows.sql).toMatch(/"rating_score"/);
    const page = await listManga({ db, sortBy: SortBy.CreatedDate, pageSize: 100 });
    expect(page.items.find((m) => m.id === id)?.rating).toEqual({ mean: 7.7, count: 3 });
  });

  it("the sort walks its index (status, rating_score, id)", async () => {
    const { rows } = listMangaStatements({ db, sortBy: SortBy.TopRated });
    await db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = await db.execute(sql.raw(`explain ${rows.sql.replace(/\$(\d+)/g, (_m, i: string) => JSON.stringify(rows.params[Number(i) - 1]).replace(/"/g, "'"))}`));
      expect(JSON.stringify(plan.rows)).toMatch(/manga_walk_rating_score_idx/);
    } finally {
      await db.execute(sql`set enable_seqscan = on`);
    }
  });
});
