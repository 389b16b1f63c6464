import { beforeAll, describe, expect, it } from "vitest";
import { Role, SortBy, Status } from "@/lib/enums";
import { buildListMangaQueries, listManga, listMangaStatements, type ListMangaOptions, type ListPlan } from "./list-manga";
import { seedFixture, type Fixture } from "./test-fixtures";

let fx: Fixture;
beforeAll(async () => {
  fx = await seedFixture();
});

type Options = Omit<ListMangaOptions, "db">;

/** Requests covering every branch of the builder; each group holds requests of one shape with different values. */
function cases(): Options[][] {
  const writer = { userId: fx.users.writerA, role: Role.writer };
  const otherWriter = { userId: fx.users.writerB, role: Role.writer };
  const root = { userId: fx.users.root, role: Role.root };
  return [
    [{}, { pageSize: 3 }],
    [{ page: 2, pageSize: 2 }, { page: 3, pageSize: 3 }],
    [{ searchTerm: "dragon" }, { searchTerm: "قمر" }, { searchTerm: "a_b%" }, { searchTerm: "phoenix 7" }],
    [{ searchTerm: "blue ocean" }, { searchTerm: "young knight" }, { searchTerm: "knight young" }, { searchTerm: "real_story" }],
    [{ searchTerm: "ocean", sortBy: SortBy.Title, page: 2, pageSize: 1 }, { searchTerm: "o", sortBy: SortBy.Title, page: 3, pageSize: 2 }],
    [{ viewer: writer, sortBy: SortBy.Views, sortDirection: "asc" }, { viewer: otherWriter, sortBy: SortBy.Views, sortDirection: "asc" }],
    [{ viewer: root }, { viewer: { userId: fx.users.reader, role: Role.reader } }],
    [{ genres: ["Action"] }, { genres: ["Drama"] }, { genres: ["Action", "Drama"] }],
    [{ filters: { mangaStatusTypes: [Status.Accepted] } }, { filters: { mangaStatusTypes: [Status.Pending, Status.Rejected] }, viewer: writer }],
    [
      { filters: { minViews: 1, maxViews: 400, minFavorite: 0, maxFavorite: 9, author: " writer " } },
      { filters: { minViews: 50, maxViews: 60, minFavorite: 2, maxFavorite: 3, author: "a%" } },
      { filters: { minViews: 0, maxViews: 0, minFavorite: 0, maxFavorite: 0, author: "writerB" } },
    ],
    [
      { filters: { createdAfter: new Date("2024-01-15"), createdBefore: new Date("2024-07-01T12:00:00Z") } },
      { filters: { createdAfter: new Date("2023-01-01"), createdBefore: new Date("2024-03-01") } },
      { filters: { createdAfter: new Date("2024-05-01") } },
    ],
    [{ filters: { isPremium: true, chapterStatusTypes: [Status.Pending] } }, { filters: { isPremium: false }, viewer: writer }],
    [{ filters: { isMangaApproval: true, author: "   " } }, { filters: { isMangaApproval: false, chapterStatusTypes: [] }, viewer: root }],
    [{ favoritedBy: fx.users.reader }, { favoritedBy: fx.users.writerA }, { favoritedBy: fx.users.reader, sortBy: SortBy.Title, page: 2, pageSize: 1 }],
    [
      { filters: { excludeGenres: ["Adventure"], languages: ["ar"], minChapters: 1, updatedAfter: new Date("2024-01-01") } },
      { filters: { excludeGenres: ["Adventure"], languages: ["ar"], minChapters: 3, updatedAfter: new Date("2024-05-01") } },
    ],
  ];
}

describe("listManga: statements prepared once per shape", () => {
  it("sends exactly the SQL and parameters the values-in-place builder makes", () => {
    for (const group of cases()) {
      for (const options of group) {
        for (const plan of [{ hits: false }, { hits: true }] satisfies ListPlan[]) {
          const opts = { db: fx.db, ...options };
          const direct = buildListMangaQueries(opts, plan);
          const prepared = listMangaStatements(opts, plan);
          const label = JSON.stringify({ options: { ...options, viewer: options.viewer?.role }, plan });
          expect(prepared.rows, label).toEqual(direct.rows.toSQL());
          expect(prepared.counts, label).toEqual(direct.counts.toSQL());
        }
      }
    }
  });

  it("answers each request of a shape with its own values", async () => {
    for (const group of cases()) {
      // Each again after the others, so a kept statement is reused with values other than the ones it was made for.
      for (const options of [...group, ...group]) {
        const opts = { db: fx.db, ...options };
        const direct = buildListMangaQueries(opts);
        const [rows, [counts]] = await Promise.all([direct.rows, direct.counts]);
        const page = await listManga(opts);
        const label = JSON.stringify({ ...options, viewer: options.viewer?.role });
        expect(page.items.map((i) => i.id), label).toEqual(rows.map((r) => r.id));
        expect(page.totalDisplayRecords, label).toBe(counts?.display);
      }
    }
  });
});
