import { crc32, deflateSync } from "node:zlib";
import { and, desc, eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/db/client";
import { auditLog, emailOutbox, favorites, follows, manga, notifications, readingProgress, readerSettings, chapters, refreshTokens, transactions, users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { verifyAccessToken } from "@/server/auth/access-token";
import { createTestUser, lastMailTo, type TestUser } from "@/server/auth/testing";
import { validationTranslator } from "@/server/auth/validation";
import { apiMessage } from "@/server/core/messages";
import type { RouteKey } from "@/server/core/access-table";
import type { RouteHandler } from "@/server/http/route";
import { jsonRequest, noParams } from "@/server/http/test-helpers";
import { POST as Login } from "@/app/api/Authentication/Login/route";
import { POST as RefreshToken } from "@/app/api/Authentication/RefreshToken/route";
import { POST as UpdateSelf } from "@/app/api/Authentication/UpdateSelf/route";
import { POST as ChangePassword } from "@/app/api/Authentication/ChangePassword/route";
import { GET as Sessions } from "@/app/api/Authentication/Sessions/route";
import { POST as Revoke } from "@/app/api/Authentication/Sessions/Revoke/route";
import { POST as RevokeOthers } from "@/app/api/Authentication/Sessions/RevokeOthers/route";
import { POST as DeleteMe } from "@/app/api/Authentication/DeleteMe/route";
import { GET as Export } from "@/app/api/Authentication/Me/Export/route";
import { deviceLabel, deviceOf, storedUserAgent } from "./device";

/**
 * Profile management (issue 16): ChangePassword, the sessions list and its sign-outs, DeleteMe, the data export and
 * UpdateSelf's e-mail notice, theme and hostile images — through the routes, on the real database.
 */
const ROUTES = {
  "POST /api/Authentication/Login": Login,
  "POST /api/Authentication/RefreshToken": RefreshToken,
  "POST /api/Authentication/UpdateSelf": UpdateSelf,
  "POST /api/Authentication/ChangePassword": ChangePassword,
  "GET /api/Authentication/Sessions": Sessions,
  "POST /api/Authentication/Sessions/Revoke": Revoke,
  "POST /api/Authentication/Sessions/RevokeOthers": RevokeOthers,
  "POST /api/Authentication/DeleteMe": DeleteMe,
  "GET /api/Authentication/Me/Export": Export,
} satisfies Partial<Record<RouteKey, RouteHandler>>;
type Key = keyof typeof ROUTES;
const MINE: Key[] = [
  "POST /api/Authentication/ChangePassword",
  "GET /api/Authentication/Sessions",
  "POST /api/Authentication/Sessions/Revoke",
  "POST /api/Authentication/Sessions/RevokeOthers",
  "POST /api/Authentication/DeleteMe",
  "GET /api/Authentication/Me/Export",
];

const CHROME_LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

let ipCounter = 0;
const freshIp = () => `10.16.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
type Body = { statusCode: number; message: string; data: any };

async function call(
  key: Key,
  opts: { body?: unknown; raw?: string; token?: string; locale?: "en" | "ar"; ua?: string } = {},
): Promise<{ status: number; body: Body; headers: Headers; text: string }> {
  const headers: Record<string, string> = { "x-forwarded-for": freshIp() };
  if (opts.locale) headers["accept-language"] = opts.locale;
  if (opts.ua) headers["user-agent"] = opts.ua;
  const res = await ROUTES[key](jsonRequest(key, { body: opts.body, raw: opts.raw, token: opts.token, headers }), noParams);
  const text = await res.text();
  let body: Body;
  try {
    body = JSON.parse(text) as Body;
  } catch {
    body = { statusCode: 0, message: "", data: null };
  }
  return { status: res.status, body, headers: res.headers, text };
}

interface SignIn {
  accessToken: string;
  refreshToken: string;
  sid: string;
}

async function signIn(user: TestUser, ua = CHROME_LINUX, password = user.password): Promise<SignIn> {
  const res = await call("POST /api/Authentication/Login", { body: { username: user.username, password }, ua });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { accessToken, refreshToken } = res.body.data as { accessToken: string; refreshToken: string };
  const claims = await verifyAccessToken(accessToken);
  return { accessToken, refreshToken, sid: claims!.sid! };
}

const refreshWorks = async (s: SignIn) => (await call("POST /api/Authentication/RefreshToken", { body: { refreshToken: s.refreshToken } })).status === 200;
const hashOf = async (db: Db, id: number) => (await db.select({ h: users.passwordHash }).from(users).where(eq(users.id, id)))[0]?.h;

function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

let db: Db;
beforeAll(async () => {
  db = await getDb();
});

describe("device labels", () => {
  it("names common browsers and systems and keeps at most 300 clean characters", () => {
    expect(deviceLabel(deviceOf(CHROME_LINUX))).toBe("Chrome on Linux");
    expect(deviceLabel(deviceOf("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36"))).toBe("Chrome on Linux");
    expect(deviceLabel(deviceOf(FIREFOX_WINDOWS))).toBe("Firefox on Windows");
    expect(deviceLabel(deviceOf(SAFARI_IPHONE))).toBe("Safari on iOS");
    expect(deviceLabel(deviceOf("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36 EdgA/131.0"))).toBe("Edge on Android");
    expect(deviceLabel(deviceOf(null))).toBe("Unknown device");
    expect(storedUserAgent(`a\u0000b${"x".repeat(400)}`)).toHaveLength(300);
    expect(storedUserAgent("  ")).toBeNull();
  });
});

describe("access", () => {
  it.each(MINE)("%s refuses visitors with 401", async (key) => {
    const res = await call(key, { body: key.startsWith("POST") ? {} : undefined });
    expect(res.status).toBe(401);
  });

  it.each([Role.reader, Role.writer, Role.staff, Role.admin, Role.root])("role %i uses every call on itself only", async (role) => {
    const me = await createTestUser(db, { role });
    const other = await createTestUser(db, { role });
    const mine = await signIn(me);
    const theirs = await signIn(other);
    const list = await call("GET /api/Authentication/Sessions", { token: mine.accessToken });
    expect(list.status).toBe(200);
    expect(list.body.data.map((s: { id: string }) => s.id)).toEqual([mine.sid]);
    const foreign = await call("POST /api/Authentication/Sessions/Revoke", { token: mine.accessToken, body: { sessionId: theirs.sid } });
    expect(foreign.status).toBe(404);
    expect(await refreshWorks(theirs)).toBe(true);
    const others = await call("POST /api/Authentication/Sessions/RevokeOthers", { token: mine.accessToken });
    expect([others.status, others.body.data]).toEqual([200, { revoked: 0 }]);
    const exported = await call("GET /api/Authentication/Me/Export", { token: mine.accessToken });
    expect(exported.status).toBe(200);
    expect(JSON.parse(exported.text).profile.id).toBe(me.id);
    const wrong = await call("POST /api/Authentication/ChangePassword", {
      token: mine.accessToken,
      body: { currentPassword: "Wrong#123", newPassword: "Other#456", confirmPassword: "Other#456" },
    });
    expect(wrong.status).toBe(422);
    const del = await call("POST /api/Authentication/DeleteMe", { token: mine.accessToken, body: { password: "Wrong#123" } });
    expect(del.status).toBe(422);
  });
});

describe("POST /api/Authentication/ChangePassword", () => {
  it.each(["en", "ar"] as const)("applies register's rules and texts (%s), changing nothing", async (locale) => {
    const t = validationTranslator(locale);
    const user = await createTestUser(db);
    const s = await signIn(user);
    const before = await hashOf(db, user.id);
    const weak = await call("POST /api/Authentication/ChangePassword", {
      token: s.accessToken,
      locale,
      body: { currentPassword: user.password, newPassword: "abc", confirmPassword: "abd" },
    });
    expect(weak.status).toBe(422);
    expect(weak.body.data.errors.newPassword).toEqual([t("passwordMinLength"), t("passwordUppercase"), t("passwordSpecialChar")]);
    expect(weak.body.data.errors.confirmPassword).toEqual([t("passwordsDoNotMatch")]);
    const empty = await call("POST /api/Authentication/ChangePassword", { token: s.accessToken, locale, body: {} });
    expect(empty.body.data.errors.currentPassword).toEqual([t("passwordRequired")]);
    expect(await hashOf(db, user.id)).toBe(before);
  });

  it("answers a wrong current password with 422 on currentPassword, then 429 after five", async () => {
    const user = await createTestUser(db);
    const s = await signIn(user);
    const body = { currentPassword: "Nope#1234", newPassword: "Brand#New1", confirmPassword: "Brand#New1" };
    for (let i = 0; i < 5; i++) {
      const res = await call("POST /api/Authentication/ChangePassword", { token: s.accessToken, locale: "ar", body });
      expect([res.status, res.body.data.errors]).toEqual([422, { currentPassword: [apiMessage("ar", "currentPasswordWrong")] }]);
    }
    const limited = await call("POST /api/Authentication/ChangePassword", { token: s.accessToken, body: { ...body, currentPassword: user.password } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expect(await signIn(user)).toBeTruthy();
  });

  it("changes the password, revokes every other sign-in, keeps this one, audits and mails", async () => {
    const user = await createTestUser(db);
    const here = await signIn(user, CHROME_LINUX);
    const phone = await signIn(user, SAFARI_IPHONE);
    const laptop = await signIn(user, FIREFOX_WINDOWS);
    const res = await call("POST /api/Authentication/ChangePassword", {
      token: here.accessToken,
      body: { currentPassword: user.password, newPassword: "Fresh#Pass9", confirmPassword: "Fresh#Pass9" },
    });
    expect([res.status, res.body.data]).toEqual([200, { sessionsRevoked: 2 }]);
    expect(await refreshWorks(phone)).toBe(false);
    expect(await refreshWorks(laptop)).toBe(false);
    expect(await refreshWorks(here)).toBe(true);
    const old = await call("POST /api/Authentication/Login", { body: { username: user.username, password: user.password } });
    expect(old.status).toBe(401);
    expect(await signIn(user, CHROME_LINUX, "Fresh#Pass9")).toBeTruthy();
    const [row] = await db.select().from(auditLog).where(and(eq(auditLog.action, "auth.password.change"), eq(auditLog.targetId, String(user.id))));
    expect(row?.details).toEqual({ sessionsRevoked: 2 });
    const mail = await lastMailTo(db, user.email);
    expect(mail?.subject).toMatch(/password was changed/);
    expect(mail?.text).not.toContain("Fresh#Pass9");
  });
});

describe("sessions", () => {
  it("lists active sign-ins with their device, marks this one, and signs one out or every other", async () => {
    const user = await createTestUser(db);
    const here = await signIn(user, CHROME_LINUX);
    const phone = await signIn(user, SAFARI_IPHONE);
    const laptop = await signIn(user, FIREFOX_WINDOWS);
    // A rotation keeps the session (and its device) and counts in its family.
    const rotated = await call("POST /api/Authentication/RefreshToken", { body: { refreshToken: phone.refreshToken }, ua: SAFARI_IPHONE });
    expect(rotated.status).toBe(200);

    const list = await call("GET /api/Authentication/Sessions", { token: here.accessToken });
    expect(list.status).toBe(200);
    const sessions = list.body.data as Array<{ id: string; current: boolean; device: string; rotations: number; createdAt: string; lastUsedAt: string }>;
    expect(sessions).toHaveLength(3);
    expect(sessions.find((s) => s.current)?.id).toBe(here.sid);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const phoneRow = sessions.find((s) => s.id === phone.sid);
    expect(phoneRow).toMatchObject({ device: "Safari on iOS", rotations: 1, current: false });
    expect(Date.parse(phoneRow!.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(phoneRow!.createdAt));
    expect(sessions.find((s) => s.id === laptop.sid)?.device).toBe("Firefox on Windows");
    // What is stored: the header, no more than 300 characters.
    const [stored] = await db.select({ ua: refreshTokens.userAgent }).from(refreshTokens).where(eq(refreshTokens.familyId, here.sid)).limit(1);
    expect(stored?.ua).toBe(CHROME_LINUX);

    const one = await call("POST /api/Authentication/Sessions/Revoke", { token: here.accessToken, body: { sessionId: phone.sid } });
    expect([one.status, one.body.data]).toEqual([200, { id: phone.sid, revoked: true }]);
    const again = await call("POST /api/Authentication/Sessions/Revoke", { token: here.accessToken, body: { sessionId: phone.sid } });
    expect(again.status).toBe(404);
    for (const bad of ["nope", 12, null, "00000000-0000-0000-0000-000000000000"]) {
      expect((await call("POST /api/Authentication/Sessions/Revoke", { token: here.accessToken, body: { sessionId: bad } })).status).toBe(404);
    }
    expect((await call("GET /api/Authentication/Sessions", { token: here.accessToken })).body.data).toHaveLength(2);

    const rest = await call("POST /api/Authentication/Sessions/RevokeOthers", { token: here.accessToken });
    expect([rest.status, rest.body.data]).toEqual([200, { revoked: 1 }]);
    expect(await refreshWorks(laptop)).toBe(false);
    expect(await refreshWorks(here)).toBe(true);
    const after = await call("GET /api/Authentication/Sessions", { token: here.accessToken });
    expect(after.body.data.map((s: { id: string }) => s.id)).toEqual([here.sid]);
    const audits = await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, String(user.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(["auth.session.revoke", "auth.session.revoke_others"]);
  });

  it("refuses to sign out another user's session with 404 and leaves it working", async () => {
    const me = await createTestUser(db);
    const them = await createTestUser(db);
    const mine = await signIn(me);
    const theirs = await signIn(them);
    const res = await call("POST /api/Authentication/Sessions/Revoke", { token: mine.accessToken, body: { sessionId: theirs.sid } });
    expect([res.status, res.body.message]).toEqual([404, apiMessage("en", "sessionNotFound")]);
    expect(await refreshWorks(theirs)).toBe(true);
  });
});

describe("POST /api/Authentication/DeleteMe", () => {
  it("refuses a wrong password with 422 and changes nothing", async () => {
    const user = await createTestUser(db);
    const s = await signIn(user);
    const res = await call("POST /api/Authentication/DeleteMe", { token: s.accessToken, body: { password: "Wrong#999" } });
    expect([res.status, res.body.data.errors]).toEqual([422, { password: [apiMessage("en", "currentPasswordWrong")] }]);
    const [row] = await db.select({ deletedAt: users.deletedAt, username: users.username }).from(users).where(eq(users.id, user.id));
    expect(row).toEqual({ deletedAt: null, username: user.username });
    expect(await refreshWorks(s)).toBe(true);
  });

  it("turns a writer's account into a tombstone: works stay, sign-in ends", async () => {
    const writer = await createTestUser(db, { role: Role.writer });
    const s = await signIn(writer);
    const [work] = await db.insert(manga).values({ title: `Kept ${writer.id}`, description: "d", authorId: writer.id }).returning({ id: manga.id });
    await db.insert(transactions).values({ userId: writer.id, method: "paypal", amount: "12.50", status: 1, referenceId: `ref-${writer.id}` });
    const res = await call("POST /api/Authentication/DeleteMe", { token: s.accessToken, body: { password: writer.password } });
    expect(res.status).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.id, writer.id));
    expect(row?.deletedAt).toBeTruthy();
    expect(row?.username).not.toBe(writer.username);
    expect(row?.email).not.toBe(writer.email);
    expect(row?.passwordHash).toBeNull();
    expect((await db.select().from(manga).where(eq(manga.id, work!.id)))[0]?.authorId).toBe(writer.id);
    expect(await db.select().from(transactions).where(eq(transactions.userId, writer.id))).toHaveLength(1);
    expect(await refreshWorks(s)).toBe(false);
    const login = await call("POST /api/Authentication/Login", { body: { username: writer.username, password: writer.password } });
    expect(login.status).toBe(401);
    // The still-valid access token is refused at once.
    expect((await call("GET /api/Authentication/Sessions", { token: s.accessToken })).status).toBe(401);
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.targetId, String(writer.id)), eq(auditLog.action, "user.delete")));
    expect(entry?.actorId).toBe(writer.id);
  });
});

describe("GET /api/Authentication/Me/Export", () => {
  it("is a JSON attachment with the caller's data and nothing secret", async () => {
    const user = await createTestUser(db);
    const s = await signIn(user);
    const [m] = await db.insert(manga).values({ title: `Export ${user.id}`, description: "d" }).returning({ id: manga.id });
    const [c] = await db.insert(chapters).values({ mangaId: m!.id, title: "One", number: 1 }).returning({ id: chapters.id });
    await db.insert(favorites).values({ userId: user.id, mangaId: m!.id });
    await db.insert(readingProgress).values({ userId: user.id, mangaId: m!.id, chapterId: c!.id, pageNumber: 7, anchorPage: 7, anchorOffset: 0.25 });
    await db.insert(readerSettings).values({ userId: user.id, settings: { keys: { "next.ltr": ["d"] }, touch: { swipe: false } } });
    await db.insert(notifications).values({ userId: user.id, message: "Hello export" });
    await db.insert(transactions).values({ userId: user.id, method: "card", amount: "3.00", status: 1, referenceId: "r-1" });
    const stranger = await createTestUser(db);
    await db.insert(notifications).values({ userId: stranger.id, message: "Not yours" });
    await db.insert(follows).values({ followerId: user.id, writerId: stranger.id });

    const res = await call("GET /api/Authentication/Me/Export", { token: s.accessToken });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="manganova-data-\d+-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = JSON.parse(res.text);
    expect(data.profile).toMatchObject({ id: user.id, username: user.username, email: user.email });
    expect(data.favorites).toEqual([expect.objectContaining({ mangaId: m!.id, title: `Export ${user.id}` })]);
    expect(data.following).toEqual([expect.objectContaining({ writerId: stranger.id, username: stranger.username })]);
    expect(data.readingProgress).toEqual([expect.objectContaining({ chapterId: c!.id, pageNumber: 7, anchorPage: 7, anchorOffset: 0.25 })]);
    expect(data.readerSettings).toMatchObject({ keys: { "next.ltr": ["d"] }, touch: { swipe: false } });
    expect(data.notifications.map((n: { message: string }) => n.message)).toEqual(["Hello export"]);
    expect(data.transactions).toEqual([expect.objectContaining({ amount: 3, referenceId: "r-1" })]);
    expect(data.subscriptions).toEqual([]);
    expect(data.sessions).toHaveLength(1);
    const [hash] = await db.select({ h: users.passwordHash }).from(users).where(eq(users.id, user.id));
    const tokenRows = await db.select({ h: refreshTokens.tokenHash }).from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    for (const secret of [hash!.h!, s.refreshToken, s.accessToken, s.sid, user.password, ...tokenRows.map((r) => r.h), "passwordHash", "tokenHash", "Not yours"]) {
      expect(res.text).not.toContain(secret);
    }
  });
});

describe("UpdateSelf (profile page)", () => {
  it("keeps the theme on the account and refuses another value", async () => {
    const user = await createTestUser(db);
    const s = await signIn(user);
    const res = await call("POST /api/Authentication/UpdateSelf", { token: s.accessToken, body: { theme: "dark" } });
    expect([res.status, res.body.data.theme]).toEqual([200, "dark"]);
    expect((await db.select({ theme: users.theme }).from(users).where(eq(users.id, user.id)))[0]?.theme).toBe("dark");
    const bad = await call("POST /api/Authentication/UpdateSelf", { token: s.accessToken, body: { theme: "purple" } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.errors)).toEqual(["theme"]);
  });

  it("a new e-mail waits for the link mailed to it (issue 27, item 6), and the old address is told", async () => {
    // Mails are in the account's language (issue 28), here Arabic.
    const user = await createTestUser(db, { locale: "ar" });
    const s = await signIn(user);
    const next = `moved_${user.id}@example.com`;
    const res = await call("POST /api/Authentication/UpdateSelf", { token: s.accessToken, locale: "ar", body: { email: next, currentPassword: user.password } });
    expect([res.status, res.body.data.email, res.body.data.emailVerified]).toEqual([200, user.email, true]);
    const toNew = await lastMailTo(db, next);
    expect(toNew?.token).toBeTruthy();
    const toOld = await lastMailTo(db, user.email);
    expect(toOld?.subject).toMatch(/طُلب تغيير بريدك الإلكتروني/);
    expect(toOld?.text).toContain(next);
    expect(toOld?.token).toBeNull();
  });

  it.each([
    ["not an image", () => Buffer.from("%PDF-1.4 definitely not a picture").toString("base64"), "profileImageInvalid"],
    ["a pixel bomb", () => pngHeaderOnly(40_000, 40_000).toString("base64"), "profileImageTooLarge"],
    ["over 5 MB", () => "A".repeat(7_000_000), "profileImageTooLarge"],
    ["broken base64", () => "data:image/png;base64,@@@###", "profileImageInvalid"],
    ["a truncated PNG", async () => (await sharp({ create: { width: 300, height: 300, channels: 3, background: "#c33" } }).png().toBuffer()).subarray(0, 200).toString("base64"), "profileImageInvalid"],
  ] as ReadonlyArray<readonly [string, () => string | Promise<string>, "profileImageInvalid" | "profileImageTooLarge"]>)("refuses %s with 422 on profileImage and changes nothing", async (_name, make, key) => {
    const user = await createTestUser(db, { fullName: "Unchanged Name" });
    const s = await signIn(user);
    const outboxBefore = (await db.select({ id: emailOutbox.id }).from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1))[0]?.id ?? 0;
    const res = await call("POST /api/Authentication/UpdateSelf", { token: s.accessToken, body: { fullName: "Changed", profileImage: await make() } });
    expect([res.status, res.body.data?.errors]).toEqual([422, { profileImage: [validationTranslator("en")(key)] }]);
    const [row] = await db.select({ fullName: users.fullName, image: users.profileImageId }).from(users).where(eq(users.id, user.id));
    expect(row).toEqual({ fullName: "Unchanged Name", image: null });
    const outboxAfter = (await db.select({ id: emailOutbox.id }).from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1))[0]?.id ?? 0;
    expect(outboxAfter).toBe(outboxBefore);
    expect(await db.select().from(refreshTokens).where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)))).toHaveLength(1);
  });
});
