import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { chapters, manga } from "@/db/schema";
import { Role, Status } from "@/lib/enums";
import { seedFixture, type Fixture } from "@/server/manga/test-fixtures";
import { listReviewQueue, nextPendingMangaId } from "./review-queue";
import { type SignedInViewer } from "@/server/core/viewer";

let f: Fixture;
let root: SignedInViewer;
let writerA: SignedInViewer;
let writerB: SignedInViewer;

/*
 * The fixture (server/manga/test-fixtures.ts): accepted manga, some with a pending chapter ("Dragon Quest Alpha" by
 * writer A, "Blue Ocean" by writer B); "Pending Saga" (writer A, pending, one pending chapter); "Rejected Tale"
 * (writer B, rejected). Added here: a failed chapter and a rejected chapter with a note.
 */
beforeAll(async () => {
  f = await seedFixture();
  root = { userId: f.users.root, role: Role.root };
  writerA = { userId: f.users.writerA, role: Role.writer };
  writerB = { userId: f.users.writerB, role: Role.writer };
  const [last] = await f.db.select({ n: chapters.number }).from(chapters).where(eq(chapters.mangaId, f.ids["Pending Saga"]!)).orderBy(chapters.number);
  await f.db.insert(chapters).values([
    { mangaId: f.ids["Pending Saga"]!, title: "Broken PDF", number: (last?.n ?? 1) + 1, status: Status.Pending, processing: 2, processingError: "pdfEncrypted" },
    { mangaId: f.ids["Rejected Tale"]!, title: "Blurry", number: 1, status: Status.Rejected, reviewNote: "Pages are blurry" },
  ]);
  // Waiting order: Dragon Quest Alpha's pending chapter is the oldest pending thing.
  await f.db.update(chapters).set({ updatedAt: new Date("2023-01-01") }).where(eq(chapters.title, "Ash"));
  await f.db.update(chapters).set({ updatedAt: new Date("2023-06-01") }).where(eq(chapters.title, "Deep"));
});

describe("listReviewQueue", () => {
  it("a writer's accepted manga with a rejected chapter (and nothing pending) counts as rejected for the writer, not for root", async () => {
    const id = f.ids["المُغامَرةُ الكُبرى"]!;
    const [added] = await f.db.insert(chapters).values({ mangaId: id, title: "Too dark", number: 50, status: Status.Rejected, reviewNote: "Too dark to read" }).returning({ id: chapters.id });
    try {
      const mine = await listReviewQueue({ db: f.db, actor: writerB, state: "rejected" });
      expect(mine.items.map((i) => i.id)).toContain(id);
      const roots = await listReviewQueue({ db: f.db, actor: root, state: "rejected" });
      expect(roots.items.map((i) => i.id)).not.toContain(id);
    } finally {
      await f.db.delete(chapters).where(eq(chapters.id, added!.id));
    }
  });

  it("root: pending items first, longest waiting first, with counts per state", async () => {
    const q = await listReviewQueue({ db: f.db, actor: root, state: "all" });
    expect(q.counts).toEqual({ pending: 3, accepted: 4, rejected: 1, all: 8 });
    const titles = q.items.map((i) => i.title);
    expect(titles.slice(0, 3)).toEqual(["Dragon Quest Alpha", "Blue Ocean", "Pending Saga"]);
    expect(q.items.slice(0, 3).every((i) => i.state === "pending")).toBe(true);
    // An accepted manga with a pending chapter needs review; its own status stays accepted.
    const dragon = q.items[0]!;
    expect(dragon.status).toBe(Status.Accepted);
    expect(dragon.chapterCounts).toMatchObject({ total: 3, pending: 1, accepted: 2 });
    expect(dragon.chapters.map((c) => c.title)).toEqual(["Ash"]);
    expect(dragon.author.username).toBe("writerA");
    expect(dragon.coverImageUrl).toBe(f.coverUrl);
  });

  it("filters by state and pages", async () => {
    const pending = await listReviewQueue({ db: f.db, actor: root });
    expect(pending.state).toBe("pending");
    expect(pending.items.map((i) => i.title)).toEqual(["Dragon Quest Alpha", "Blue Ocean", "Pending Saga"]);
    const rejected = await listReviewQueue({ db: f.db, actor: root, state: "rejected" });
    expect(rejected.items.map((i) => i.title)).toEqual(["Rejected Tale"]);
    expect(rejected.items[0]!.chapters).toEqual([expect.objectContaining({ title: "Blurry", status: Status.Rejected, reviewNote: "Pages are blurry" })]);
    const accepted = await listReviewQueue({ db: f.db, actor: root, state: "accepted", pageSize: 3, page: 2 });
    expect(accepted.totalPages).toBe(2);
    expect(accepted.page).toBe(2);
    expect(accepted.items).toHaveLength(1);
    // A page past the end shows the last one.
    expect((await listReviewQueue({ db: f.db, actor: root, state: "accepted", pageSize: 3, page: 9 })).page).toBe(2);
  });

  it("searches folded titles (Arabic letter forms and diacritics) and, for root, authors", async () => {
    const arabic = await listReviewQueue({ db: f.db, actor: root, state: "all", search: "المغامره" });
    expect(arabic.items.map((i) => i.title)).toEqual(["المُغامَرةُ الكُبرى"]);
    expect(arabic.counts).toEqual({ pending: 0, accepted: 1, rejected: 0, all: 1 });
    const byAuthor = await listReviewQueue({ db: f.db, actor: root, state: "all", search: "writerb" });
    expect(byAuthor.items.map((i) => i.title).sort()).toEqual(["Blue Ocean", "Rejected Tale", "المُغامَرةُ الكُبرى"]);
    const literal = await listReviewQueue({ db: f.db, actor: root, state: "all", search: "100%" });
    expect(literal.items.map((i) => i.title)).toEqual(["أسطورة إبراهيم"]);
    expect((await listReviewQueue({ db: f.db, actor: root, state: "all", search: "%" })).counts.all).toBe(1);
  });

  it("a writer sees only their own submissions, with chapter notes and processing states", async () => {
    const a = await listReviewQueue({ db: f.db, actor: writerA, state: "all" });
    expect(a.counts).toEqual({ pending: 2, accepted: 2, rejected: 0, all: 4 });
    const saga = a.items.find((i) => i.title === "Pending Saga")!;
    expect(saga.chapterCounts).toMatchObject({ total: 2, pending: 2, failed: 1 });
    expect(saga.chapters.find((c) => c.title === "Broken PDF")).toMatchObject({ processing: 2, processingError: "pdfEncrypted" });
    const b = await listReviewQueue({ db: f.db, actor: writerB, state: "all", search: "dragon" });
    expect(b.items).toEqual([]);
    expect(b.counts.all).toBe(0);
  });

  it("a manga whose pending chapter is decided leaves the pending list", async () => {
    const { db } = f;
    const id = f.ids["Blue Ocean"]!;
    await db.update(chapters).set({ status: Status.Accepted }).where(eq(chapters.title, "Deep"));
    try {
      const q = await listReviewQueue({ db, actor: root, state: "accepted" });
      expect(q.items.map((i) => i.id)).toContain(id);
      expect((await listReviewQueue({ db, actor: root })).counts.pending).toBe(2);
    } finally {
      await db.update(chapters).set({ status: Status.Pending }).where(eq(chapters.title, "Deep"));
    }
  });
});

describe("nextPendingMangaId", () => {
  it("goes to the next pending item in queue order, wrapping round, never the current one", async () => {
    const [dragon, blue, saga] = [f.ids["Dragon Quest Alpha"]!, f.ids["Blue Ocean"]!, f.ids["Pending Saga"]!];
    expect(await nextPendingMangaId({ db: f.db, actor: root })).toBe(dragon);
    expect(await nextPendingMangaId({ db: f.db, actor: root, currentId: dragon })).toBe(blue);
    expect(await nextPendingMangaId({ db: f.db, actor: root, currentId: blue })).toBe(saga);
    expect(await nextPendingMangaId({ db: f.db, actor: root, currentId: saga })).toBe(dragon);
    // Not pending: the first pending item.
    expect(await nextPendingMangaId({ db: f.db, actor: root, currentId: f.ids["Rejected Tale"]! })).toBe(dragon);
    // A writer's queue holds only their own work.
    expect(await nextPendingMangaId({ db: f.db, actor: writerB, currentId: blue })).toBeNull();
  });

  it("is null when nothing is pending", async () => {
    await f.db.update(manga).set({ status: Status.Accepted }).where(eq(manga.authorId, f.users.writerA));
    const b = await nextPendingMangaId({ db: f.db, actor: writerB });
    expect(b).toBe(f.ids["Blue Ocean"]);
    await f.db.update(chapters).set({ status: Status.Accepted }).where(eq(chapters.status, Status.Pending));
    expect(await nextPendingMangaId({ db: f.db, actor: root })).toBeNull();
    expect((await listReviewQueue({ db: f.db, actor: root })).items).toEqual([]);
  });
});
