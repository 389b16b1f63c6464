import { beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { chapters, manga } from "@/db/schema";
import { Role } from "@/lib/enums";
import { POST as submitMangaRoute } from "@/app/api/manga/SubmitManga/route";
import { PUT as updateMangaRoute } from "@/app/api/manga/UpdateManga/route";
import { DELETE as deleteMangaRoute } from "@/app/api/manga/DeleteManga/route";
import { POST as statusMangaRoute } from "@/app/api/manga/StatusManga/route";
import { POST as submitChapterRoute } from "@/app/api/chapter/SubmitChapter/route";
import { PUT as updateChapterRoute } from "@/app/api/chapter/UpdateChapter/route";
import { DELETE as deleteChapterRoute } from "@/app/api/chapter/DeleteChapter/route";
import { POST as statusChapterRoute } from "@/app/api/chapter/StatusChapter/route";
import {
  addChapter,
  coverJpeg,
  formOf,
  formRequest,
  jpegPart,
  jsonRequest,
  makeUsers,
  pageJpeg,
  send,
  snapshot,
  submitManga,
  type Route,
} from "@/tests/fixtures/publishing-kit";

/**
 * Every publishing call × role × ownership through the route handlers (docs/decisions/013, issue 13 "Tests"):
 * visitors 401; readers, staff and admins 403; a writer on another writer's manga or chapter 404 (as if it did not
 * exist); the owner and root allowed; StatusManga and StatusChapter root only. A refused call changes nothing.
 */
let db: Db;
let u: Awaited<ReturnType<typeof makeAccounts>>;
/** Writer B's manga and chapter: the targets of every refused call. */
const target = { manga: 0, chapter: 0 };

const makeAccounts = (d: Db) =>
  makeUsers(d, "acc", {
    writerA: { role: Role.writer },
    writerB: { role: Role.writer },
    reader: { role: Role.reader },
    staff: { role: Role.staff },
    admin: { role: Role.admin },
    root: { role: Role.root },
  });

beforeAll(async () => {
  db = await getDb();
  u = await makeAccounts(db);
  target.manga = await submitManga(u.writerB.token, "Writer B Saga");
  target.chapter = await addChapter(u.writerB.token, target.manga, "B One", { pages: 1, seed: 1 });
});

type Call = {
  name: string;
  route: Route;
  rootOnly?: boolean;
  /** Whether the call is about an existing manga or chapter (ownership applies). */
  owned?: boolean;
  /** A valid request for writer B's work (or a new manga) signed with `token` (none: a visitor). */
  make: (token: string | undefined, ids: { manga: number; chapter: number }) => Promise<Request>;
};

const CALLS: Call[] = [
  {
    name: "SubmitManga",
    route: submitMangaRoute,
    make: async (token) =>
      formRequest("POST /api/manga/SubmitManga", formOf({ title: "Intruder", description: "x", genres: ["Action"], coverImage: jpegPart(await coverJpeg(7)) }), { token }),
  },
  {
    name: "UpdateManga",
    route: updateMangaRoute,
    owned: true,
    make: async (token, ids) =>
      formRequest("PUT /api/manga/UpdateManga", formOf({ id: ids.manga, title: "Hijacked", coverImage: jpegPart(await coverJpeg(8)) }), { token }),
  },
  { name: "DeleteManga", route: deleteMangaRoute, owned: true, make: async (token, ids) => jsonRequest("DELETE /api/manga/DeleteManga", { token, body: { mangaId: ids.manga } }) },
  { name: "StatusManga", route: statusMangaRoute, owned: true, rootOnly: true, make: async (token, ids) => jsonRequest("POST /api/manga/StatusManga", { token, body: { mangaId: ids.manga, status: 1 } }) },
  {
    name: "SubmitChapter",
    route: submitChapterRoute,
    owned: true,
    make: async (token, ids) =>
      formRequest("POST /api/chapter/SubmitChapter", formOf({ mangaId: ids.manga, title: "Intruder", pages: [jpegPart(await pageJpeg(40))] }), { token }),
  },
  {
    name: "UpdateChapter",
    route: updateChapterRoute,
    owned: true,
    make: async (token, ids) =>
      formRequest("PUT /api/chapter/UpdateChapter", formOf({ chapterId: ids.chapter, title: "Hijacked", number: 1, pages: [jpegPart(await pageJpeg(41))] }), { token }),
  },
  { name: "DeleteChapter", route: deleteChapterRoute, owned: true, make: async (token, ids) => jsonRequest("DELETE /api/chapter/DeleteChapter", { token, body: { chapterId: ids.chapter } }) },
  {
    name: "StatusChapter",
    route: statusChapterRoute,
    owned: true,
    rootOnly: true,
    make: async (token, ids) => jsonRequest("POST /api/chapter/StatusChapter", { token, body: { chapterId: ids.chapter, status: 2, note: "no" } }),
  },
];

async function refused(call: Call, token: string | undefined, status: number, ids = target): Promise<void> {
  const before = await snapshot(db);
  const res = await send(call.route, await call.make(token, ids));
  expect(res.status, `${call.name} answered ${JSON.stringify(res.body)}`).toBe(status);
  expect(res.body.statusCode).toBe(status);
  expect(await snapshot(db)).toBe(before);
}

describe.each(CALLS)("$name", (call) => {
  it("a visitor gets 401 and nothing changes", async () => {
    await refused(call, undefined, 401);
  });

  it("a reader, staff and an admin get 403 and nothing changes", async () => {
    for (const who of ["reader", "staff", "admin"] as const) await refused(call, u[who].token, 403);
  });

  if (call.rootOnly) {
    it("a writer gets 403, even the owner, and nothing changes", async () => {
      await refused(call, u.writerA.token, 403);
      await refused(call, u.writerB.token, 403);
    });
  } else if (call.owned) {
    it("writer A on writer B's work gets 404 (as for work that does not exist) and nothing changes", async () => {
      await refused(call, u.writerA.token, 404);
      const [missing, other] = [await send(call.route, await call.make(u.writerA.token, { manga: 999_999, chapter: 999_999 })), await send(call.route, await call.make(u.writerA.token, target))];
      expect(other.body.message).toBe(missing.body.message);
      expect(other.body.data.code).toBe(missing.body.data.code);
    });
  }
});

describe("request shape", () => {
  it("the wrong method is a 405 for every call", async () => {
    for (const call of CALLS) {
      const res = await send(call.route, jsonRequest(`PATCH /api/${call.name}`, { token: u.root.token, body: {} }));
      expect(res.status, call.name).toBe(405);
    }
  });

  // StatusManga's contract is one `mangaId`: the plural (StatusChapter's `chapterIds` form) is refused, never half-done.
  it("StatusManga with mangaIds [a, b] is refused and decides nothing", async () => {
    const a = await submitManga(u.writerB.token, "Plural A");
    const b = await submitManga(u.writerB.token, "Plural B");
    const res = await send(statusMangaRoute, jsonRequest("POST /api/manga/StatusManga", { token: u.root.token, body: { mangaIds: [a, b], status: 1 } }));
    const statuses = (await db.select({ status: manga.status }).from(manga).where(inArray(manga.id, [a, b])).orderBy(manga.id)).map((r) => r.status);
    expect([res.status, statuses]).toEqual([422, [0, 0]]);
  });
});

describe("the owner and root are allowed", () => {
  it("SubmitManga: a writer and root create manga (pending, theirs)", async () => {
    for (const who of [u.writerA, u.root]) {
      const res = await send(submitMangaRoute, await CALLS[0]!.make(who.token, target));
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ title: "Intruder", status: 0, author: { id: who.id } });
    }
  });

  it("UpdateManga: the owner and root edit writer B's manga", async () => {
    const id = await submitManga(u.writerB.token, "Editable");
    const byOwner = await send(updateMangaRoute, jsonRequest("PUT /api/manga/UpdateManga", { token: u.writerB.token, body: { id, title: "Edited by owner" } }));
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.data).toMatchObject({ id, title: "Edited by owner" });
    const byRoot = await send(updateMangaRoute, jsonRequest("PUT /api/manga/UpdateManga", { token: u.root.token, body: { id, description: "Root's words" } }));
    expect(byRoot.status).toBe(200);
    expect(byRoot.body.data).toMatchObject({ id, title: "Edited by owner", description: "Root's words", author: { id: u.writerB.id } });
  });

  it("SubmitChapter, UpdateChapter and DeleteChapter: the owner and root", async () => {
    const mangaId = await submitManga(u.writerB.token, "Chapters");
    const byOwner = await addChapter(u.writerB.token, mangaId, "Owner's", { seed: 50 });
    const byRoot = await addChapter(u.root.token, mangaId, "Root's", { seed: 51 });
    const rows = await db.select({ id: chapters.id, number: chapters.number }).from(chapters).where(eq(chapters.mangaId, mangaId)).orderBy(chapters.number);
    expect(rows).toEqual([{ id: byOwner, number: 1 }, { id: byRoot, number: 2 }]);

    for (const [token, chapterId] of [[u.writerB.token, byRoot], [u.root.token, byOwner]] as const) {
      const res = await send(updateChapterRoute, jsonRequest("PUT /api/chapter/UpdateChapter", { token, body: { chapterId, isPremium: true } }));
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: chapterId, isPremium: true });
    }
    const del1 = await send(deleteChapterRoute, jsonRequest("DELETE /api/chapter/DeleteChapter", { token: u.writerB.token, body: { chapterId: byOwner } }));
    expect(del1).toMatchObject({ status: 200, body: { data: { chapterId: byOwner } } });
    const del2 = await send(deleteChapterRoute, jsonRequest("DELETE /api/chapter/DeleteChapter", { token: u.root.token, body: { chapterId: byRoot } }));
    expect(del2).toMatchObject({ status: 200, body: { data: { chapterId: byRoot } } });
    expect(await db.select().from(chapters).where(eq(chapters.mangaId, mangaId))).toEqual([]);
  });

  it("DeleteManga: the owner and root", async () => {
    const a = await submitManga(u.writerB.token, "Doomed A");
    const b = await submitManga(u.writerB.token, "Doomed B");
    expect((await send(deleteMangaRoute, jsonRequest("DELETE /api/manga/DeleteManga", { token: u.writerB.token, body: { mangaId: a } }))).status).toBe(200);
    expect((await send(deleteMangaRoute, jsonRequest("DELETE /api/manga/DeleteManga", { token: u.root.token, body: { mangaId: b } }))).status).toBe(200);
    expect(await db.select({ id: manga.id }).from(manga).where(eq(manga.id, a))).toEqual([]);
    expect(await db.select({ id: manga.id }).from(manga).where(eq(manga.id, b))).toEqual([]);
  });

  it("StatusManga and StatusChapter: root", async () => {
    const mangaId = await submitManga(u.writerB.token, "Reviewed");
    const chapterId = await addChapter(u.writerB.token, mangaId, "Reviewed one", { seed: 60 });
    const m = await send(statusMangaRoute, jsonRequest("POST /api/manga/StatusManga", { token: u.root.token, body: { mangaId, status: 1 } }));
    expect(m).toMatchObject({ status: 200, body: { data: { id: mangaId, status: 1 } } });
    const c = await send(statusChapterRoute, jsonRequest("POST /api/chapter/StatusChapter", { token: u.root.token, body: { chapterId, status: 1 } }));
    expect(c).toMatchObject({ status: 200, body: { data: { id: chapterId, status: 1 } } });
  });

  it("writer B's work is intact after every refused call", async () => {
    const [m] = await db.select({ title: manga.title, status: manga.status }).from(manga).where(eq(manga.id, target.manga));
    expect(m).toEqual({ title: "Writer B Saga", status: 0 });
    const [c] = await db.select({ title: chapters.title, status: chapters.status, pageCount: chapters.pageCount }).from(chapters).where(eq(chapters.id, target.chapter));
    expect(c).toEqual({ title: "B One", status: 0, pageCount: 1 });
  });
});
