import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Status } from "@/lib/enums";
import { LATEST } from "@/lib/latest";
import { seedFixture, type Fixture } from "./test-fixtures";
import { listLatestChapters } from "./latest-chapters";
import { listLatestUpdates } from "./latest-updates";
import { getMangaFeed } from "./manga-feed";

let fx: Fixture;
const made: Record<string, number> = {};
const chapterId: Record<string, number> = {};

/** A manga with chapters at given release times (`announced`, `publish`, `created`: ISO or SQL `now() ± …`). */
async function mangaWith(title: string, status: Status, rows: Array<{ title: string; status?: Status; announced?: string; publish?: string; created?: string; premium?: boolean; freeAt?: string }>) {
  const inserted = await fx.db.execute<{ id: number }>(sql`insert into manga (title, status) values (${title}, ${status}) returning id`);
  const id = Number(inserted.rows[0]!.id);
  made[title] = id;
  let n = 0;
  for (const r of rows) {
    n += 1;
    const at = (v: string | undefined) => (v === undefined ? sql`null` : v.startsWith("now()") ? sql.raw(v) : sql`${v}::timestamptz`);
    const c = await fx.db.execute<{ id: number }>(sql`
      insert into chapters (manga_id, title, number, status, is_premium, announced_at, publish_at, free_at, created_at)
      values (${id}, ${r.title}, ${n}, ${r.status ?? Status.Accepted}, ${r.premium ?? false}, ${at(r.announced)}, ${at(r.publish)}, ${at(r.freeAt)},
              ${r.created === undefined ? sql`'2024-01-01T00:00:00Z'::timestamptz` : at(r.created)})
      returning id`);
    chapterId[`${title}/${r.title}`] = Number(c.rows[0]!.id);
  }
  return id;
}

beforeAll(async () => {
  fx = await seedFixture();
  // Newest first by release: Fresh (2025-03-05), Old then new (2025-03-04, its scheduled chapter now public), Many (2025-03-03).
  await mangaWith("Fresh", Status.Accepted, [
    { title: "F1", announced: "2025-03-01T00:00:00Z" },
    { title: "F2 <b>&", announced: "2025-03-05T00:00:00Z", premium: true },
    { title: "F3 pending", status: Status.Pending, created: "2025-03-09T00:00:00Z" },
    { title: "F4 scheduled", publish: "now() + interval '1 day'", created: "2025-03-02T00:00:00Z" },
  ]);
  await mangaWith("Old then new", Status.Accepted, [
    { title: "O1" },
    { title: "O2 released", publish: "2025-03-04T00:00:00Z" },
    { title: "O3 was premium", premium: true, freeAt: "now() - interval '1 hour'", announced: "2025-02-01T00:00:00Z" },
  ]);
  await mangaWith("Many", Status.Accepted, [
    { title: "M1", announced: "2025-02-27T00:00:00Z" },
    { title: "M2", announced: "2025-02-28T00:00:00Z" },
    { title: "M3", announced: "2025-03-01T00:00:00Z" },
    { title: "M4", announced: "2025-03-02T00:00:00Z" },
    { title: "M5", announced: "2025-03-03T00:00:00Z" },
  ]);
  await mangaWith("Hidden manga", Status.Pending, [{ title: "H1", announced: "2025-04-01T00:00:00Z" }]);
  await mangaWith("Rejected manga", Status.Rejected, [{ title: "R1", announced: "2025-04-01T00:00:00Z" }]);
  await mangaWith("Nothing public", Status.Accepted, [{ title: "N1", status: Status.Rejected, announced: "2025-04-01T00:00:00Z" }]);
});

describe("latest updates (issue 31, item 4)", () => {
  it("groups the public chapters by manga, newest manga first, each with its newest chapters first", async () => {
    const page = await listLatestUpdates({ db: fx.db, page: 1, pageSize: 3 });
    expect(page.items.map((g) => g.title)).toEqual(["Fresh", "Old then new", "Many"]);
    const [fresh, old, many] = page.items;
    expect(fresh!.chapters.map((c) => c.title)).toEqual(["F2 <b>&", "F1"]);
    expect(fresh!.latestAt).toBe("2025-03-05T00:00:00.000Z");
    expect(fresh!.chapters[0]).toMatchObject({ premium: true, number: 2, releasedAt: "2025-03-05T00:00:00.000Z", id: chapterId["Fresh/F2 <b>&"] });
    // A scheduled chapter counts from its publish time; a timed premium chapter whose free date passed is free.
    expect(old!.chapters.map((c) => [c.title, c.premium])).toEqual([["O2 released", false], ["O3 was premium", false], ["O1", false]]);
    expect(many!.chapters.map((c) => c.title)).toEqual(["M5", "M4", "M3"]);
    expect(many!.chapters).toHaveLength(LATEST.chaptersPerManga);
  });

  it("never shows pending, rejected or scheduled chapters, nor any chapter of a manga that is not accepted", async () => {
    const all = await listLatestUpdates({ db: fx.db, page: 1, pageSize: 100, chaptersPerManga: 10 });
    const titles = all.items.flatMap((g) => g.chapters.map((c) => c.title));
    for (const hidden of ["F3 pending", "F4 scheduled", "H1", "R1", "N1", "Ash", "Draft", "Deep"]) expect(titles).not.toContain(hidden);
    expect(all.items.map((g) => g.title)).not.toEqual(expect.arrayContaining(["Hidden manga"]));
    for (const t of ["Hidden manga", "Rejected manga", "Nothing public", "Pending Saga"]) expect(all.items.map((g) => g.title)).not.toContain(t);
    // The fixture's public chapters (2024): Dragon Quest Alpha (Beginning, premium Wings), Blue Ocean (Harbor), the Arabic one.
    expect(all.items.map((g) => g.title)).toEqual(["Fresh", "Old then new", "Many", "المُغامَرةُ الكُبرى", "Blue Ocean", "Dragon Quest Alpha"]);
    expect(all.totalRecords).toBe(6);
    expect(all.items.find((g) => g.title === "Dragon Quest Alpha")!.chapters.map((c) => [c.title, c.premium])).toEqual([["Wings", true], ["Beginning", false]]);
  });

  it("pages by manga with the total, keeps a page past the end empty, and clamps the page", async () => {
    const second = await listLatestUpdates({ db: fx.db, page: 2, pageSize: 4 });
    expect(second.items.map((g) => g.title)).toEqual(["Blue Ocean", "Dragon Quest Alpha"]);
    expect(second).toMatchObject({ pageNumber: 2, pageSize: 4, totalRecords: 6, totalPages: 2 });
    const past = await listLatestUpdates({ db: fx.db, page: 3, pageSize: 4 });
    expect(past.items).toEqual([]);
    expect(past.totalRecords).toBe(6);
    expect((await listLatestUpdates({ db: fx.db, page: 10_000, pageSize: 4 })).pageNumber).toBe(LATEST.maxPages);
    expect((await listLatestUpdates({ db: fx.db, page: -3, pageSize: 4 })).pageNumber).toBe(1);
  });

  it("the feed's entries are single public chapters, newest first, bounded", async () => {
    // F1 and M3 share a release time: the later chapter (by id) first.
    const entries = await listLatestChapters({ db: fx.db, limit: 5 });
    expect(entries.map((e) => e.title)).toEqual(["F2 <b>&", "O2 released", "M5", "M4", "M3"]);
    expect(entries[0]).toMatchObject({ mangaId: made.Fresh, mangaTitle: "Fresh", premium: true });
    const bounded = await listLatestChapters({ db: fx.db, limit: 10_000 });
    expect(bounded.length).toBeLessThanOrEqual(LATEST.feedEntries);
    expect(bounded.map((e) => e.title)).not.toContain("F4 scheduled");
  });

  it("a manga's feed: its public chapters only; none for a manga that is missing or not public", async () => {
    const feed = (await getMangaFeed({ db: fx.db, mangaId: made.Fresh! }))!;
    expect(feed.title).toBe("Fresh");
    expect(feed.chapters.map((c) => c.title)).toEqual(["F2 <b>&", "F1"]);
    expect(await getMangaFeed({ db: fx.db, mangaId: made["Hidden manga"]! })).toBeUndefined();
    expect(await getMangaFeed({ db: fx.db, mangaId: made["Rejected manga"]! })).toBeUndefined();
    expect(await getMangaFeed({ db: fx.db, mangaId: 2_000_000_000 })).toBeUndefined();
    expect((await getMangaFeed({ db: fx.db, mangaId: made["Nothing public"]! }))!.chapters).toEqual([]);
  });
});
