import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/db/client";
import { inArray } from "drizzle-orm";
import { chapters } from "@/db/schema";
import { Role, Status } from "@/lib/enums";
import { POST as saveRoute } from "@/app/api/chapter/SaveProgress/route";
import { GET as continueRoute } from "@/app/api/chapter/ContinueReading/route";
import { GET as readRoute } from "@/app/api/chapter/ReadChapters/route";
import { GET as getChapterRoute } from "@/app/api/chapter/GetChapter/[chapterid]/route";
import { jsonRequest, noParams, tokenFor } from "@/server/http/test-helpers";
import { getReaderContext } from "./get-reader-context";
import { getReadingAnchor } from "./reading-anchor";
import { buildReaderWorld, type ReaderWorld } from "./testing/fixtures";

let db: Db;
let world: ReaderWorld;
let token: string;

beforeAll(async () => {
  db = await getDb();
  world = await buildReaderWorld(db);
  token = await tokenFor(Role.reader, world.users.premium.id);
});

async function save(body: unknown, t: string | null = token) {
  const res = await saveRoute(jsonRequest("POST /api/chapter/SaveProgress", { token: t ?? undefined, body }), noParams);
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
}

async function continueReading(t: string | null = token, query = "") {
  const res = await continueRoute(jsonRequest("GET /api/chapter/ContinueReading", { token: t ?? undefined, query }), noParams);
  return { status: res.status, body: (await res.json()) as { data: Array<Record<string, unknown>> } };
}

async function progressOf(chapterId: number, t = token) {
  const res = await getChapterRoute(jsonRequest("GET /api/chapter/GetChapter/{chapterid}", { token: t }), { params: Promise.resolve({ chapterid: String(chapterId) }) });
  return ((await res.json()) as { data: { progress: unknown } }).data.progress;
}

describe("reading progress", () => {
  it("saves the last page and restores it", async () => {
    expect(await progressOf(world.chapters.public)).toBeNull();
    const saved = await save({ chapterId: world.chapters.public, pageNumber: 2 });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ chapterId: world.chapters.public, mangaId: world.manga.published, pageNumber: 2, pageCount: 3, completed: false, anchor: null });
    expect(await progressOf(world.chapters.public)).toEqual({ pageNumber: 2, completed: false });
    // The latest save wins; a page past the end is the last page, which completes the chapter.
    await save({ chapterId: world.chapters.public, pageNumber: 1 });
    expect(await progressOf(world.chapters.public)).toEqual({ pageNumber: 1, completed: false });
    const end = await save({ chapterId: world.chapters.public, pageNumber: 99 });
    expect(end.body.data).toMatchObject({ pageNumber: 3, completed: true });
    // Progress is per user.
    expect(await progressOf(world.chapters.public, await tokenFor(Role.reader, world.users.reader.id))).toBeNull();
  });

  it("keeps the vertical view's exact place with the page (issue 32); a paged save clears it; bad places change nothing", async () => {
    const chapterId = world.chapters.public;
    const placed = await save({ chapterId, pageNumber: 2, anchorPage: 2, anchorOffset: 0.375 });
    expect(placed.body.data).toMatchObject({ pageNumber: 2, anchor: { page: 2, offset: 0.375 } });
    expect(await getReadingAnchor({ db, userId: world.users.premium.id, chapterId })).toEqual({ page: 2, offset: 0.375 });
    // A place past the chapter's end is its last page.
    expect((await save({ chapterId, pageNumber: 3, anchorPage: 40, anchorOffset: 1 })).body.data).toMatchObject({ anchor: { page: 3, offset: 1 } });
    for (const body of [
      { chapterId, pageNumber: 1, anchorPage: 1 },
      { chapterId, pageNumber: 1, anchorOffset: 0.5 },
      { chapterId, pageNumber: 1, anchorPage: 1, anchorOffset: 1.5 },
      { chapterId, pageNumber: 1, anchorPage: 0, anchorOffset: 0.5 },
      { chapterId, pageNumber: 1, anchorPage: 1, anchorOffset: "half" },
    ]) expect((await save(body)).status).toBe(422);
    expect(await getReadingAnchor({ db, userId: world.users.premium.id, chapterId })).toEqual({ page: 3, offset: 1 });
    await save({ chapterId, pageNumber: 1 });
    expect(await getReadingAnchor({ db, userId: world.users.premium.id, chapterId })).toBeNull();
    // Saved back to page 3, as the later tests expect.
    await save({ chapterId, pageNumber: 99 });
  });

  it("feeds the reader's chapter list", async () => {
    await save({ chapterId: world.chapters.second, pageNumber: 1 });
    const ctx = await getReaderContext({ db, mangaId: world.manga.published, viewer: { userId: world.users.premium.id, role: Role.reader }, privileged: false });
    expect(ctx?.chapters.map((c) => [c.number, c.progress])).toEqual([
      [1, { pageNumber: 3, completed: true }],
      [2, { pageNumber: 1, completed: false }],
      [3, null],
    ]);
    expect(ctx?.manga).toMatchObject({ id: world.manga.published, views: 100, favorites: 3, author: expect.stringMatching(/^author_/) });
    expect(ctx?.isFavorite).toBe(false);
    expect(ctx?.nextRelease).toBeNull();
  });

  it("tells when the manga's next scheduled chapter comes out (issue 32), not a pending one's date", async () => {
    const soon = new Date(Date.now() + 3 * 86_400_000);
    const later = new Date(Date.now() + 9 * 86_400_000);
    const add = (number: number, status: number, publishAt: Date) =>
      db.insert(chapters).values({ mangaId: world.manga.published, title: `Scheduled ${number}`, number, status, publishAt }).returning({ id: chapters.id });
    const rows = [...(await add(50, Status.Accepted, later)), ...(await add(51, Status.Pending, new Date(Date.now() + 86_400_000))), ...(await add(52, Status.Accepted, soon))];
    try {
      const ctx = await getReaderContext({ db, mangaId: world.manga.published, viewer: null, privileged: false });
      expect(ctx?.nextRelease).toBe(soon.toISOString());
      // Not yet out, so not in a visitor's chapter list.
      expect(ctx?.chapters.some((c) => c.number >= 50)).toBe(false);
    } finally {
      await db.delete(chapters).where(inArray(chapters.id, rows.map((r) => r.id)));
    }
  });

  it("offers unfinished chapters to continue, one per manga, newest first", async () => {
    const list = await continueReading();
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ mangaId: world.manga.published, chapterId: world.chapters.second, chapterNumber: 2, pageNumber: 1, pageCount: 2 });
    expect(list.body.data[0]?.mangaTitle).toMatch(/^Published/);
    await save({ chapterId: world.chapters.premium, pageNumber: 1 });
    const latest = await continueReading();
    expect(latest.body.data.map((i) => i.chapterId)).toEqual([world.chapters.premium]);
    await save({ chapterId: world.chapters.premium, pageNumber: 2 });
    expect((await continueReading()).body.data.map((i) => i.chapterId)).toEqual([world.chapters.second]);
  });

  it("only saves chapters the user may read", async () => {
    const reader = await tokenFor(Role.reader, world.users.reader.id);
    expect((await save({ chapterId: world.chapters.premium, pageNumber: 1 }, reader)).status).toBe(403);
    expect((await save({ chapterId: world.chapters.pending, pageNumber: 1 }, reader)).status).toBe(404);
    const author = await tokenFor(Role.writer, world.users.author.id);
    expect((await save({ chapterId: world.chapters.pending, pageNumber: 1 }, author)).status).toBe(200);
    // …but "continue reading" offers only published chapters.
    expect((await continueReading(author)).body.data).toEqual([]);
  });

  it("needs a signed-in user and valid input", async () => {
    expect((await save({ chapterId: world.chapters.public, pageNumber: 1 }, null)).status).toBe(401);
    expect((await continueReading(null)).status).toBe(401);
    expect((await save({ chapterId: world.chapters.public, pageNumber: 0 })).status).toBe(422);
    expect((await save({ chapterId: world.chapters.public })).status).toBe(422);
    expect((await continueReading(token, "pageSize=0")).status).toBe(422);
  });

  it("tells which chapters of a list the user has opened (the latest updates' unread marker)", async () => {
    const read = async (ids: string, t: string | null = token) => {
      const res = await readRoute(jsonRequest("GET /api/chapter/ReadChapters", { token: t ?? undefined, query: `ids=${ids}` }), noParams);
      return { status: res.status, body: (await res.json()) as { data: { chapterIds: number[] } } };
    };
    const { public: opened, second, pending } = world.chapters;
    // This user opened the first two (tests above); the other reader none.
    expect((await read(`${pending},${second},${opened},${second}`)).body.data).toEqual({ chapterIds: [opened, second].sort((a, b) => a - b) });
    expect((await read(`${opened},${second}`, await tokenFor(Role.reader, world.users.reader.id))).body.data).toEqual({ chapterIds: [] });
    expect((await read(`${opened}`, null)).status).toBe(401);
    for (const bad of ["", "0", "1,,2", "a", "-1", "2147483648", Array.from({ length: 101 }, (_, i) => i + 1).join(",")]) expect((await read(bad)).status, bad).toBe(422);
  });
});
