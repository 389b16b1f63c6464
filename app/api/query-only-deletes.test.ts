import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/db/client";
import { chapters, manga, notifications, users } from "@/db/schema";
import { Role, Status } from "@/lib/enums";
import { DELETE as deleteChapterRoute } from "@/app/api/chapter/DeleteChapter/route";
import { DELETE as deleteMangaRoute } from "@/app/api/manga/DeleteManga/route";
import { DELETE as deleteNotificationRoute } from "@/app/api/Notification/DeleteNotification/route";
import { DELETE as deleteUserRoute } from "@/app/api/User/DeleteUser/route";
import { createTestUser } from "@/server/auth/testing";
import { ROUTE_KEYS } from "@/server/core/access-table";
import type { RouteHandler } from "@/server/http/route";
import { tokenFor } from "@/server/http/test-helpers";

/**
 * Issue 27, item 10: `DELETE …/DeleteNotification?notificationId=22` and `DeleteUser?userId=` sent with no body, no
 * Content-Type and no Content-Length answered 415 (they worked only with `Content-Length: 0`), while DeleteManga took
 * the same call. Behind Next a DELETE always has a body stream, empty or not; an empty one without a Content-Type now
 * validates as `{}` on every route (server/http/route.ts), so every delete route takes its id from the query alone.
 */
let db: Db;
let root: string;
let owner: { id: number; token: string };

beforeAll(async () => {
  db = await getDb();
  const r = await createTestUser(db, { role: Role.root });
  root = await tokenFor(Role.root, r.id);
  const o = await createTestUser(db, { role: Role.writer });
  owner = { id: o.id, token: await tokenFor(Role.writer, o.id) };
});

/** What a browser's `fetch(url, { method: "DELETE" })` becomes behind Next: an empty body stream, no Content-Type or -Length. */
function bareDelete(path: string, query: string, token: string): Request {
  const empty = new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });
  const req = new Request(`http://localhost${path}?${query}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` }, body: empty, duplex: "half" } as RequestInit);
  expect(req.headers.get("content-type")).toBeNull();
  expect(req.headers.get("content-length")).toBeNull();
  expect(req.body).not.toBeNull();
  return req;
}

async function call(handler: RouteHandler, req: Request) {
  const res = await handler(req, { params: Promise.resolve({}) });
  return { status: res.status, body: (await res.json()) as { statusCode: number; data: unknown } };
}

async function newManga(): Promise<{ mangaId: number; chapterId: number }> {
  const [m] = await db.insert(manga).values({ title: `Delete me ${Math.random()}`, description: "-", authorId: owner.id, status: Status.Accepted, searchText: "delete me" }).returning({ id: manga.id });
  const [c] = await db.insert(chapters).values({ mangaId: m!.id, title: "One", number: 1, status: Status.Accepted }).returning({ id: chapters.id });
  return { mangaId: m!.id, chapterId: c!.id };
}

describe("every delete route takes its id from the query alone (issue 27, item 10)", () => {
  it("covers every DELETE route of the access table", () => {
    expect(ROUTE_KEYS.filter((key) => key.startsWith("DELETE ")).sort()).toEqual([
      "DELETE /api/Notification/DeleteNotification",
      "DELETE /api/User/DeleteUser",
      "DELETE /api/chapter/DeleteChapter",
      "DELETE /api/manga/DeleteManga",
    ]);
  });

  it("DeleteNotification?notificationId=", async () => {
    const [n] = await db.insert(notifications).values({ userId: owner.id, type: 1, message: "bye" }).returning({ id: notifications.id });
    const res = await call(deleteNotificationRoute, bareDelete("/api/Notification/DeleteNotification", `notificationId=${n!.id}`, owner.token));
    expect(res).toMatchObject({ status: 200, body: { statusCode: 1 } });
    expect(await db.select().from(notifications).where(eq(notifications.id, n!.id))).toHaveLength(0);
  });

  it("DeleteUser?userId=", async () => {
    const victim = await createTestUser(db);
    const res = await call(deleteUserRoute, bareDelete("/api/User/DeleteUser", `userId=${victim.id}`, root));
    expect(res).toMatchObject({ status: 200, body: { statusCode: 1 } });
    const [row] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, victim.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
  });

  it("DeleteChapter?chapterId=", async () => {
    const { chapterId } = await newManga();
    const res = await call(deleteChapterRoute, bareDelete("/api/chapter/DeleteChapter", `chapterId=${chapterId}`, owner.token));
    expect(res).toMatchObject({ status: 200, body: { statusCode: 1 } });
    expect(await db.select().from(chapters).where(eq(chapters.id, chapterId))).toHaveLength(0);
  });

  it("DeleteManga?mangaId=", async () => {
    const { mangaId } = await newManga();
    const res = await call(deleteMangaRoute, bareDelete("/api/manga/DeleteManga", `mangaId=${mangaId}`, owner.token));
    expect(res).toMatchObject({ status: 200, body: { statusCode: 1 } });
    expect(await db.select().from(manga).where(eq(manga.id, mangaId))).toHaveLength(0);
  });

  it("still refuses a non-empty body that is not JSON (415), and a missing id is a 422", async () => {
    const withText = (path: string, token: string) =>
      new Request(`http://localhost${path}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` }, body: new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(new TextEncoder().encode("userId=1")), c.close()) }), duplex: "half" } as RequestInit);
    expect((await call(deleteUserRoute, withText("/api/User/DeleteUser", root))).status).toBe(415);
    expect((await call(deleteNotificationRoute, bareDelete("/api/Notification/DeleteNotification", "", owner.token))).status).toBe(422);
    expect((await call(deleteUserRoute, bareDelete("/api/User/DeleteUser", "", root))).status).toBe(422);
  });
});
