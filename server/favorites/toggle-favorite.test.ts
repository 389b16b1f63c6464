import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as toggle } from "@/app/api/manga/ToggleFavorite/route";
import { favorites, manga, users } from "@/db/schema";
import { Role, Status } from "@/lib/enums";
import { noParams, tokenFor } from "@/server/http/test-helpers";
import { seedFixture, type Fixture } from "@/server/manga/test-fixtures";
import { listFavoriteIds, listFavoriteManga } from "./list-favorites";

let fx: Fixture;
let readerToken: string;

beforeAll(async () => {
  fx = await seedFixture();
  readerToken = await tokenFor(Role.reader, fx.users.reader);
});

async function post(body: unknown, token?: string, raw?: string) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await toggle(new Request("http://localhost/api/manga/ToggleFavorite", { method: "POST", headers, body: raw ?? JSON.stringify(body) }), noParams);
  return { status: res.status, body: (await res.json()) as { statusCode: number; message: string; data: { mangaId: number; isFavorite: boolean; favorites: number } } };
}

async function counters(id: number) {
  const [row] = await fx.db.select({ favorites: manga.favorites, popularity: manga.popularity }).from(manga).where(eq(manga.id, id));
  const [rows] = await fx.db.select({ n: sql<number>`count(*)::int` }).from(favorites).where(eq(favorites.mangaId, id));
  return { favorites: row!.favorites, popularity: row!.popularity, rows: Number(rows!.n) };
}

describe("POST /api/manga/ToggleFavorite", () => {
  it("asks visitors to sign in", async () => {
    const r = await post({ mangaId: fx.ids["Blue Ocean"] });
    expect(r.status).toBe(401);
  });

  it("adds, then removes, keeping the count and popularity in step", async () => {
    const id = fx.ids["Blue Ocean"]!;
    const before = await counters(id);
    const on = await post({ mangaId: id }, readerToken);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ statusCode: 1, data: { mangaId: id, isFavorite: true, favorites: before.favorites + 1 } });
    expect(await counters(id)).toMatchObject({ favorites: before.favorites + 1, popularity: before.popularity + 10, rows: before.rows + 1 });
    expect(await listFavoriteIds({ db: fx.db, userId: fx.users.reader })).toEqual([id]);
    const off = await post({ MangaId: String(id) }, readerToken);
    expect(off.body.data).toMatchObject({ isFavorite: false, favorites: before.favorites });
    expect(await counters(id)).toEqual(before);
  });

  it("answers 404 for manga the user may not see and 422 for bad ids", async () => {
    expect((await post({ mangaId: fx.ids["Pending Saga"] }, readerToken)).status).toBe(404);
    expect((await post({ mangaId: 987654 }, readerToken)).status).toBe(404);
    expect((await post({ mangaId: "abc" }, readerToken)).status).toBe(422);
    expect((await post({}, readerToken)).status).toBe(422);
    expect((await post(undefined, readerToken, "{not json")).status).toBe(400);
    // A writer may favourite their own pending manga.
    const writer = await tokenFor(Role.writer, fx.users.writerA);
    const own = await post({ mangaId: fx.ids["Pending Saga"] }, writer);
    expect(own.body.data).toMatchObject({ isFavorite: true, favorites: 1 });
  });

  it("keeps the count exact when 20 users toggle the same manga at once, twice", async () => {
    const id = fx.ids["comedy club"]!;
    const before = await counters(id);
    const created = await fx.db
      .insert(users)
      .values(Array.from({ length: 20 }, (_, i) => ({ username: `fan${i}`, email: `fan${i}@example.test`, fullName: `Fan ${i}`, role: Role.reader })))
      .returning({ id: users.id });
    const fanTokens = await Promise.all(created.map((u) => tokenFor(Role.reader, u.id)));
    const first = await Promise.all(fanTokens.map((t) => post({ mangaId: id }, t)));
    expect(first.every((r) => r.status === 200 && r.body.data.isFavorite)).toBe(true);
    expect(new Set(first.map((r) => r.body.data.favorites)).size).toBe(20);
    expect(await counters(id)).toEqual({ favorites: before.favorites + 20, popularity: before.popularity + 200, rows: before.rows + 20 });
    const second = await Promise.all(fanTokens.map((t) => post({ mangaId: id }, t)));
    expect(second.every((r) => r.status === 200 && !r.body.data.isFavorite)).toBe(true);
    expect(await counters(id)).toEqual(before);
  });

  it("stays consistent when one user fires many toggles at once", async () => {
    const id = fx.ids["Dragon Quest Alpha"]!;
    const before = await counters(id);
    const results = await Promise.all(Array.from({ length: 7 }, () => post({ mangaId: id }, readerToken)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    // Seven toggles in some order: an odd number, so the manga ends up favourited, counted once.
    expect(await counters(id)).toEqual({ favorites: before.favorites + 1, popularity: before.popularity + 10, rows: before.rows + 1 });
    expect(results.filter((r) => r.body.data.isFavorite).length).toBe(4);
  });

  it("answers 401 when the account behind a valid token no longer exists", async () => {
    const ghost = await tokenFor(Role.reader, 424242);
    expect((await post({ mangaId: fx.ids["Blue Ocean"] }, ghost)).status).toBe(401);
  });
});

describe("favourites lists", () => {
  it("lists the user's favourites most recent first, only what they may still see, with ids for a page in one query", async () => {
    const [u] = await fx.db.insert(users).values({ username: "collector", email: "c@example.test", fullName: "C", role: Role.reader }).returning({ id: users.id });
    const uid = u!.id;
    const token = await tokenFor(Role.reader, uid);
    for (const t of ["Blue Ocean", "مكتبة الأحلام", "comedy club"]) await post({ mangaId: fx.ids[t] }, token);
    // Backdate so the order is certain.
    await fx.db.execute(sql`update favorites set created_at = now() - (manga_id * interval '1 second') where user_id = ${uid}`);
    const page = await listFavoriteManga({ db: fx.db, viewer: { userId: uid, role: Role.reader } });
    const expected = ["Blue Ocean", "مكتبة الأحلام", "comedy club"].sort((a, b) => fx.ids[a]! - fx.ids[b]!);
    expect(page.items.map((i) => i.title)).toEqual(expected);
    expect(page.totalDisplayRecords).toBe(3);
    expect((await listFavoriteIds({ db: fx.db, userId: uid, mangaIds: [fx.ids["Blue Ocean"]!, fx.ids["Dragon Quest Alpha"]!] }))).toEqual([fx.ids["Blue Ocean"]]);
    expect(await listFavoriteIds({ db: fx.db, userId: uid, mangaIds: [] })).toEqual([]);
  });
});

describe("ToggleFavorite declares its catalogue change", () => {
  it("after the commit a quiet manga's cached preview is fresh (its generation moved), a busy one's within the counter window; a refused toggle moves nothing", async () => {
    const { catalogueGeneration, mangaGeneration } = await import("@/server/manga/changed");
    // A manga nobody toggled yet (the tests above toggle the fixture's within the window).
    const [quiet] = await fx.db.insert(manga).values({ title: "Quiet counter", status: Status.Accepted, searchText: "quiet counter" }).returning({ id: manga.id });
    const id = quiet!.id;
    const [one, all] = [mangaGeneration(id), catalogueGeneration()];
    expect((await post({ mangaId: id }, readerToken)).status).toBe(200);
    expect([mangaGeneration(id), catalogueGeneration()]).toEqual([one + 1, all]);
    expect((await post({ mangaId: 2_000_000_000 }, readerToken)).status).toBe(404);
    expect(mangaGeneration(id)).toBe(one + 1);
    // The second click within COUNTER_REFRESH_MS waits for the window's end (server/manga/changed-counters.test.ts).
    expect((await post({ mangaId: id }, readerToken)).status).toBe(200);
    expect(mangaGeneration(id)).toBe(one + 1);
  });
});
