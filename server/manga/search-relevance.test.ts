import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { GET as paginated } from "@/app/api/manga/PaginatedManga/route";
import { manga, users } from "@/db/schema";
import { Role, SortBy, Status } from "@/lib/enums";
import { foldSearchText, searchTextFor } from "@/lib/search-fold";
import { MatchRank, titleMatchRank } from "@/lib/search-match";
import { noParams } from "@/server/http/test-helpers";
import { buildDemoPlan } from "@/scripts/seed/plan";
import { getDb, type Db } from "@/db/client";
import { deleteUser } from "@/server/users/delete-user";
import { updateUser } from "@/server/users/update-user";
import { buildListMangaQueries, clearCatalogueCounts, listManga, planFor, relevanceRank } from "./list-manga";

/**
 * Issue 31, item 2: a search without a chosen sort ranks title matches first (whole title, its beginning, a word's
 * beginning, anywhere in it), then matches of the description, the default sort (popularity) breaking ties. On the
 * demo catalogue (scripts/seed: its titles, descriptions and popularity, without the images), where popularity alone
 * put description matches first.
 */

let db: Db;
beforeAll(async () => {
  db = await getDb();
  const plan = buildDemoPlan();
  const favourited = new Map<string, number>();
  for (const titles of plan.favorites.values()) for (const t of titles) favourited.set(t, (favourited.get(t) ?? 0) + 1);
  const authors = [...new Set(plan.manga.map((m) => m.entry.author))];
  const made = await db
    .insert(users)
    .values(authors.map((username) => ({ username, email: `${username}@example.test`, fullName: username, role: Role.writer })))
    .returning({ id: users.id, username: users.username });
  const authorId = new Map(made.map((u) => [u.username, u.id]));
  // As scripts/seed/insert.ts stores them (popularity = views + 10 × favourites).
  await db.insert(manga).values(
    plan.manga.map((m) => {
      const favorites = m.audienceFavorites + (favourited.get(m.entry.title) ?? 0);
      return {
        title: m.entry.title,
        description: m.entry.description,
        searchText: searchTextFor(m.entry.title, m.entry.description, m.entry.author),
        authorId: authorId.get(m.entry.author)!,
        status: m.status,
        views: m.views,
        favorites,
        popularity: m.views + 10 * favorites,
      };
    }),
  );
});

/** The header search's request (spec §7): page 1, as many as the box shows, accepted manga and chapters, no sort. */
async function headerSearch(term: string, more: Record<string, string> = {}) {
  const query = new URLSearchParams({ page: "1", pageSize: "8", searchTerm: term, "Filters.MangaStatusTypes": "1", "Filters.ChapterStatusTypes": "1", imageFormat: "url", ...more });
  const res = await paginated(new Request(`http://localhost/api/manga/PaginatedManga?${query}`), noParams);
  const body = (await res.json()) as { data: { items: Array<{ title: string }>; totalDisplayRecords: number } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data;
}
const titles = (d: { items: Array<{ title: string }> }) => d.items.map((i) => i.title);

describe("header search: title matches first", () => {
  it.each([
    ["dawn", "The Last Blade of Dawn", "Ramen at Midnight"],
    ["moon", "Moonlit Apothecary", "Beneath the Ninth Bell"],
    ["ha", "Lanterns of the Lost Harbor", "Cinder Route"],
    // Arabic, typed with the letter forms and marks the search folds (ta marbuta, hamza on alef, a fatha).
    ["القمر", "رحلة إلى القمر الأزرق", "سيف الصحراء الأخير"],
    ["المدينة", "ظلال المدينة المنسية", "مطبخ الجدة"],
    ["أسطورَة", "أسطورة البحّار", undefined],
  ])("%s: %s first", async (term, title, popularDescriptionMatch) => {
    const found = await headerSearch(term);
    expect(titles(found)[0]).toBe(title);
    if (popularDescriptionMatch) {
      expect(titles(found)).toContain(popularDescriptionMatch);
      // The more popular description match is what an explicit popularity sort still puts first (spec: sortBy as asked).
      const byPopularity = await headerSearch(term, { sortBy: String(SortBy.Popularity) });
      expect(titles(byPopularity).indexOf(popularDescriptionMatch)).toBeLessThan(titles(byPopularity).indexOf(title));
    }
  });

  it("ranks every title match before the description matches, the sort breaking ties within a rank", async () => {
    const found = await headerSearch("ha", { pageSize: "50" });
    const ranks = found.items.map((i) => titleMatchRank(i.title, "ha"));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(ranks[0]).toBe(MatchRank.titleWord);
    expect(ranks.slice(1).every((r) => r === MatchRank.otherField)).toBe(true);
    expect(found.items.length).toBe(found.totalDisplayRecords);
  });
});

describe("relevance ranks", () => {
  it("are the same in SQL as in the browser's titleMatchRank (lib/search-match.ts)", async () => {
    for (const term of ["dawn", "moon", "ha", "the", "قمر", "القمر", "المدينه", "a", "of the"]) {
      const needle = foldSearchText(term);
      const ranked = await db.select({ title: manga.title, rank: relevanceRank(manga.searchTitle, needle) }).from(manga);
      for (const row of ranked) expect(row.rank, `${term} in ${row.title}`).toBe(titleMatchRank(row.title, term));
    }
  });

  const tag = "zephyrine";
  const rows = [
    { title: "Tales", description: `A ${tag} wind.`, views: 900 },
    { title: `Anti${tag}`, description: "-", views: 800 },
    { title: `Rise of ${tag}`, description: "-", views: 700 },
    { title: `Fall of ${tag}`, description: "-", views: 750 },
    { title: `${tag} Rising`, description: "-", views: 600 },
    { title: `${tag}`, description: "-", views: 10 },
    { title: "Hidden", description: tag, views: 5000, status: Status.Pending },
  ];
  const expected = [`${tag}`, `${tag} Rising`, `Fall of ${tag}`, `Rise of ${tag}`, `Anti${tag}`, "Tales"];

  beforeAll(async () => {
    await db.insert(manga).values(
      rows.map((r) => ({ title: r.title, description: r.description, searchText: searchTextFor(r.title, r.description), status: r.status ?? Status.Accepted, views: r.views, popularity: r.views })),
    );
    clearCatalogueCounts();
  });

  it("whole title, beginning, a word's beginning, anywhere, then another field; popularity within a rank", async () => {
    expect(titles(await headerSearch(tag.toUpperCase(), { pageSize: "20" }))).toEqual(expected);
    expect(expected.map((t) => titleMatchRank(t, tag))).toEqual([0, 1, 2, 2, 3, 4]);
  });

  it("pages through the ranked list (page 2 continues page 1), whichever way the matches are found", async () => {
    // Title matches collected or walked rank by rank, other matches walked or collected: the same rows.
    for (const plan of [{ hits: false }, { hits: true }, { hits: false, titleWalks: [0, 1, 2, 3] }, { hits: true, titleWalks: [0, 1, 2, 3] }]) {
      const pages = [];
      for (const page of [1, 2, 3]) pages.push(...(await buildListMangaQueries({ db, searchTerm: tag, page, pageSize: 2 }, plan).rows).map((r) => r.title));
      expect(pages, JSON.stringify(plan)).toEqual(expected);
    }
    for (const searchTerm of ["dawn", "moon", "ha", "القمر", "a", "the", "of the"]) {
      const collected = await buildListMangaQueries({ db, searchTerm, pageSize: 6 }, { hits: true }).rows;
      const walked = await buildListMangaQueries({ db, searchTerm, pageSize: 6 }, { hits: false, titleWalks: [0, 1, 2, 3] }).rows;
      expect(walked.map((r) => r.id), searchTerm).toEqual(collected.map((r) => r.id));
    }
    const second = await listManga({ db, searchTerm: tag, page: 2, pageSize: 4 });
    expect(second.items.map((i) => i.title)).toEqual(expected.slice(4));
  });

  it("keeps an explicit sort as asked, and the sort direction as the tie-breaker", async () => {
    const byViews = await listManga({ db, searchTerm: tag, sortBy: SortBy.Views, pageSize: 20 });
    expect(byViews.items.map((i) => i.title)).toEqual(["Tales", `Anti${tag}`, `Fall of ${tag}`, `Rise of ${tag}`, `${tag} Rising`, `${tag}`]);
    const ascending = await listManga({ db, searchTerm: tag, sortDirection: "asc", pageSize: 20 });
    expect(ascending.items.map((i) => i.title)).toEqual([`${tag}`, `${tag} Rising`, `Rise of ${tag}`, `Fall of ${tag}`, `Anti${tag}`, "Tales"]);
  });
});

describe("planFor, ranked by relevance", () => {
  it("walks only the title ranks that can reach the page, and skips other matches when titles fill it", () => {
    // 90,000 manga, 6,600 matches: 1,650 titles begin with the term, 1,650 have a word beginning with it.
    const many = { display: 6_600, total: 90_000, ranks: [0, 1_650, 1_650, 0] };
    expect(planFor("moon", many, 20)).toMatchObject({ titleWalks: [1], titlesSuffice: true });
    // 900 manga: few title matches are cheaper collected.
    expect(planFor("moon", { display: 66, total: 900, ranks: [0, 17, 17, 0] }, 20)).toMatchObject({ titlesSuffice: true });
    expect(planFor("moon", { display: 66, total: 900, ranks: [0, 17, 17, 0] }, 20).titleWalks).toBeUndefined();
    expect(planFor("moon", { display: 66, total: 900, ranks: [0, 2, 1, 0] }, 20)).toMatchObject({ titlesSuffice: false });
    expect(planFor("dawn", { display: 6_600, total: 90_000, ranks: [0, 0, 0, 0] }, 20)).toMatchObject({ titlesSuffice: false });
  });
});

describe("search_title", () => {
  it("is the title folded as foldSearchText folds it, for every demo title and awkward ones", async () => {
    const awkward = [
      "  Spaced\u00a0\u00a0out\ttitle  ",
      "Café\u200B Noir",
      "مُغامَرةُ ـ الكُبرى",
      "Word ـ\u064B with a mark-only word",
      "Ｆｕｌｌ\u3000Width",
      "١٢٣ أرقام",
      "ÉCOLE",
    ];
    const added = await db
      .insert(manga)
      .values(awkward.map((title) => ({ title, description: "Some words after", searchText: searchTextFor(title, "Some words after") })))
      .returning({ id: manga.id });
    const stored = await db.select({ title: manga.title, searchTitle: manga.searchTitle }).from(manga);
    expect(stored.length).toBeGreaterThan(awkward.length);
    for (const row of stored) expect(row.searchTitle, row.title).toBe(foldSearchText(row.title));
    await db.delete(manga).where(inArray(manga.id, added.map((a) => a.id)));
  });

  it("follows a change of title", async () => {
    const [row] = await db.insert(manga).values({ title: "Old Name", searchText: searchTextFor("Old Name", "") }).returning({ id: manga.id });
    await db.update(manga).set({ title: "Brand New", searchText: searchTextFor("Brand New", "desc") }).where(eq(manga.id, row!.id));
    const [after] = await db.select({ searchTitle: manga.searchTitle }).from(manga).where(eq(manga.id, row!.id));
    expect(after!.searchTitle).toBe("brand new");
    await db.delete(manga).where(eq(manga.id, row!.id));
  });
});

describe("author search (issue 31, item 2: other fields after titles)", () => {
  const demoBy = (author: string) => buildDemoPlan().manga.filter((m) => m.entry.author === author && m.status === Status.Accepted).map((m) => m.entry.title);

  it("finds a writer's manga by their name, in any letter case, with title matches still first", async () => {
    const found = await headerSearch("SAKURA", { pageSize: "50" });
    expect(found.totalDisplayRecords).toBeGreaterThan(0);
    const hers = new Set(demoBy("sakura_ink"));
    // Every result is hers or holds the term in its title or description; all of hers that are listed publicly come.
    for (const title of titles(found)) {
      const entry = buildDemoPlan().manga.find((m) => m.entry.title === title)!.entry;
      expect(entry.author === "sakura_ink" || searchTextFor(title, entry.description).includes("sakura"), title).toBe(true);
    }
    expect(titles(found).filter((t) => hers.has(t)).length).toBeGreaterThan(0);
    // "writer" is both the demo writer's name and a word of no title: ranked among other fields, by popularity.
    const ranks = titles(await headerSearch("qalam")).map((t) => titleMatchRank(t, "qalam"));
    expect(ranks.every((r) => r === MatchRank.otherField)).toBe(true);
  });

  it("follows a rename and a deleted account, refreshing every manga of the writer", async () => {
    const [writer] = await db.insert(users).values({ username: "inkwell_renamer", email: "renamer@example.test", fullName: "R", role: Role.writer }).returning({ id: users.id });
    const [root] = await db.insert(users).values({ username: "root_renamer", email: "root-renamer@example.test", fullName: "Root", role: Role.root }).returning({ id: users.id });
    const made = await db
      .insert(manga)
      .values(["Quiet Harbour", "Loud Harbour"].map((title) => ({ title, description: "Boats.", searchText: searchTextFor(title, "Boats.", "inkwell_renamer"), authorId: writer!.id, status: Status.Accepted })))
      .returning({ id: manga.id });
    const ids = made.map((m) => m.id);
    const texts = async () => (await db.select({ searchText: manga.searchText }).from(manga).where(inArray(manga.id, ids))).map((r) => r.searchText).sort();
    const viewer = { userId: root!.id, role: Role.root } as const;
    try {
      await updateUser({ db, viewer, input: { id: writer!.id, username: "Quill_Renamed" }, locale: "en" });
      expect(await texts()).toEqual(["loud harbour quill_renamed boats.", "quiet harbour quill_renamed boats."]);
      await deleteUser({ db, viewer, userId: writer!.id });
      expect(await texts()).toEqual(["loud harbour boats.", "quiet harbour boats."]);
    } finally {
      await db.delete(manga).where(inArray(manga.id, ids));
    }
  });

  it("the migration's backfill stores what searchTextFor does, for the demo catalogue and awkward titles", async () => {
    const [writer] = await db.insert(users).values({ username: "بنت_القلم", email: "qalam-girl@example.test", fullName: "Q", role: Role.writer }).returning({ id: users.id, username: users.username });
    await db.update(users).set({ searchText: sql`lower(${users.username})` }).where(eq(users.id, writer!.id));
    const awkward = ["  Spaced\u00a0out  ", "مُغامَرةُ الكُبرى", "ـ", "Café\u200B Noir"];
    const added = await db
      .insert(manga)
      .values(awkward.map((title) => ({ title, description: "Some words", searchText: searchTextFor(title, "Some words"), authorId: writer!.id })))
      .returning({ id: manga.id });
    // Users made by this file have no search_text: as real accounts, each gets the folded username (its first word).
    await db.update(users).set({ searchText: sql`lower(${users.username})` }).where(sql`${users.searchText} is null`);
    // Back to the old form (no author), then the migration.
    const all = await db.select({ id: manga.id, title: manga.title, description: manga.description, username: users.username, deletedAt: users.deletedAt }).from(manga).innerJoin(users, eq(users.id, manga.authorId));
    for (const m of all) await db.update(manga).set({ searchText: searchTextFor(m.title, m.description) }).where(eq(manga.id, m.id));
    await db.execute(sql.raw(readFileSync("db/migrations/0021_author_search.sql", "utf8")));
    const after = new Map((await db.select({ id: manga.id, searchText: manga.searchText }).from(manga)).map((r) => [r.id, r.searchText]));
    for (const m of all) expect(after.get(m.id), m.title).toBe(searchTextFor(m.title, m.description, m.deletedAt ? "" : m.username));
    await db.delete(manga).where(inArray(manga.id, added.map((a) => a.id)));
  });
});
