import { and, asc, eq, inArray } from "drizzle-orm";
import type { WebSocket } from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { auditLog, notifications, rateLimits, users } from "@/db/schema";
import { rateKey } from "@/server/core/rate-limit";
import { ADMIN_MESSAGE_RATE_RULE } from "@/server/notifications/send-notification-to-admin";
import { Role } from "@/lib/enums";
import { getBus } from "@/server/core/bus";
import { apiMessage } from "@/server/core/messages";
import type { RouteHandler } from "@/server/http/route";
import { jsonRequest, noParams, tokenFor } from "@/server/http/test-helpers";
import { startNotificationDelivery } from "@/server/realtime/deliver-notifications";
import { addSocket, removeSocket } from "@/server/realtime/registry";
import { GET as PaginatedNotification } from "./PaginatedNotification/route";
import { POST as MarkNotificationAsRead } from "./MarkNotificationAsRead/route";
import { POST as MarkAllNotificationsAsRead } from "./MarkAllNotificationsAsRead/route";
import { DELETE as DeleteNotification } from "./DeleteNotification/route";
import { GET as GetUnreadNotificationCount } from "./GetUnreadNotificationCount/route";
import { POST as SendNotificationToUser } from "./SendNotificationToUser/route";
import { POST as SendGlobalNotification } from "./SendGlobalNotification/route";
import { POST as SendNotificationToAdmin } from "./SendNotificationToAdmin/route";

/** The /api/Notification calls through their route handlers on the file's own database (PGlite, or Postgres with TEST_DATABASE_URL). */
type Body = { statusCode: number; message: string; data: unknown };
type Item = { id: number; message: string; type: number; isRead: boolean; createdAt: string; link: string | null };
type Page = { items: Item[]; pageNumber: number; pageSize: number; totalPages: number; totalRecords: number; totalDisplayRecords: number; hasPreviousPage: boolean; hasNextPage: boolean };
type Errors = { errors: Record<string, string[]> };

async function call(route: RouteHandler, key: string, opts: Parameters<typeof jsonRequest>[1] = {}): Promise<{ status: number; body: Body }> {
  const res = await route(jsonRequest(key, opts), noParams);
  return { status: res.status, body: (await res.json()) as Body };
}

const ROLES = ["reader", "writer", "staff", "admin", "root"] as const;
type RoleName = (typeof ROLES)[number];
const people = {} as Record<RoleName | "root2" | "bannedRoot" | "arReader", { id: number; token: string }>;

let db: Awaited<ReturnType<typeof getDb>>;
const received: unknown[] = [];
let stopDelivery: (() => void) | undefined;
const liveSocket = { readyState: 1, bufferedAmount: 0, send: (text: string) => received.push(JSON.parse(text)), once: () => undefined, close: () => undefined, terminate: () => undefined } as unknown as WebSocket;

beforeAll(async () => {
  db = await getDb();
  const specs: Record<string, { role: Role; banned?: boolean; locale?: string }> = {
    reader: { role: Role.reader },
    writer: { role: Role.writer },
    staff: { role: Role.staff },
    admin: { role: Role.admin },
    root: { role: Role.root },
    root2: { role: Role.root },
    bannedRoot: { role: Role.root, banned: true },
    arReader: { role: Role.reader, locale: "ar" },
  };
  for (const [name, spec] of Object.entries(specs)) {
    const username = `notif_${name}`.toLowerCase();
    const [row] = await db
      .insert(users)
      .values({ username, email: `${username}@example.test`, fullName: username, role: spec.role, banned: spec.banned ?? false, locale: spec.locale ?? "en" })
      .returning({ id: users.id });
    people[name as keyof typeof people] = { id: row!.id, token: await tokenFor(spec.role, row!.id) };
  }
  stopDelivery = await startNotificationDelivery({ db, bus: await getBus() });
  addSocket(people.reader.id, liveSocket);
});

afterAll(() => {
  removeSocket(people.reader.id, liveSocket);
  stopDelivery?.();
});

const inbox = (userId: number) => db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.id));
const seed = async (userId: number, rows: Array<{ message: string; type?: number; isRead?: boolean; createdAt?: Date; link?: string }>) =>
  (await db.insert(notifications).values(rows.map((r) => ({ userId, type: 1, ...r }))).returning({ id: notifications.id })).map((r) => r.id);
const clear = async (...userIds: number[]) => void (await db.delete(notifications).where(inArray(notifications.userId, userIds)));

describe("who may call what", () => {
  const own = [
    ["GET /api/Notification/PaginatedNotification", PaginatedNotification, undefined],
    ["GET /api/Notification/GetUnreadNotificationCount", GetUnreadNotificationCount, undefined],
    ["POST /api/Notification/MarkAllNotificationsAsRead", MarkAllNotificationsAsRead, undefined],
  ] as const;
  const sends = [
    ["POST /api/Notification/SendNotificationToUser", SendNotificationToUser, ["root"]],
    ["POST /api/Notification/SendGlobalNotification", SendGlobalNotification, ["root"]],
    ["POST /api/Notification/SendNotificationToAdmin", SendNotificationToAdmin, ["writer", "root"]],
  ] as const;

  it("a visitor gets 401 on every call", async () => {
    for (const [key, route] of [...own, ...sends]) expect((await call(route, key, { body: key.startsWith("POST") ? {} : undefined })).status, key).toBe(401);
    expect((await call(MarkNotificationAsRead, "POST /api/Notification/MarkNotificationAsRead", { body: { notificationId: 1 } })).status).toBe(401);
    expect((await call(DeleteNotification, "DELETE /api/Notification/DeleteNotification", { body: { notificationId: 1 } })).status).toBe(401);
  });

  it("every signed-in role reads and marks its own; only the allowed roles send, the others get 403 and nothing is written", async () => {
    for (const role of ROLES) {
      const token = people[role].token;
      for (const [key, route] of own) expect((await call(route, key, { token, body: key.startsWith("POST") ? {} : undefined })).status, `${role} ${key}`).toBe(200);
      const [mine] = await seed(people[role].id, [{ message: `for ${role}` }]);
      expect((await call(MarkNotificationAsRead, "POST /api/Notification/MarkNotificationAsRead", { token, body: { notificationId: mine } })).status).toBe(200);
      expect((await call(DeleteNotification, "DELETE /api/Notification/DeleteNotification", { token, body: { notificationId: mine } })).status).toBe(200);
    }
    const before = (await db.select({ id: notifications.id }).from(notifications)).length;
    const audits = (await db.select({ id: auditLog.id }).from(auditLog)).length;
    for (const [key, route, allowed] of sends) {
      for (const role of ROLES) {
        if ((allowed as readonly string[]).includes(role)) continue;
        const res = await call(route, key, { token: people[role].token, body: { userId: people.reader.id, message: "Hi", type: 1 } });
        expect(res.status, `${role} ${key}`).toBe(403);
      }
    }
    expect((await db.select({ id: notifications.id }).from(notifications)).length).toBe(before);
    expect((await db.select({ id: auditLog.id }).from(auditLog)).length).toBe(audits);
  });
});

describe("PaginatedNotification", () => {
  it("lists the caller's own, newest first, in the paged shape, with links", async () => {
    await clear(people.reader.id, people.writer.id);
    const t0 = Date.now() - 60_000;
    await seed(people.reader.id, Array.from({ length: 23 }, (_, i) => ({ message: `Note ${i}`, createdAt: new Date(t0 + i * 1000), isRead: i % 2 === 0, link: i === 22 ? "/discovery/manga/5" : undefined })));
    await seed(people.writer.id, [{ message: "Not the reader's" }]);
    const first = await call(PaginatedNotification, "GET /api/Notification/PaginatedNotification", { token: people.reader.token });
    expect(first.status).toBe(200);
    const page = first.body.data as Page;
    expect(page).toMatchObject({ pageNumber: 1, pageSize: 10, totalPages: 3, totalRecords: 23, totalDisplayRecords: 23, hasPreviousPage: false, hasNextPage: true });
    expect(page.items.map((i) => i.message)).toEqual(Array.from({ length: 10 }, (_, i) => `Note ${22 - i}`));
    expect(page.items[0]).toEqual({ id: expect.any(Number), message: "Note 22", type: 1, isRead: true, createdAt: expect.any(String), link: "/discovery/manga/5", lang: null });
    expect(page.items[1]!.link).toBeNull();

    const last = (await call(PaginatedNotification, "GET /api/Notification/PaginatedNotification", { token: people.reader.token, query: "page=3&pagesize=10" })).body.data as Page;
    expect(last.items.map((i) => i.message)).toEqual(["Note 2", "Note 1", "Note 0"]);
    expect(last).toMatchObject({ pageNumber: 3, hasPreviousPage: true, hasNextPage: false });
    const beyond = (await call(PaginatedNotification, "GET /api/Notification/PaginatedNotification", { token: people.reader.token, query: "Page=9" })).body.data as Page;
    expect(beyond.items).toEqual([]);

    const unread = (await call(PaginatedNotification, "GET /api/Notification/PaginatedNotification", { token: people.reader.token, query: "IsRead=false&PageSize=100" })).body.data as Page;
    expect(unread.totalRecords).toBe(11);
    expect(unread.items.every((i) => !i.isRead)).toBe(true);
    const read = (await call(PaginatedNotification, "GET /api/Notification/PaginatedNotification", { token: people.reader.token, query: "isRead=true&PageSize=100" })).body.data as Page;
    expect(read.totalRecords).toBe(12);
  });

  it("searches the message folded like the catalogue (Arabic variants and marks, case, accents)", async () => {
    await clear(people.arReader.id);
    const send = (message: string) => call(SendNotificationToUser, "POST /api/Notification/SendNotificationToUser", { token: people.root.token, body: { userId: people.arReader.id, message, type: 1 } });
    await send("تمت إضافةُ فصلٍ جديد إلى «المدرسة»");
    await send("Café CLOSED for maintenance");
    await send("Nothing to see");
    await seed(people.arReader.id, [{ message: "Seeded Without Folded Text" }]);
    const search = async (term: string) =>
      ((await call(PaginatedNotification, "GET /api/Notification/PaginatedNotification", { token: people.arReader.token, query: `SearchTerm=${encodeURIComponent(term)}` })).body.data as Page).items.map((i) => i.message);
    expect(await search("اضافه")).toEqual(["تمت إضافةُ فصلٍ جديد إلى «المدرسة»"]);
    expect(await search("  فصل جديد ")).toHaveLength(1);
    expect(await search("cafe closed")).toEqual(["Café CLOSED for maintenance"]);
    expect(await search("without folded")).toEqual(["Seeded Without Folded Text"]);
    expect(await search("%")).toEqual([]);
    expect(await search("")).toHaveLength(4);
  });

  it("refuses bad paging with 422 and never a 500", async () => {
    for (const query of ["PageSize=101", "PageSize=0", "Page=0", "Page=abc", "IsRead=maybe", "Page=1&Page=2"]) {
      const res = await call(PaginatedNotification, "GET /api/Notification/PaginatedNotification", { token: people.reader.token, query });
      expect(res.status, query).toBe(422);
    }
    expect((await call(PaginatedNotification, "GET /api/Notification/PaginatedNotification", { token: people.reader.token, query: "PageSize=100" })).status).toBe(200);
  });
});

describe("reading, deleting and counting", () => {
  it("GetUnreadNotificationCount answers the number; MarkNotificationAsRead and MarkAllNotificationsAsRead lower it", async () => {
    await clear(people.staff.id);
    const ids = await seed(people.staff.id, [{ message: "a" }, { message: "b" }, { message: "c", isRead: true }, { message: "d" }]);
    const count = async () => (await call(GetUnreadNotificationCount, "GET /api/Notification/GetUnreadNotificationCount", { token: people.staff.token })).body.data;
    expect(await count()).toBe(3);
    const marked = await call(MarkNotificationAsRead, "POST /api/Notification/MarkNotificationAsRead", { token: people.staff.token, body: { NotificationId: ids[0] } });
    expect(marked.status).toBe(200);
    expect(marked.body.data).toMatchObject({ id: ids[0], isRead: true, message: "a", link: null });
    expect(await count()).toBe(2);
    // Again is fine.
    expect((await call(MarkNotificationAsRead, "POST /api/Notification/MarkNotificationAsRead", { token: people.staff.token, body: { notificationId: String(ids[0]) } })).status).toBe(200);
    const all = await call(MarkAllNotificationsAsRead, "POST /api/Notification/MarkAllNotificationsAsRead", { token: people.staff.token });
    expect(all.body.data).toEqual({ updated: 2 });
    expect(await count()).toBe(0);
    expect((await inbox(people.staff.id)).every((n) => n.isRead)).toBe(true);
  });

  it("someone else's notification is a 404 like a missing one, and nothing changes", async () => {
    await clear(people.writer.id);
    const [theirs] = await seed(people.writer.id, [{ message: "writer's own" }]);
    const before = await inbox(people.writer.id);
    const asReader = { token: people.reader.token, headers: { "x-locale": "ar" } };
    const read = await call(MarkNotificationAsRead, "POST /api/Notification/MarkNotificationAsRead", { ...asReader, body: { notificationId: theirs } });
    expect(read.status).toBe(404);
    expect(read.body.message).toBe(apiMessage("ar", "notificationNotFound"));
    expect((await call(DeleteNotification, "DELETE /api/Notification/DeleteNotification", { ...asReader, body: { notificationId: theirs } })).status).toBe(404);
    expect((await call(DeleteNotification, "DELETE /api/Notification/DeleteNotification", { ...asReader, query: `notificationId=${theirs}` })).status).toBe(404);
    expect((await call(MarkNotificationAsRead, "POST /api/Notification/MarkNotificationAsRead", { ...asReader, body: { notificationId: 2_000_000_000 } })).status).toBe(404);
    expect(await inbox(people.writer.id)).toEqual(before);
  });

  it("DeleteNotification takes the id in the body or the query; bad ids are 422", async () => {
    await clear(people.admin.id);
    const [a, b] = await seed(people.admin.id, [{ message: "one" }, { message: "two" }]);
    const byBody = await call(DeleteNotification, "DELETE /api/Notification/DeleteNotification", { token: people.admin.token, body: { notificationId: a } });
    expect(byBody).toMatchObject({ status: 200, body: { data: { notificationId: a } } });
    const byQuery = await call(DeleteNotification, "DELETE /api/Notification/DeleteNotification", { token: people.admin.token, query: `notificationId=${b}` });
    expect(byQuery).toMatchObject({ status: 200, body: { data: { notificationId: b } } });
    expect(await inbox(people.admin.id)).toEqual([]);
    for (const bad of [undefined, "abc", -1, 0, 1.5, true, "", 9_999_999_999]) {
      const res = await call(DeleteNotification, "DELETE /api/Notification/DeleteNotification", { token: people.admin.token, body: { notificationId: bad } });
      expect(res.status, String(bad)).toBe(422);
      expect((res.body.data as Errors).errors.notificationId).toEqual([apiMessage("en", "notificationIdInvalid")]);
    }
    expect((await call(MarkNotificationAsRead, "POST /api/Notification/MarkNotificationAsRead", { token: people.admin.token, body: { notificationId: "x" } })).status).toBe(422);
  });
});

describe("sending", () => {
  it("SendNotificationToUser stores the message as written (trimmed), audits it in the same transaction and pushes it live", async () => {
    await clear(people.reader.id);
    received.length = 0;
    const res = await call(SendNotificationToUser, "POST /api/Notification/SendNotificationToUser", {
      token: people.root.token,
      body: { userId: people.reader.id, message: "  Welcome aboard  ", type: 2 },
    });
    expect(res.status).toBe(200);
    const item = res.body.data as Item;
    expect(item).toEqual({ id: expect.any(Number), message: "Welcome aboard", type: 2, isRead: false, createdAt: expect.any(String), link: null, lang: "en" });
    expect((await inbox(people.reader.id)).map((n) => n.message)).toEqual(["Welcome aboard"]);
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.action, "notification.user"), eq(auditLog.targetId, String(people.reader.id))));
    expect(entry).toMatchObject({ actorId: people.root.id, targetType: "user", details: { notificationId: item.id, type: 2, message: "Welcome aboard" } });
    await expect.poll(() => received).toEqual([item]);
  });

  it("SendNotificationToUser to an unknown user is a 404 and writes nothing", async () => {
    const audits = (await db.select({ id: auditLog.id }).from(auditLog)).length;
    const res = await call(SendNotificationToUser, "POST /api/Notification/SendNotificationToUser", { token: people.root.token, body: { userId: 2_000_000_000, message: "Hi", type: 1 } });
    expect(res.status).toBe(404);
    expect((await db.select({ id: auditLog.id }).from(auditLog)).length).toBe(audits);
  });

  it("bad type or message length is a 422 with field errors in the request's language, and nothing is written", async () => {
    const count = async () => (await db.select({ id: notifications.id }).from(notifications)).length;
    const before = await count();
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ message: "Hi", type: 0 }, ["type"]],
      [{ message: "Hi", type: 5 }, ["type"]],
      [{ message: "Hi", type: "x" }, ["type"]],
      [{ message: "Hi", type: 2.5 }, ["type"]],
      [{ message: "Hi" }, ["type"]],
      [{ message: "", type: 1 }, ["message"]],
      [{ message: "    ", type: 1 }, ["message"]],
      [{ message: "x".repeat(1001), type: 1 }, ["message"]],
      [{ message: 42, type: 1 }, ["message"]],
      [{}, ["message", "type"]],
    ];
    for (const [key, route] of [["POST /api/Notification/SendGlobalNotification", SendGlobalNotification], ["POST /api/Notification/SendNotificationToAdmin", SendNotificationToAdmin]] as const) {
      for (const [body, fields] of cases) {
        const res = await call(route, key, { token: people.root.token, body });
        expect(res.status, `${key} ${JSON.stringify(body).slice(0, 40)}`).toBe(422);
        expect(Object.keys((res.body.data as Errors).errors).sort()).toEqual(fields);
      }
    }
    const ar = await call(SendNotificationToUser, "POST /api/Notification/SendNotificationToUser", {
      token: people.root.token,
      headers: { "x-locale": "ar" },
      body: { userId: "me", message: "x".repeat(1001), type: 9 },
    });
    expect(ar.status).toBe(422);
    expect((ar.body.data as Errors).errors).toEqual({
      userId: [apiMessage("ar", "notificationUserInvalid")],
      message: [apiMessage("ar", "notificationMessageTooLong", { max: 1000 })],
      type: [apiMessage("ar", "notificationTypeInvalid")],
    });
    expect(await count()).toBe(before);
    // 1,000 characters (counted as characters, not UTF-16 units) is the most allowed.
    const ok = await call(SendNotificationToUser, "POST /api/Notification/SendNotificationToUser", { token: people.root.token, body: { userId: people.writer.id, message: "😀".repeat(1000), type: "3" } });
    expect(ok.status).toBe(200);
    expect((await call(SendNotificationToUser, "POST /api/Notification/SendNotificationToUser", { token: people.root.token, raw: "{nope", headers: { "content-type": "application/json" } })).status).toBe(400);
  });

  it("SendGlobalNotification fans out to every account in one statement, audited, and pushed live", async () => {
    received.length = 0;
    const everyone = await db.select({ id: users.id }).from(users);
    const res = await call(SendGlobalNotification, "POST /api/Notification/SendGlobalNotification", { token: people.root.token, body: { message: "Maintenance tonight", type: 3 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ recipients: everyone.length });
    const rows = await db.select({ userId: notifications.userId, link: notifications.link }).from(notifications).where(eq(notifications.message, "Maintenance tonight"));
    expect(rows.map((r) => r.userId).sort((a, b) => a - b)).toEqual(everyone.map((u) => u.id).sort((a, b) => a - b));
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "notification.global"));
    expect(entry).toMatchObject({ actorId: people.root.id, details: { message: "Maintenance tonight", type: 3, recipients: everyone.length } });
    await expect.poll(() => received).toEqual([expect.objectContaining({ message: "Maintenance tonight", type: 3, isRead: false, link: null })]);
  });

  it("SendNotificationToAdmin is limited per sender like Report/Submit (429 past the hour's limit, nothing sent); root is not", async () => {
    await clear(people.root.id, people.root2.id);
    const url = "POST /api/Notification/SendNotificationToAdmin";
    const key = rateKey(ADMIN_MESSAGE_RATE_RULE, String(people.writer.id));
    // Up to the limit the writer's messages go through; the one past it is refused before any is stored.
    await db.insert(rateLimits).values({ key, windowStart: new Date(), count: ADMIN_MESSAGE_RATE_RULE.limit - 1 })
      .onConflictDoUpdate({ target: rateLimits.key, set: { windowStart: new Date(), count: ADMIN_MESSAGE_RATE_RULE.limit - 1 } });
    expect((await call(SendNotificationToAdmin, url, { token: people.writer.token, body: { message: "last one", type: 1 } })).status).toBe(200);
    const refused = await call(SendNotificationToAdmin, url, { token: people.writer.token, headers: { "x-locale": "ar" }, body: { message: "x".repeat(900), type: 1 } });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(apiMessage("ar", "tooManyRequests"));
    expect((await inbox(people.root.id)).map((n) => n.message)).toEqual(["@notif_writer: last one"]);
    // Root is never limited here (root accounts are not self-service).
    await db.insert(rateLimits).values({ key: rateKey(ADMIN_MESSAGE_RATE_RULE, String(people.root.id)), windowStart: new Date(), count: 1000 });
    expect((await call(SendNotificationToAdmin, url, { token: people.root.token, body: { message: "root says", type: 1 } })).status).toBe(200);
    await db.delete(rateLimits).where(inArray(rateLimits.key, [key, rateKey(ADMIN_MESSAGE_RATE_RULE, String(people.root.id))]));
    await db.delete(auditLog).where(eq(auditLog.action, "notification.admin"));
    await clear(people.root.id, people.root2.id);
  });

  it("SendNotificationToAdmin reaches every root but banned ones and the sender, names the sender, and audits only root's", async () => {
    await clear(people.root.id, people.root2.id, people.bannedRoot.id);
    const audits = async () => (await db.select().from(auditLog).where(eq(auditLog.action, "notification.admin"))).length;
    const fromWriter = await call(SendNotificationToAdmin, "POST /api/Notification/SendNotificationToAdmin", { token: people.writer.token, body: { message: "Please review my manga", type: 1 } });
    expect(fromWriter).toMatchObject({ status: 200, body: { data: { recipients: 2 } } });
    for (const root of [people.root, people.root2]) expect((await inbox(root.id)).map((n) => n.message)).toEqual(["@notif_writer: Please review my manga"]);
    expect(await inbox(people.bannedRoot.id)).toEqual([]);
    expect(await audits()).toBe(0);
    const fromRoot = await call(SendNotificationToAdmin, "POST /api/Notification/SendNotificationToAdmin", { token: people.root.token, body: { message: "Heads up", type: 4 } });
    expect(fromRoot).toMatchObject({ status: 200, body: { data: { recipients: 1 } } });
    expect((await inbox(people.root2.id)).map((n) => n.message)).toEqual(["@notif_writer: Please review my manga", "@notif_root: Heads up"]);
    expect(await audits()).toBe(1);
  });
});
