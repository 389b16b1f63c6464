import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { manga } from "@/db/schema";
import { Role, SortBy, Status } from "@/lib/enums";
import { GENRE_FILTER_MAX, MIN_CHAPTERS_MAX, parseDiscoveryParams, updatedSince } from "@/lib/discovery-params";
import { languageOfTitle } from "@/lib/title-language";
import { photo } from "@/tests/fixtures/images";
import { submitManga } from "@/server/publishing/submit-manga";
import { updateManga } from "@/server/publishing/update-manga";
import { listOptionsOf, paginatedMangaQuery } from "./query-params";
import { discoveryFilters } from "./discovery-filters";
import { listManga } from "./list-manga";
import { GET as paginated } from "@/app/api/manga/PaginatedManga/route";
import { noParams } from "@/server/http/test-helpers";
import { seedFixture, type Fixture } from "./test-fixtures";

let fx: Fixture;
const NOW = Date.parse("2025-03-10T12:34:00Z");

beforeAll(async () => {
  fx = await seedFixture();
  // The fixture's rows take the column's default (en): set them as migration 0019's backfill does, with its own SQL.
  const migration = readFileSync("db/migrations/0019_manga_language.sql", "utf8");
  const backfill = migration.split("--> statement-breakpoint").map((s) => s.trim()).find((s) => s.startsWith("UPDATE"));
  await fx.db.execute(sql.raw(backfill!.replace(/;$/, "")));
  // "Blue Ocean" was updated three days before NOW; the rest of the fixture in 2024.
  await fx.db.update(manga).set({ updatedAt: new Date(NOW - 3 * 86_400_000) }).where(eq(manga.id, fx.ids["Blue Ocean"]!));
  // Every fixture manga is ongoing (the column's default, as migration 0022 leaves existing rows) but these.
  await fx.db.update(manga).set({ publicationStatus: "completed" }).where(sql`${manga.id} in (${fx.ids["Blue Ocean"]!}, ${fx.ids["مكتبة الأحلام"]!})`);
  await fx.db.update(manga).set({ publicationStatus: "hiatus" }).where(eq(manga.id, fx.ids["Dragon Quest Alpha"]!));
});

/** The titles a visitor's discovery page shows for this query string, by title. */
async function titles(query: Record<string, string | string[]>): Promise<string[]> {
  const p = parseDiscoveryParams(query);
  const page = await listManga({ db: fx.db, sortBy: SortBy.Title, searchTerm: p.search, filters: discoveryFilters(p, NOW), pageSize: 50 });
  return page.items.map((m) => m.title);
}

const ARABIC = ["أسطورة إبراهيم", "المُغامَرةُ الكُبرى", "مكتبة الأحلام"];

describe("manga language", () => {
  it("defaults from the title's script", () => {
    expect(languageOfTitle("Blue Ocean")).toBe("en");
    expect(languageOfTitle("مكتبة الأحلام")).toBe("ar");
    expect(languageOfTitle("Solo ﻻ")).toBe("ar");
    expect(languageOfTitle("ワンピース")).toBe("ja");
    expect(languageOfTitle("進撃")).toBe("en");
  });

  it("is backfilled by migration 0019 from the title", async () => {
    const rows = await fx.db.select({ title: manga.title, language: manga.language }).from(manga);
    for (const r of rows) expect(r.language, r.title).toBe(ARABIC.includes(r.title) ? "ar" : "en");
  });

  it("is the writer's choice on create and edit, else the title's script", async () => {
    const writer = { userId: fx.users.writerA, role: Role.writer };
    const cover = await photo({ width: 300, height: 450 });
    const arabic = await submitManga({ db: fx.db, actor: writer, fields: { title: "قلعة الرياح", description: "", genres: ["Drama"], readingDirection: 0 }, cover });
    expect(arabic.language).toBe("ar");
    const chosen = await submitManga({ db: fx.db, actor: writer, fields: { title: "Wind Castle", description: "", genres: ["Drama"], readingDirection: 0, language: "other" }, cover });
    expect(chosen.language).toBe("other");
    const edited = await updateManga({ db: fx.db, actor: writer, mangaId: chosen.id, fields: { language: "ja" } });
    expect(edited.language).toBe("ja");
    // A new title alone leaves the chosen language as it is.
    expect((await updateManga({ db: fx.db, actor: writer, mangaId: chosen.id, fields: { title: "ريح" } })).language).toBe("ja");
    await fx.db.delete(manga).where(sql`${manga.id} in (${arabic.id}, ${chosen.id})`);
  });
});

describe("discovery filters (visitor)", () => {
  it("includes any of several genres", async () => {
    expect(await titles({ genre: ["Drama", "Comedy"] })).toEqual(["Blue Ocean", "comedy club"]);
  });

  it("excludes genres", async () => {
    const all = await titles({});
    const withoutAdventure = await titles({ exclude: "Adventure" });
    expect(withoutAdventure).toEqual(all.filter((t) => t !== "Dragon Quest Alpha" && t !== "المُغامَرةُ الكُبرى"));
    expect(await titles({ exclude: ["Adventure", "Drama", "Comedy"] })).toEqual(["أسطورة إبراهيم", "مكتبة الأحلام"]);
  });

  it("includes and excludes together (a genre both included and excluded is included)", async () => {
    expect(await titles({ genre: "Adventure", exclude: "SciFi" })).toEqual(["Dragon Quest Alpha"]);
    expect(await titles({ genre: "Adventure", exclude: "Adventure" })).toEqual(["Dragon Quest Alpha", "المُغامَرةُ الكُبرى"]);
  });

  it("filters by language", async () => {
    expect(await titles({ lang: "ar" })).toEqual(ARABIC);
    expect(await titles({ lang: "en" })).toEqual(["Blue Ocean", "comedy club", "Dragon Quest Alpha"]);
    expect(await titles({ lang: "ja" })).toEqual([]);
  });

  it("filters by publication status (status=); an unknown one is no filter", async () => {
    expect(await titles({ status: "completed" })).toEqual(["Blue Ocean", "مكتبة الأحلام"]);
    expect(await titles({ status: "hiatus" })).toEqual(["Dragon Quest Alpha"]);
    expect(await titles({ status: "ongoing" })).toEqual(["comedy club", "أسطورة إبراهيم", "المُغامَرةُ الكُبرى"]);
    expect(await titles({ status: "cancelled" })).toEqual([]);
    expect(await titles({ status: "Completed!" })).toEqual(await titles({}));
    expect(await titles({ status: "completed", lang: "ar" })).toEqual(["مكتبة الأحلام"]);
  });

  it("filters free or premium", async () => {
    // A premium manga, or one with a public premium chapter (Blue Ocean's premium chapter is pending: not counted).
    expect(await titles({ access: "premium" })).toEqual(["Dragon Quest Alpha", "مكتبة الأحلام"]);
    expect(await titles({ access: "free" })).toEqual(["Blue Ocean", "comedy club", "أسطورة إبراهيم", "المُغامَرةُ الكُبرى"]);
  });

  it("filters by chapter count and by last update", async () => {
    expect(await titles({ chapters: "2" })).toEqual(["Dragon Quest Alpha"]);
    expect(await titles({ chapters: "1" })).toEqual(["Blue Ocean", "Dragon Quest Alpha", "المُغامَرةُ الكُبرى"]);
    expect(await titles({ updated: "7" })).toEqual(["Blue Ocean"]);
    expect(await titles({ updated: "90" })).toEqual(["Blue Ocean"]);
    // Since 2024-03-10: every public manga but "comedy club" (last updated 2024-03-05).
    expect(new Set(await titles({ updated: "365" }))).toEqual(new Set(["Blue Ocean", "Dragon Quest Alpha", ...ARABIC]));
  });

  it("combines every filter, with the search and paging", async () => {
    expect(await titles({ genre: ["Adventure", "Drama"], exclude: "Action", lang: "ar", access: "free", chapters: "1", search: "رحلة" })).toEqual(["المُغامَرةُ الكُبرى"]);
    const p = parseDiscoveryParams({ lang: "ar", page: "2" });
    const page2 = await listManga({ db: fx.db, page: p.page, pageSize: 2, sortBy: SortBy.Title, filters: discoveryFilters(p, NOW) });
    expect(page2.totalDisplayRecords).toBe(3);
    expect(page2.items.map((m) => m.title)).toEqual([ARABIC[2]]);
  });

  it("never shows a visitor what is not public", async () => {
    expect(await titles({ genre: "Action" })).toEqual(["Dragon Quest Alpha"]);
  });
});

describe("discovery URL: bad values are dropped and lists capped", () => {
  it("keeps known values only", () => {
    const p = parseDiscoveryParams({
      genre: ["Action", "Nope", "Drama", "Action", "Comedy,Horror", "Mystery", "Tragedy", "Mecha"],
      exclude: ["Drama", "Sports", "x"],
      lang: "klingon",
      access: "vip",
      chapters: "99999999",
      updated: "3",
      status: "finished",
    });
    expect(p.genres).toHaveLength(GENRE_FILTER_MAX);
    // The first five given, in the catalogue's genre order.
    expect(p.genres).toEqual(["Action", "Comedy", "Drama", "Horror", "Mystery"]);
    expect(p.exclude).toEqual(["Sports"]);
    expect(p).toMatchObject({ lang: null, publicationStatus: null, access: null, minChapters: null, updatedWithin: null });
    expect(parseDiscoveryParams({ chapters: "123456" }).minChapters).toBe(MIN_CHAPTERS_MAX);
    expect(parseDiscoveryParams({ chapters: "-1" }).minChapters).toBeNull();
    expect(parseDiscoveryParams({ chapters: "0" }).minChapters).toBeNull();
  });

  it("counts 'updated in the last N days' from the start of the hour", () => {
    expect(updatedSince(7, NOW).toISOString()).toBe("2025-03-03T12:00:00.000Z");
  });
});

describe("PaginatedManga's new filters", () => {
  const parse = (query: Record<string, string | string[]>) => paginatedMangaQuery.safeParse(query);

  it("reads them, optional, in any spelling", async () => {
    const q = parse({ "Filters.ExcludeGenres": "historical,Drama", "filters.languages": ["AR"], minChapters: "1", "Filters.UpdatedAfter": "2024-01-01", "Filters.MangaStatusTypes": "1" });
    expect(q.success).toBe(true);
    const opts = listOptionsOf(q.data!);
    expect(opts.filters).toMatchObject({ excludeGenres: ["Historical", "Drama"], languages: ["ar"], minChapters: 1 });
    const page = await listManga({ db: fx.db, ...opts, sortBy: SortBy.Title });
    expect(page.items.map((m) => m.title)).toEqual(["المُغامَرةُ الكُبرى"]);
    expect(parse({}).success).toBe(true);
  });

  it("Filters.PublicationStatuses: a list in any spelling and case; list items carry the status", async () => {
    const q = parse({ "filters.publicationStatuses": ["Completed", "HIATUS,completed"] });
    expect(q.success).toBe(true);
    const opts = listOptionsOf(q.data!);
    expect(opts.filters?.publicationStatuses).toEqual(["completed", "hiatus"]);
    const page = await listManga({ db: fx.db, ...opts, sortBy: SortBy.Title });
    expect(page.items.map((m) => [m.title, m.publicationStatus])).toEqual([["Blue Ocean", "completed"], ["Dragon Quest Alpha", "hiatus"], ["مكتبة الأحلام", "completed"]]);
    expect(listOptionsOf(parse({ publicationStatus: "ongoing" }).data!).filters?.publicationStatuses).toEqual(["ongoing"]);
  });

  it("PaginatedManga answers an unreadable publication status with the 422 envelope naming the field, never a 500", async () => {
    for (const value of ["finished", "completed,nope", "1"]) {
      const res = await paginated(new Request(`http://localhost/api/manga/PaginatedManga?Filters.PublicationStatuses=${encodeURIComponent(value)}`), noParams);
      expect(res.status, value).toBe(422);
      const body = (await res.json()) as { statusCode: number; data: { errors?: Record<string, string[]> } };
      expect(body.statusCode).toBe(422);
      expect(Object.keys(body.data.errors ?? {})[0]).toMatch(/^Filters\.PublicationStatuses/);
    }
    const ok = await paginated(new Request("http://localhost/api/manga/PaginatedManga?Filters.PublicationStatuses=Completed&imageFormat=url&sortBy=1"), noParams);
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { data: { items: { title: string; publicationStatus: string }[] } };
    expect(body.data.items.map((i) => [i.title, i.publicationStatus])).toEqual([["Blue Ocean", "completed"], ["مكتبة الأحلام", "completed"]]);
  });

  it("refuses values it cannot understand (a 422 naming the field)", () => {
    const bads: Record<string, string>[] = [{ "Filters.Languages": "xx" }, { "Filters.PublicationStatuses": "done" }, { "Filters.ExcludeGenres": "Nope" }, { "Filters.MinChapters": "many" }, { "Filters.UpdatedAfter": "not a date" }];
    for (const bad of bads) {
      const q = parse(bad);
      expect(q.success, JSON.stringify(bad)).toBe(false);
      expect(q.error!.issues[0]!.path[0]).toBe(Object.keys(bad)[0]);
    }
    // Out of range counts are clamped, not refused.
    expect(listOptionsOf(parse({ "Filters.MinChapters": "-5" }).data!).filters.minChapters).toBe(0);
  });

  it("keeps the public scope: a visitor's status filter cannot reach pending manga", async () => {
    const q = parse({ "Filters.MangaStatusTypes": [String(Status.Pending)], "Filters.Languages": "en" });
    expect((await listManga({ db: fx.db, ...listOptionsOf(q.data!) })).items).toEqual([]);
  });
});
