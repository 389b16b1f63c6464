import { and, asc, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import {
  auditLog, chapters, emailOutbox, favorites, manga, notificationPreferences, notifications, readingProgress, refreshTokens,
  subscriptions, transactions, users,
} from "@/db/schema";
import { Role } from "@/lib/enums";
import { GET as PaginatedUser } from "@/app/api/User/PaginatedUser/route";
import { POST as CreateUser } from "@/app/api/User/CreateUser/route";
import { PUT as UpdateUser } from "@/app/api/User/UpdateUser/route";
import { DELETE as DeleteUser } from "@/app/api/User/DeleteUser/route";
import { GET as Me } from "@/app/api/Authentication/Me/route";
import { issueTokens } from "@/server/auth/issue-tokens";
import { login } from "@/server/auth/login";
import { refreshTokens as refresh } from "@/server/auth/refresh-tokens";
import { createTestUser } from "@/server/auth/testing";
import { apiMessage } from "@/server/core/messages";
import type { RouteHandler } from "@/server/http/route";
import { jsonRequest, noParams, tokenFor } from "@/server/http/test-helpers";
import { getMangaById } from "@/server/manga/get-manga";
import type { UserRow } from "@/lib/validation/users";
import { accountStanding } from "@/server/auth/account-standing";
import { getBus } from "@/server/core/bus";
import { deleteUser } from "./delete-user";
import { listUsers } from "./list-users";
import { updateUser } from "./update-user";

/** The /api/User calls through their route handlers on the file's own database (PGlite, or Postgres with TEST_DATABASE_URL). */
type Body = { statusCode: number; message: string; data: Record<string, unknown> & { errors?: Record<string, string[]>; code?: string; field?: string } };
async function call(route: RouteHandler, key: string, opts: Parameters<typeof jsonRequest>[1] = {}): Promise<{ status: number; body: Body }> {
  const res = await route(jsonRequest(key, opts), noParams);
  return { status: res.status, body: (await res.json()) as Body };
}

const PAGINATED = "GET /api/User/PaginatedUser";
const CREATE = "POST /api/User/CreateUser";
const UPDATE = "PUT /api/User/UpdateUser";
const DELETE = "DELETE /api/User/DeleteUser";
const DAY = 86_400_000;

let db: Awaited<ReturnType<typeof getDb>>;
let root: { id: number; token: string };
let seq = 0;

async function person(role: Role, extra: Partial<typeof users.$inferInsert> = {}) {
  const u = await createTestUser(db, { role, ...extra });
  return { ...u, token: await tokenFor(role, u.id) };
}
const update = (body: Record<string, unknown>, token = root.token) => call(UpdateUser, UPDATE, { token, body });
const row = async (id: number) => (await db.select().from(users).where(eq(users.id, id)))[0]!;
const auditsOf = async (id: number) =>
  db.select().from(auditLog).where(and(eq(auditLog.targetType, "user"), eq(auditLog.targetId, String(id)))).orderBy(asc(auditLog.id));
const userCount = async () => (await db.select({ n: count() }).from(users))[0]!.n;
const createBody = (over: Record<string, unknown> = {}) => {
  seq += 1;
  return { fullName: "Created Person", username: `created${seq}`, email: `created${seq}@example.test`, password: "Secret#123", confirmPassword: "Secret#123", role: 1, ...over };
};

/** What closeUserSockets published (every process's socket closer hears the same). */
const socketCloses: Array<{ userId: number; code: number }> = [];
async function closedSockets(userId: number): Promise<Array<{ userId: number; code: number }>> {
  for (let i = 0; i < 100 && !socketCloses.some((m) => m.userId === userId); i++) await new Promise((r) => setTimeout(r, 20));
  return socketCloses.filter((m) => m.userId === userId);
}

beforeAll(async () => {
  db = await getDb();
  root = await person(Role.root);
  (await getBus()).subscribe("manga_sockets", (payload) => socketCloses.push(JSON.parse(payload) as { userId: number; code: number }));
});

describe("who may call what", () => {
  const audiences = ["visitor", "reader", "writer", "staff", "admin", "root"] as const;
  const roleOf = { reader: Role.reader, writer: Role.writer, staff: Role.staff, admin: Role.admin, root: Role.root } as const;
  const routes: Array<[string, RouteHandler, () => Parameters<typeof jsonRequest>[1]]> = [
    [PAGINATED, PaginatedUser, () => ({ query: "pageSize=1" })],
    [CREATE, CreateUser, () => ({ body: createBody() })],
    [UPDATE, UpdateUser, () => ({ body: { id: root.id } })],
    [DELETE, DeleteUser, () => ({ body: { userId: 2_000_000_000 } })],
  ];
  for (const [key, route, opts] of routes) {
    it(`${key}: 401 visitor, 403 reader/writer/staff/admin, allowed for root`, async () => {
      for (const audience of audiences) {
        const token = audience === "visitor" ? undefined : audience === "root" ? root.token : (await person(roleOf[audience])).token;
        const before = await userCount();
        const { status } = await call(route, key, { ...opts(), token });
        const expected = audience === "visitor" ? 401 : audience === "root" ? (key === DELETE ? 404 : 200) : 403;
        expect(status, `${key} as ${audience}`).toBe(expected);
        if (audience !== "root") expect(await userCount(), "a refused call creates nothing").toBe(before);
      }
    });
  }
});

describe("PaginatedUser", () => {
  it("answers the paged rows and 422 for values it cannot read, in the request's language", async () => {
    const target = await person(Role.writer, { fullName: "أحمد علي" });
    await db.update(users).set({ searchText: "placeholder" }).where(eq(users.id, target.id));
    await update({ id: target.id, fullName: "أحمد علي" + " " }); // unchanged after trim: keeps the stale text
    await update({ id: target.id, fullName: "أحمد عليّ" }); // a real change stores the folded text
    const ok = await call(PaginatedUser, PAGINATED, { token: root.token, query: `searchTerm=${encodeURIComponent("احمد علي")}&Filters.Role=1&filters.role=writer&pageSize=5` });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ pageNumber: 1, pageSize: 5, totalRecords: 1 });
    expect((ok.body.data.items as UserRow[])[0]!.id).toBe(target.id);
    for (const query of ["Filters.Role=7", "userSortBy=height", "sortDirection=sideways", "page=abc"]) {
      const bad = await call(PaginatedUser, PAGINATED, { token: root.token, query, headers: { "x-locale": "ar" } });
      expect(bad.status, query).toBe(422);
      expect(Object.keys(bad.body.data.errors ?? {})).toHaveLength(1);
    }
    const role = await call(PaginatedUser, PAGINATED, { token: root.token, query: "Filters.Role=7", headers: { "x-locale": "ar" } });
    expect(role.body.data.errors).toEqual({ "Filters.Role": [apiMessage("ar", "userRoleInvalid")] });
  });

  it("is the same data the page's listUsers gives", async () => {
    const viaApi = await call(PaginatedUser, PAGINATED, { token: root.token, query: "userSortBy=1&sortDirection=0&pageSize=7" });
    const direct = await listUsers({ db, userSortBy: 1, sortDirection: "asc", pageSize: 7 });
    expect((viaApi.body.data.items as UserRow[]).map((u) => u.id)).toEqual(direct.items.map((u) => u.id));
  });
});

describe("CreateUser", () => {
  it("creates a verified account of any role, sends no mail, answers the row and audits it", async () => {
    const body = createBody({ role: Role.admin, fullName: "Zainab Créée", dateOfBirth: "05/11/1999" });
    const mailsBefore = (await db.select({ n: count() }).from(emailOutbox))[0]!.n;
    const res = await call(CreateUser, CREATE, { token: root.token, body });
    expect(res.status).toBe(200);
    const created = res.body.data as unknown as UserRow;
    expect(created).toMatchObject({ username: body.username, email: body.email, fullName: "Zainab Créée", role: Role.admin, emailVerified: true, isBanned: false, balance: 0 });
    expect(JSON.stringify(created)).not.toMatch(/hash|Secret#123/i);
    expect((await db.select({ n: count() }).from(emailOutbox))[0]!.n).toBe(mailsBefore);
    const stored = await row(created.id);
    expect(stored).toMatchObject({ mustSelectRole: false, dateOfBirth: "1999-11-05", searchText: `${body.username} zainab creee ${body.email}` });
    const [entry] = await auditsOf(created.id);
    expect(entry).toMatchObject({ actorId: root.id, action: "user.create" });
    expect(JSON.stringify(entry!.details)).not.toContain("Secret#123");
    const signedIn = await login({ db, username: body.username, password: "Secret#123" });
    expect(signedIn.user.role).toBe(Role.admin);
  });

  it("409 on the taken field, case-insensitively", async () => {
    const first = createBody();
    expect((await call(CreateUser, CREATE, { token: root.token, body: first })).status).toBe(200);
    const sameName = await call(CreateUser, CREATE, { token: root.token, body: createBody({ username: first.username.toUpperCase() }) });
    expect(sameName.status).toBe(409);
    expect(sameName.body.data).toMatchObject({ code: "usernameTaken", field: "username", errors: { username: [apiMessage("en", "usernameTaken")] } });
    const sameMail = await call(CreateUser, CREATE, { token: root.token, body: createBody({ email: first.email.toUpperCase() }) });
    expect(sameMail.status).toBe(409);
    expect(sameMail.body.data).toMatchObject({ code: "emailTaken", field: "email", errors: { email: [apiMessage("en", "emailTaken")] } });
  });

  it("422 for bad input, and nothing is created", async () => {
    const before = await userCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ role: 7 }, "role"],
      [{ role: "4" }, "role"],
      [{ fullName: "x".repeat(5000) }, "fullName"],
      [{ fullName: "Tab\there" }, "fullName"],
      [{ username: "new\nline" }, "username"],
      [{ email: "not-an-address" }, "email"],
      [{ password: "short" }, "password"],
      [{ confirmPassword: "Other#123" }, "confirmPassword"],
      [{ fullName: 42 }, "fullName"],
      [{ dateOfBirth: "1999-11-05" }, "dateOfBirth"],
    ];
    for (const [over, field] of cases) {
      const res = await call(CreateUser, CREATE, { token: root.token, body: createBody(over) });
      expect(res.status, JSON.stringify(over).slice(0, 60)).toBe(422);
      expect(Object.keys(res.body.data.errors ?? {}), JSON.stringify(over).slice(0, 60)).toContain(field);
    }
    const broken = await call(CreateUser, CREATE, { token: root.token, raw: "{not json", headers: { "content-type": "application/json" } });
    expect(broken.status).toBe(400);
    expect(await userCount()).toBe(before);
  });
});

describe("UpdateUser", () => {
  it("changes name, username and e-mail (search text follows), 409 on a taken one, audited with before/after", async () => {
    const target = await person(Role.reader);
    const other = await person(Role.reader);
    const res = await update({ id: target.id, fullName: "Nour Élise", username: "nour_elise", email: "Nour@Example.test" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: target.id, fullName: "Nour Élise", username: "nour_elise", email: "Nour@Example.test" });
    expect((await row(target.id)).searchText).toBe("nour_elise nour elise nour@example.test");
    expect((await listUsers({ db, searchTerm: "NOUR ELISE" })).items.map((u) => u.id)).toEqual([target.id]);
    const [entry] = await auditsOf(target.id);
    expect(entry).toMatchObject({ action: "user.update", actorId: root.id });
    expect(entry!.details).toEqual({
      before: { fullName: expect.any(String), username: target.username, email: target.email },
      after: { fullName: "Nour Élise", username: "nour_elise", email: "Nour@Example.test" },
    });
    const taken = await update({ id: other.id, username: "NOUR_ELISE" });
    expect(taken.status).toBe(409);
    expect(taken.body.data.field).toBe("username");
    const takenMail = await update({ id: other.id, email: "nour@example.TEST" });
    expect(takenMail.status).toBe(409);
    expect(takenMail.body.data.field).toBe("email");
    // Their own name in other letter case is no conflict.
    expect((await update({ id: target.id, username: "Nour_Elise" })).status).toBe(200);
  });

  it("a call that changes nothing writes nothing", async () => {
    const target = await person(Role.reader);
    const current = await row(target.id);
    const res = await update({ id: target.id, fullName: current.fullName, role: Role.reader, isBanned: false, trusted: false });
    expect(res.status).toBe(200);
    expect(await auditsOf(target.id)).toHaveLength(0);
  });

  it("role change: revokes refresh tokens, refuses the old access token's next call, audited", async () => {
    const target = await person(Role.writer);
    const tokens = await issueTokens({ db, userId: target.id, role: Role.writer });
    expect((await call(Me, "GET /api/Authentication/Me", { token: tokens.accessToken })).status).toBe(200);
    const res = await update({ id: target.id, role: Role.staff });
    expect(res.status).toBe(200);
    // The access token still says writer: refused from the next call on.
    const next = await call(Me, "GET /api/Authentication/Me", { token: tokens.accessToken });
    expect([next.status, next.body.data.code]).toEqual([401, "invalidToken"]);
    expect((res.body.data as unknown as UserRow).role).toBe(Role.staff);
    expect((await db.select().from(refreshTokens).where(eq(refreshTokens.userId, target.id)))[0]!.revokedAt).not.toBeNull();
    await expect(refresh({ db, refreshToken: tokens.refreshToken })).rejects.toMatchObject({ httpStatus: 401 });
    expect(await closedSockets(target.id)).toEqual([expect.objectContaining({ userId: target.id, code: 1008 })]);
    const entries = await auditsOf(target.id);
    expect(entries.map((e) => [e.action, e.details])).toEqual([["user.role", { before: { role: Role.writer }, after: { role: Role.staff } }]]);
  });

  it("ban: refresh tokens revoked, the still-valid access token refused on the next API call and page, login refused; unban restores", async () => {
    const target = await createTestUser(db, { role: Role.reader });
    const tokens = await issueTokens({ db, userId: target.id, role: Role.reader });
    expect((await call(Me, "GET /api/Authentication/Me", { token: tokens.accessToken })).status).toBe(200);
    const res = await update({ id: target.id, isBanned: true });
    expect(res.status).toBe(200);
    expect((res.body.data as unknown as UserRow).isBanned).toBe(true);
    const next = await call(Me, "GET /api/Authentication/Me", { token: tokens.accessToken });
    expect(next.status).toBe(401);
    expect(next.body.data.code).toBe("accountBanned");
    // Any route, not only the ones that read the account.
    expect((await call(PaginatedUser, PAGINATED, { token: tokens.accessToken })).status).toBe(401);
    expect((await accountStanding(target.id)).standing).toBe("banned");
    expect(await closedSockets(target.id)).toEqual([expect.objectContaining({ userId: target.id, code: 1008 })]);
    await expect(refresh({ db, refreshToken: tokens.refreshToken })).rejects.toMatchObject({ httpStatus: 401 });
    await expect(login({ db, username: target.username, password: target.password })).rejects.toMatchObject({ httpStatus: 403 });
    expect((await auditsOf(target.id)).map((e) => [e.action, e.details])).toEqual([["user.ban", { before: { isBanned: false }, after: { isBanned: true } }]]);
    expect((await update({ id: target.id, isBanned: false })).status).toBe(200);
    expect((await accountStanding(target.id)).standing).toBe("ok");
    expect((await login({ db, username: target.username, password: target.password })).user.id).toBe(target.id);
  });

  it("e-mail verification, unlock and trusted (writers only)", async () => {
    const writer = await person(Role.writer, { emailVerified: false, failedLoginAttempts: 5, lockedUntil: new Date(Date.now() + 60 * 60_000) });
    const verified = await update({ id: writer.id, emailVerified: true });
    expect((verified.body.data as unknown as UserRow).emailVerified).toBe(true);
    expect((await row(writer.id)).emailVerifiedAt).not.toBeNull();
    const locked = (verified.body.data as unknown as UserRow);
    expect(locked).toMatchObject({ isLocked: true, failedLoginAttempts: 5 });
    const unlocked = await update({ id: writer.id, unlock: true });
    expect(unlocked.body.data).toMatchObject({ isLocked: false, failedLoginAttempts: 0 });
    expect((await row(writer.id)).lockedUntil).toBeNull();
    const trusted = await update({ id: writer.id, trusted: true });
    expect(trusted.body.data).toMatchObject({ trusted: true });
    expect((await auditsOf(writer.id)).map((e) => e.action)).toEqual(["user.verify", "user.unlock", "user.trust"]);
    // Leaving the writer role ends the trust; a reader cannot be trusted.
    const demoted = await update({ id: writer.id, role: Role.reader });
    expect(demoted.body.data).toMatchObject({ role: Role.reader, trusted: false });
    const refused = await update({ id: writer.id, trusted: true });
    expect(refused.status).toBe(422);
    expect(refused.body.data.errors).toHaveProperty("trusted");
    expect((await row(writer.id)).trusted).toBe(false);
  });

  it("subscription: grant, extend, switch plan, end — each with a transactions row and an audit row", async () => {
    const target = await person(Role.reader);
    const granted = await update({ id: target.id, subscription: { type: 0, durationDays: 30 } });
    expect(granted.status).toBe(200);
    expect((granted.body.data as unknown as UserRow).subscription).toEqual({ type: 0, remainingDays: 30 });
    const extended = await update({ id: target.id, subscription: { type: 0, durationDays: 10 } });
    expect((extended.body.data as unknown as UserRow).subscription).toEqual({ type: 0, remainingDays: 40 });
    const switched = await update({ id: target.id, subscription: { type: 1, durationDays: 7 } });
    expect((switched.body.data as unknown as UserRow).subscription).toEqual({ type: 1, remainingDays: 7 });
    const ended = await update({ id: target.id, subscription: null });
    expect((ended.body.data as unknown as UserRow).subscription).toBeNull();
    expect((ended.body.data as unknown as UserRow).transactions).toEqual({ count: 5, total: 0 });
    const subs = await db.select().from(subscriptions).where(eq(subscriptions.userId, target.id)).orderBy(asc(subscriptions.id));
    expect(subs.map((s) => [s.plan, s.durationDays, s.cancelledAt !== null])).toEqual([[0, 40, true], [1, 7, true]]);
    const tx = await db.select().from(transactions).where(eq(transactions.userId, target.id)).orderBy(asc(transactions.id));
    expect(tx.map((t) => [t.method, t.referenceId, Number(t.amount), t.status])).toEqual([
      ["grant", `sub:${subs[0]!.id}`, 0, 1],
      ["extend", `sub:${subs[0]!.id}`, 0, 1],
      ["end", `sub:${subs[0]!.id}`, 0, 1],
      ["grant", `sub:${subs[1]!.id}`, 0, 1],
      ["end", `sub:${subs[1]!.id}`, 0, 1],
    ]);
    const actions = (await auditsOf(target.id)).map((e) => e.action);
    expect(actions).toEqual(["user.subscription.grant", "user.subscription.extend", "user.subscription.end", "user.subscription.grant", "user.subscription.end"]);
    const extendEntry = (await auditsOf(target.id))[1]!.details as { before: { endsAt: string }; after: { endsAt: string } };
    expect(Date.parse(extendEntry.after.endsAt) - Date.parse(extendEntry.before.endsAt)).toBe(10 * DAY);
    // Ending when nothing is active changes nothing.
    await update({ id: target.id, subscription: null });
    expect(await auditsOf(target.id)).toHaveLength(5);
  });

  it("422 for bad input, 404 for unknown ids, and nothing changes", async () => {
    const target = await person(Role.reader);
    const before = await row(target.id);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ role: 7 }, "role"],
      [{ fullName: "x".repeat(5000) }, "fullName"],
      [{ fullName: "bell\u0007" }, "fullName"],
      [{ isBanned: "yes" }, "isBanned"],
      [{ emailVerified: 1 }, "emailVerified"],
      [{ subscription: { type: 2, durationDays: 10 } }, "subscription.type"],
      [{ subscription: { type: 0, durationDays: 0 } }, "subscription.durationDays"],
      [{ subscription: { type: 0, durationDays: 3651 } }, "subscription.durationDays"],
      [{ subscription: "forever" }, "subscription"],
      [{ email: "nope" }, "email"],
    ];
    for (const [over, field] of cases) {
      // A valid change rides along: it must not be applied either.
      const res = await update({ id: target.id, username: "should_not_apply", ...over });
      expect(res.status, JSON.stringify(over).slice(0, 60)).toBe(422);
      expect(Object.keys(res.body.data.errors ?? {})).toContain(field);
    }
    expect((await update({ id: "abc" })).status).toBe(422);
    expect((await update({})).status).toBe(422);
    expect(await row(target.id)).toEqual(before);
    expect(await auditsOf(target.id)).toHaveLength(0);
    const unknown = await update({ id: 2_000_000_000, isBanned: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body.data.code).toBe("userNotFound");
  });
});

describe("invariants around roots", () => {
  it("root cannot ban, demote or delete themselves (403), and nothing changes", async () => {
    const me = await person(Role.root);
    for (const res of [await update({ id: me.id, isBanned: true }, me.token), await update({ id: me.id, role: Role.admin }, me.token), await call(DeleteUser, DELETE, { token: me.token, body: { userId: me.id } })]) {
      expect(res.status).toBe(403);
      expect(res.body.data.code).toBe("cannotChangeOwnAccount");
      expect(res.body.message).toBe(apiMessage("en", "cannotChangeOwnAccount"));
    }
    expect(await row(me.id)).toMatchObject({ role: Role.root, banned: false, deletedAt: null });
    // Their own name is theirs to change.
    expect((await update({ id: me.id, fullName: "Root Renamed" }, me.token)).status).toBe(200);
  });

  it("another root can be demoted while a root remains; a demoted root's old token is refused at once", async () => {
    const a = await person(Role.root);
    const b = await person(Role.root);
    expect((await update({ id: b.id, role: Role.admin }, a.token)).status).toBe(200);
    // b's token still says root: refused on the next call, before any use case runs.
    const stale = await update({ id: a.id, role: Role.admin }, b.token);
    expect([stale.status, stale.body.data.code]).toEqual([401, "invalidToken"]);
    expect((await row(a.id)).role).toBe(Role.root);
    expect((await update({ id: b.id, role: Role.root }, a.token)).status).toBe(200);
  });

  it("the last root that can act cannot be demoted, banned or deleted (422), whoever asks", async () => {
    // Through the routes the caller is a root that can act, so a second one always exists: the guard matters for two
    // roots removing each other at once. Here the use cases are called as a root whose role was already taken away.
    const a = await person(Role.root);
    const b = await person(Role.root);
    const others = await db.select({ id: users.id }).from(users).where(and(eq(users.role, Role.root), eq(users.banned, false)));
    await db.update(users).set({ role: Role.admin }).where(and(eq(users.role, Role.root), eq(users.banned, false)));
    await db.update(users).set({ role: Role.root }).where(eq(users.id, b.id));
    try {
      const viewer = { userId: a.id, role: Role.root } as const;
      for (const attempt of [
        () => updateUser({ db, viewer, input: { id: b.id, role: Role.admin }, locale: "en" }),
        () => updateUser({ db, viewer, input: { id: b.id, isBanned: true }, locale: "en" }),
        () => deleteUser({ db, viewer, userId: b.id }),
      ]) {
        await expect(attempt()).rejects.toMatchObject({ httpStatus: 422, code: "lastRootProtected", message: apiMessage("en", "lastRootProtected") });
      }
      expect(await row(b.id)).toMatchObject({ role: Role.root, banned: false, deletedAt: null });
      expect(await auditsOf(b.id)).toHaveLength(0);
    } finally {
      for (const { id } of others) await db.update(users).set({ role: Role.root }).where(eq(users.id, id));
    }
  });
});

describe("DeleteUser", () => {
  it("leaves an anonymised tombstone: manga kept without a public author name, transactions kept, the rest removed, login refused", async () => {
    const writer = await createTestUser(db, { role: Role.writer });
    const tokens = await issueTokens({ db, userId: writer.id, role: Role.writer });
    const [own] = await db.insert(manga).values({ title: "Kept Manga", authorId: writer.id, status: 1 }).returning({ id: manga.id });
    const [liked] = await db.insert(manga).values({ title: "Liked Manga", authorId: root.id, status: 1, favorites: 3, popularity: 30 }).returning({ id: manga.id });
    const [chapter] = await db.insert(chapters).values({ mangaId: liked!.id, title: "One", number: 1, status: 1 }).returning({ id: chapters.id });
    await db.insert(favorites).values({ userId: writer.id, mangaId: liked!.id });
    await db.insert(readingProgress).values({ userId: writer.id, chapterId: chapter!.id, mangaId: liked!.id });
    await db.insert(notifications).values({ userId: writer.id, message: "hello" });
    await db.insert(notificationPreferences).values({ userId: writer.id });
    await db.insert(transactions).values({ userId: writer.id, method: "card", amount: "9.99", status: 1, referenceId: "pay-1" });
    await update({ id: writer.id, subscription: { type: 0, durationDays: 30 } });

    const res = await call(DeleteUser, DELETE, { token: root.token, query: `userId=${writer.id}` });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: writer.id });

    expect(await row(writer.id)).toMatchObject({
      username: `deleted-${writer.id}`,
      email: `deleted-${writer.id}@deleted.invalid`,
      fullName: "",
      passwordHash: null,
      banned: true,
      profileImageId: null,
      searchText: null,
      trusted: false,
    });
    expect((await row(writer.id)).deletedAt).not.toBeNull();
    expect(await db.select().from(favorites).where(eq(favorites.userId, writer.id))).toHaveLength(0);
    expect((await db.select().from(manga).where(eq(manga.id, liked!.id)))[0]).toMatchObject({ favorites: 2, popularity: 20 });
    expect(await db.select().from(readingProgress).where(eq(readingProgress.userId, writer.id))).toHaveLength(0);
    expect(await db.select().from(notifications).where(eq(notifications.userId, writer.id))).toHaveLength(0);
    expect(await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, writer.id))).toHaveLength(0);
    expect(await db.select().from(refreshTokens).where(eq(refreshTokens.userId, writer.id))).toHaveLength(0);
    const tx = await db.select().from(transactions).where(eq(transactions.userId, writer.id)).orderBy(asc(transactions.id));
    expect(tx.map((t) => t.method)).toEqual(["card", "grant", "end"]);
    const subs = await db.select().from(subscriptions).where(eq(subscriptions.userId, writer.id));
    expect(subs.every((s) => s.cancelledAt !== null)).toBe(true);

    const kept = await getMangaById({ db, id: own!.id });
    expect(kept).toMatchObject({ title: "Kept Manga", user: { username: null } });
    expect((await listUsers({ db, searchTerm: writer.username })).items).toHaveLength(0);
    expect((await listUsers({ db, searchTerm: `deleted-${writer.id}` })).items).toHaveLength(0);
    expect((await auditsOf(writer.id)).at(-1)).toMatchObject({ action: "user.delete", actorId: root.id });

    await expect(login({ db, username: writer.username, password: writer.password })).rejects.toMatchObject({ httpStatus: 401, messageKey: "invalidCredentials" });
    await expect(login({ db, email: writer.email, password: writer.password })).rejects.toMatchObject({ httpStatus: 401, messageKey: "invalidCredentials" });
    await expect(login({ db, username: `deleted-${writer.id}`, password: writer.password })).rejects.toMatchObject({ httpStatus: 401, messageKey: "invalidCredentials" });
    await expect(refresh({ db, refreshToken: tokens.refreshToken })).rejects.toMatchObject({ httpStatus: 401 });
    expect((await call(Me, "GET /api/Authentication/Me", { token: tokens.accessToken })).status).toBe(401);
    expect(await closedSockets(writer.id)).toEqual([expect.objectContaining({ userId: writer.id, code: 1008 })]);

    // Gone is gone: a second delete or an update is a 404; the old name and address are free again.
    expect((await call(DeleteUser, DELETE, { token: root.token, body: { userId: writer.id } })).status).toBe(404);
    expect((await update({ id: writer.id, isBanned: false })).status).toBe(404);
    expect((await call(CreateUser, CREATE, { token: root.token, body: createBody({ username: writer.username, email: writer.email }) })).status).toBe(200);
  });

  it("422 for a missing or malformed id", async () => {
    expect((await call(DeleteUser, DELETE, { token: root.token, body: {} })).status).toBe(422);
    expect((await call(DeleteUser, DELETE, { token: root.token, body: { userId: "x" } })).status).toBe(422);
  });
});
