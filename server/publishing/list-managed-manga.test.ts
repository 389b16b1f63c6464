import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { chapters } from "@/db/schema";
import { Role, Status } from "@/lib/enums";
import { seedFixture, type Fixture } from "@/server/manga/test-fixtures";
import { listManagedManga } from "./list-managed-manga";
import { setChapterStatus } from "./set-chapter-status";

let fx: Fixture;
const writerA = () => ({ userId: fx.users.writerA, role: Role.writer });
const writerB = () => ({ userId: fx.users.writerB, role: Role.writer });
const root = () => ({ userId: fx.users.root, role: Role.root });

beforeAll(async () => {
  fx = await seedFixture();
  // One of writer A's chapters is a PDF still being prepared.
  await fx.db.update(chapters).set({ processing: 1 }).where(eq(chapters.title, "Ash"));
});

const titles = (items: { title: string }[]) => items.map((i) => i.title).sort();

describe("listManagedManga", () => {
  it("a writer sees only their own manga, every status, with chapter counts", async () => {
    const list = await listManagedManga({ db: fx.db, actor: writerA() });
    expect(titles(list.items)).toEqual(titles([{ title: "Dragon Quest Alpha" }, { title: "Pending Saga" }, { title: "مكتبة الأحلام" }, { title: "أسطورة إبراهيم" }]));
    expect(list.totalRecords).toBe(4);
    const dragon = list.items.find((i) => i.title === "Dragon Quest Alpha")!;
    expect(dragon).toMatchObject({
      status: Status.Accepted, chapterCount: 2, totalChapters: 3, pendingChapters: 1, rejectedChapters: 0, lastRejected: null, processingChapters: 1, views: 100, favorites: 5,
      coverImageUrl: fx.coverUrl, author: { id: fx.users.writerA, username: "writerA" },
    });
    expect(list.items.find((i) => i.title === "Pending Saga")).toMatchObject({ status: Status.Pending, totalChapters: 1, pendingChapters: 1, processingChapters: 0 });
    expect(titles((await listManagedManga({ db: fx.db, actor: writerB() })).items)).toEqual(titles([{ title: "Blue Ocean" }, { title: "Rejected Tale" }, { title: "المُغامَرةُ الكُبرى" }]));
  });

  it("root sees everyone's manga, with the author (none for an orphaned one)", async () => {
    const list = await listManagedManga({ db: fx.db, actor: root(), pageSize: 100 });
    expect(list.totalRecords).toBe(8);
    expect(list.items.find((i) => i.title === "comedy club")?.author).toEqual({ id: null, username: null });
    expect(list.items.find((i) => i.title === "Blue Ocean")?.author.username).toBe("writerB");
  });

  it("newest change first, paged on the server; a page past the end answers the last page", async () => {
    const first = await listManagedManga({ db: fx.db, actor: root(), pageSize: 3 });
    expect(first).toMatchObject({ pageNumber: 1, pageSize: 3, totalPages: 3, totalRecords: 8, hasPreviousPage: false, hasNextPage: true });
    const updated = first.items.map((i) => i.updatedAt);
    expect([...updated].sort().reverse()).toEqual(updated);
    const last = await listManagedManga({ db: fx.db, actor: root(), pageSize: 3, page: 3 });
    expect(last.items).toHaveLength(2);
    const past = await listManagedManga({ db: fx.db, actor: root(), pageSize: 3, page: 9 });
    expect(past).toMatchObject({ pageNumber: 3, totalRecords: 8 });
    expect(past.items.map((i) => i.id)).toEqual(last.items.map((i) => i.id));
    const ids = new Set([...first.items, ...(await listManagedManga({ db: fx.db, actor: root(), pageSize: 3, page: 2 })).items, ...last.items].map((i) => i.id));
    expect(ids.size).toBe(8);
  });

  it("filters by status and searches folded text (and, for root, authors); a writer's search stays in their own work", async () => {
    expect(titles((await listManagedManga({ db: fx.db, actor: root(), status: Status.Rejected })).items)).toEqual(["Rejected Tale"]);
    expect(titles((await listManagedManga({ db: fx.db, actor: writerA(), status: Status.Pending })).items)).toEqual(["Pending Saga"]);
    expect(titles((await listManagedManga({ db: fx.db, actor: writerA(), search: "DRAGON" })).items)).toEqual(["Dragon Quest Alpha"]);
    expect(titles((await listManagedManga({ db: fx.db, actor: writerA(), search: "قمر" })).items)).toEqual(["مكتبة الأحلام"]);
    expect((await listManagedManga({ db: fx.db, actor: writerA(), search: "ocean" })).items).toEqual([]);
    expect(titles((await listManagedManga({ db: fx.db, actor: root(), search: "writerB" })).items)).toHaveLength(3);
    expect((await listManagedManga({ db: fx.db, actor: root(), search: "100%" })).items.map((i) => i.title)).toEqual(["أسطورة إبراهيم"]);
    const empty = await listManagedManga({ db: fx.db, actor: writerA(), search: "nothing like this" });
    expect(empty).toMatchObject({ items: [], totalRecords: 0, totalPages: 1, pageNumber: 1 });
  });

  it("reads a page in one statement, however many manga it shows", async () => {
    const select = vi.spyOn(fx.db, "select");
    const execute = vi.spyOn(fx.db, "execute");
    await listManagedManga({ db: fx.db, actor: root(), pageSize: 100 });
    expect(select).toHaveBeenCalledTimes(1);
    expect(execute).not.toHaveBeenCalled();
    select.mockRestore();
    execute.mockRestore();
  });

  it("counts rejected chapters and carries the latest rejection's note (issue 31, 6b)", async () => {
    const [saga] = await fx.db.select({ id: chapters.id, mangaId: chapters.mangaId }).from(chapters).where(eq(chapters.title, "Draft"));
    // Two more chapters of "Pending Saga", rejected one after the other by root with their reasons.
    const added = await fx.db
      .insert(chapters)
      .values([
        { mangaId: saga!.mangaId, title: "Blurry", number: 50, status: Status.Pending },
        { mangaId: saga!.mangaId, title: "Cropped", number: 51, status: Status.Pending },
      ])
      .returning({ id: chapters.id });
    await setChapterStatus({ db: fx.db, actor: root(), chapterIds: [added[0]!.id], status: Status.Rejected, note: "Pages 3–5 are blurry." });
    await setChapterStatus({ db: fx.db, actor: root(), chapterIds: [added[1]!.id], status: Status.Rejected, note: "الصفحات مقصوصة من الأطراف." });
    const row = (await listManagedManga({ db: fx.db, actor: writerA() })).items.find((i) => i.title === "Pending Saga")!;
    expect(row).toMatchObject({
      totalChapters: 3, pendingChapters: 1, rejectedChapters: 2,
      lastRejected: { id: added[1]!.id, title: "Cropped", note: "الصفحات مقصوصة من الأطراف." },
    });
    // Resubmitted (pending again), the chapter is no longer counted as rejected; the other one's note shows.
    await fx.db.update(chapters).set({ status: Status.Pending }).where(eq(chapters.id, added[1]!.id));
    const again = (await listManagedManga({ db: fx.db, actor: writerA() })).items.find((i) => i.title === "Pending Saga")!;
    expect(again).toMatchObject({ pendingChapters: 2, rejectedChapters: 1, lastRejected: { id: added[0]!.id, title: "Blurry", note: "Pages 3–5 are blurry." } });
  });

  it("a writer with no manga gets an empty first page", async () => {
    const list = await listManagedManga({ db: fx.db, actor: { userId: fx.users.reader, role: Role.writer } });
    expect(list).toMatchObject({ items: [], totalRecords: 0, pageNumber: 1, totalPages: 1 });
  });
});
