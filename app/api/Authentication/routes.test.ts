import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { auditLog, emailOutbox, emailTokens, favorites, manga, mangaGenres, notifications, subscriptions, transactions, users } from "@/db/schema";
import { EmailTokenKind, Role, Status } from "@/lib/enums";
import { ACCESS, type RouteKey } from "@/server/core/access-table";
import { apiMessage } from "@/server/core/messages";
import type { RouteHandler } from "@/server/http/route";
import { badTokens, jsonRequest, noParams, tokenFor } from "@/server/http/test-helpers";
import { hashSecret } from "@/server/auth/secure-token";
import { settleAfterAnswer } from "@/server/auth/after-answer";
import { createTestUser, lastMailTo } from "@/server/auth/testing";
import { validationTranslator } from "@/server/auth/validation";
import { verifyAccessToken } from "@/server/auth/access-token";
import { POST as Login } from "./Login/route";
import { POST as Register } from "./Register/route";
import { POST as RefreshToken } from "./RefreshToken/route";
import { POST as Logout } from "./Logout/route";
import { POST as FirebaseMigration } from "./FirebaseMigration/route";
import { GET as VerifyEmail } from "./VerifyEmail/route";
import { POST as ResetPassword } from "./ResetPassword/route";
import { POST as UpdateSelf } from "./UpdateSelf/route";
import { GET as Me } from "./Me/route";
import { GET as MeFavorites } from "./Me/Favorites/route";
import { GET as MeNotifications } from "./Me/Notifications/route";
import { GET as MeManga } from "./Me/Manga/route";
import { GET as MeSubscriptions } from "./Me/Subscriptions/route";
import { GET as MeTransactions } from "./Me/Transactions/route";
import { POST as SendVerifyEmail } from "../Email/SendVerifyEmail/route";
import { POST as SendResetPasswordEmail } from "../Email/SendResetPasswordEmail/route";

/**
 * The account API through its route handlers, as a client sees it (envelope, status, language), on the
 * real database. Each test uses its own client address so the per-address rate limits stay apart.
 */
const ROUTES = {
  "POST /api/Authentication/Login": Login,
  "POST /api/Authentication/Register": Register,
  "POST /api/Authentication/RefreshToken": RefreshToken,
  "POST /api/Authentication/Logout": Logout,
  "POST /api/Authentication/FirebaseMigration": FirebaseMigration,
  "GET /api/Authentication/VerifyEmail": VerifyEmail,
  "POST /api/Authentication/ResetPassword": ResetPassword,
  "POST /api/Authentication/UpdateSelf": UpdateSelf,
  "GET /api/Authentication/Me": Me,
  "GET /api/Authentication/Me/Favorites": MeFavorites,
  "GET /api/Authentication/Me/Notifications": MeNotifications,
  "GET /api/Authentication/Me/Manga": MeManga,
  "GET /api/Authentication/Me/Subscriptions": MeSubscriptions,
  "GET /api/Authentication/Me/Transactions": MeTransactions,
  "POST /api/Email/SendVerifyEmail": SendVerifyEmail,
  "POST /api/Email/SendResetPasswordEmail": SendResetPasswordEmail,
} satisfies Partial<Record<RouteKey, RouteHandler>>;
type Key = keyof typeof ROUTES;

interface Envelope {
  statusCode: number;
  message: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
  data: any;
}

let ipCounter = 0;
const freshIp = () => `10.2.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function call(
  key: Key,
  opts: { body?: unknown; raw?: string; token?: string; query?: string; locale?: "en" | "ar"; ip?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Envelope; headers: Headers }> {
  const headers: Record<string, string> = { "x-forwarded-for": opts.ip ?? freshIp(), ...opts.headers };
  if (opts.locale) headers["accept-language"] = opts.locale;
  const res = await ROUTES[key](jsonRequest(key, { body: opts.body, raw: opts.raw, token: opts.token, query: opts.query, headers }), noParams);
  return { status: res.status, body: (await res.json()) as Envelope, headers: res.headers };
}

let n = 0;
function registration(overrides: Record<string, unknown> = {}) {
  n += 1;
  const tag = `${process.pid}_${n}`;
  return {
    fullName: `Reg User ${n}`,
    username: `reg_${tag}`,
    email: `reg_${tag}@example.com`,
    password: "Secret#1",
    confirmPassword: "Secret#1",
    role: 0,
    dateOfBirth: "14/02/2000",
    ...overrides,
  };
}

async function signIn(username: string, password: string) {
  const res = await call("POST /api/Authentication/Login", { body: { username, password } });
  expect(res.status).toBe(200);
  return res.body.data as { accessToken: string; refreshToken: string; accessTokenExpiresAt: string; refreshTokenExpiresAt: string };
}

async function pngBase64(width = 64, height = 48): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } }).png().toBuffer();
  return png.toString("base64");
}

describe("Register", () => {
  it("creates an unverified reader and mails a verification link built from SITE_URL", async () => {
    const db = await getDb();
    const body = registration();
    const res = await call("POST /api/Authentication/Register", { body });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 1, message: apiMessage("en", "registered") });
    expect(res.body.data).toMatchObject({ username: body.username, email: body.email, role: Role.reader, emailVerified: false });
    const [row] = await db.select().from(users).where(eq(users.id, res.body.data.id));
    expect(row).toMatchObject({ dateOfBirth: "2000-02-14", role: 0, consentsAcceptedAt: null, locale: "en" });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const mail = await lastMailTo(db, body.email);
    expect(mail?.link).toMatch(/^http:\/\/localhost:\d+\/auth\/verify-email\?token=[\w-]{43}$/);
    expect(mail?.subject).toContain("Verify");
  });

  it("creates a writer with the consents, mailing in Arabic under /ar for an Arabic visitor", async () => {
    const db = await getDb();
    const body = registration({ role: 1, tosConfirm: true, privacyConfirm: true, ageConfirm: true, contentSafetyConfirm: true });
    const res = await call("POST /api/Authentication/Register", { body, locale: "ar" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(apiMessage("ar", "registered"));
    const [row] = await db.select().from(users).where(eq(users.id, res.body.data.id));
    expect(row?.role).toBe(Role.writer);
    expect(row?.consentsAcceptedAt).toBeInstanceOf(Date);
    const mail = await lastMailTo(db, body.email);
    expect(mail?.link).toMatch(/\/ar\/auth\/verify-email\?token=/);
    expect(mail?.text).toContain("مرحبًا");
  });

  it("carries a return path of this site into the verification link, and drops any other", async () => {
    const db = await getDb();
    const kept = registration({ next: "/manga-reader/12/345" });
    expect((await call("POST /api/Authentication/Register", { body: kept })).status).toBe(200);
    expect((await lastMailTo(db, kept.email))?.link).toMatch(/\/auth\/verify-email\?token=[\w-]{43}&next=%2Fmanga-reader%2F12%2F345$/);
    for (const next of ["https://evil.example/x", "//evil.example", "/auth/logout", "/dashboard/../x", `/dashboard/${"a".repeat(600)}`]) {
      const dropped = registration({ next });
      expect((await call("POST /api/Authentication/Register", { body: dropped })).status, next).toBe(200);
      expect((await lastMailTo(db, dropped.email))?.link, next).toMatch(/\/auth\/verify-email\?token=[\w-]{43}$/);
    }
  });

  it("uses a username with @ and . as the e-mail address", async () => {
    const address = `mail_${process.pid}_${n++}@example.com`;
    const res = await call("POST /api/Authentication/Register", { body: registration({ username: address, email: "" }) });
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe(address);
  });

  it.each(["en", "ar"] as const)("answers every §5 rule with its text in %s", async (locale) => {
    const t = validationTranslator(locale);
    const missing = await call("POST /api/Authentication/Register", { body: { role: 1 }, locale });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe(apiMessage(locale, "validationFailed"));
    expect(missing.body.data.errors).toEqual({
      fullName: [t("fullNameRequired")],
      username: [t("usernameRequired")],
      email: [t("emailRequired")],
      password: [t("passwordRequired")],
      confirmPassword: [t("passwordsDoNotMatch")],
      dateOfBirth: [t("dateOfBirthRequired")],
      tosConfirm: [t("tosRequired")],
      privacyConfirm: [t("privacyRequired")],
      ageConfirm: [t("ageRequired")],
      contentSafetyConfirm: [t("contentSafetyRequired")],
    });
    const wrong = await call("POST /api/Authentication/Register", {
      body: { fullName: "X", username: "ok_name", email: "nope", password: "short", confirmPassword: "other", role: 4, dateOfBirth: "2000-01-01" },
      locale,
    });
    expect(wrong.body.data.errors).toEqual({
      email: [t("emailInvalid")],
      password: [t("passwordMinLength"), t("passwordUppercase"), t("passwordSpecialChar")],
      confirmPassword: [t("passwordsDoNotMatch")],
      role: [t("roleRequired")],
      dateOfBirth: [t("dateOfBirthFormat")],
    });
  });

  it("cannot create staff, admin or root accounts", async () => {
    for (const role of [Role.staff, Role.admin, Role.root]) {
      const res = await call("POST /api/Authentication/Register", { body: registration({ role }) });
      expect(res.status).toBe(422);
      expect(res.body.data.errors.role).toEqual([validationTranslator("en")("roleRequired")]);
    }
  });

  it("answers a taken username or e-mail with 409 on the username field, in both languages", async () => {
    const db = await getDb();
    const existing = await createTestUser(db);
    const byName = await call("POST /api/Authentication/Register", { body: registration({ username: existing.username.toUpperCase() }) });
    expect(byName.status).toBe(409);
    expect(byName.body.data).toMatchObject({ code: "usernameTaken", errors: { username: [apiMessage("en", "usernameTaken")] } });
    expect(byName.body.message.toLowerCase()).toContain("username");
    const byEmail = await call("POST /api/Authentication/Register", { body: registration({ email: existing.email.toUpperCase() }), locale: "ar" });
    expect(byEmail.status).toBe(409);
    expect(byEmail.body.data).toMatchObject({ code: "emailTaken", errors: { username: [apiMessage("ar", "emailTaken")] } });
    expect(apiMessage("en", "emailTaken").toLowerCase()).toContain("email");
  });

  it("is rate limited per address (429)", async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      expect((await call("POST /api/Authentication/Register", { body: registration(), ip })).status).toBe(200);
    }
    const limited = await call("POST /api/Authentication/Register", { body: registration(), ip });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe("Too many requests. Please wait and try again later.");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("answers bad input with the envelope, never a 500", async () => {
    const cases = [
      { raw: "{not json", headers: { "content-type": "application/json" }, status: 400 },
      { raw: "username=x", headers: { "content-type": "application/x-www-form-urlencoded" }, status: 415 },
      { raw: "[1,2]", headers: { "content-type": "application/json" }, status: 422 },
      { raw: '"text"', headers: { "content-type": "application/json" }, status: 422 },
      { raw: JSON.stringify(registration({ fullName: { $ne: 1 }, role: "1" })), headers: { "content-type": "application/json" }, status: 422 },
    ];
    for (const c of cases) {
      const res = await call("POST /api/Authentication/Register", { raw: c.raw, headers: c.headers });
      expect({ status: res.status, code: typeof res.body.statusCode }).toEqual({ status: c.status, code: "number" });
      expect(res.body.statusCode).toBe(c.status);
    }
  });
});

describe("Login, RefreshToken, Logout", () => {
  it("signs in and returns the token set (and the user); Password matches case-insensitively", async () => {
    const db = await getDb();
    const user = await createTestUser(db, { role: Role.writer });
    const res = await call("POST /api/Authentication/Login", { body: { username: user.username, Password: user.password, firebaseToken: "", turnstileToken: "x" } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(["accessToken", "accessTokenExpiresAt", "refreshToken", "refreshTokenExpiresAt", "user"]);
    expect(res.body.data.user).toMatchObject({ id: user.id, role: Role.writer, mustSelectRole: false });
    expect(await verifyAccessToken(res.body.data.accessToken)).toMatchObject({ userId: user.id, role: Role.writer });
    const byEmail = await call("POST /api/Authentication/Login", { body: { username: user.email, password: user.password } });
    expect(byEmail.status).toBe(200);
  });

  it.each(["en", "ar"] as const)("answers a wrong password with the generic message in %s", async (locale) => {
    const db = await getDb();
    const user = await createTestUser(db);
    const res = await call("POST /api/Authentication/Login", { body: { username: user.username, password: "Wrong#1" }, locale });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(apiMessage(locale, "invalidCredentials"));
    expect(res.body.data.message).toBe(res.body.message);
    const required = await call("POST /api/Authentication/Login", { body: {}, locale });
    const t = validationTranslator(locale);
    expect(required.body.data.errors).toEqual({ username: [t("usernameRequired")], password: [t("passwordRequired")] });
  });

  it("locks the account after repeated failures (429 with the lock text)", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await call("POST /api/Authentication/Login", { body: { username: user.username, password: "bad" }, ip });
    const locked = await call("POST /api/Authentication/Login", { body: { username: user.username, password: "bad" }, ip });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(apiMessage("en", "accountLocked", { minutes: 15 }));
    const right = await call("POST /api/Authentication/Login", { body: { username: user.username, password: user.password }, ip, locale: "ar" });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe(apiMessage("ar", "accountLocked", { minutes: 15 }));
  });

  it("refuses banned accounts (403) and their refresh (401)", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const tokens = await signIn(user.username, user.password);
    await db.update(users).set({ banned: true }).where(eq(users.id, user.id));
    const res = await call("POST /api/Authentication/Login", { body: { username: user.username, password: user.password } });
    expect([res.status, res.body.message]).toEqual([403, apiMessage("en", "accountBanned")]);
    expect((await call("POST /api/Authentication/RefreshToken", { body: { refreshToken: tokens.refreshToken } })).status).toBe(401);
    expect((await call("GET /api/Authentication/Me", { token: tokens.accessToken })).status).toBe(401);
  });

  it("rotates refresh tokens and revokes the family on reuse", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const first = await signIn(user.username, user.password);
    const rotated = await call("POST /api/Authentication/RefreshToken", { body: { refreshToken: first.refreshToken } });
    expect(rotated.status).toBe(200);
    expect(Object.keys(rotated.body.data).sort()).toEqual(["accessToken", "accessTokenExpiresAt", "refreshToken", "refreshTokenExpiresAt"]);
    const reuse = await call("POST /api/Authentication/RefreshToken", { body: { refreshToken: first.refreshToken } });
    expect(reuse.status).toBe(401);
    const victim = await call("POST /api/Authentication/RefreshToken", { body: { refreshToken: rotated.body.data.refreshToken } });
    expect(victim.status).toBe(401);
    for (const body of [{}, { refreshToken: 42 }, { refreshToken: "" }, { refreshToken: "nope" }]) {
      expect((await call("POST /api/Authentication/RefreshToken", { body })).status).toBe(401);
    }
  });

  it("logs out: both tokens in the body, the refresh token revoked; visitors are asked to sign in", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const tokens = await signIn(user.username, user.password);
    expect((await call("POST /api/Authentication/Logout", { body: tokens })).status).toBe(401);
    const res = await call("POST /api/Authentication/Logout", { body: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }, token: tokens.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(apiMessage("en", "loggedOut"));
    expect((await call("POST /api/Authentication/RefreshToken", { body: { refreshToken: tokens.refreshToken } })).status).toBe(401);
    // The signed-out session's access token is refused at once (issue 19, item 6), Logout included.
    expect((await call("POST /api/Authentication/Logout", { body: {}, token: tokens.accessToken })).status).toBe(401);
    expect((await call("GET /api/Authentication/Me", { token: tokens.accessToken })).status).toBe(401);
  });
});

describe("VerifyEmail and SendVerifyEmail", () => {
  it("goes through the states of spec §4: required, invalid, expired, success", async () => {
    const db = await getDb();
    const none = await call("GET /api/Authentication/VerifyEmail", { query: "email=" });
    expect([none.status, none.body.message]).toEqual([400, "Token is required to verify email"]);
    const noneAr = await call("GET /api/Authentication/VerifyEmail", { query: "token=&email=", locale: "ar" });
    expect(noneAr.body.message).toBe(apiMessage("ar", "verifyTokenRequired"));

    const invalid = await call("GET /api/Authentication/VerifyEmail", { query: "token=abc&email=" });
    expect([invalid.status, invalid.body.data.code]).toEqual([400, "verifyTokenInvalid"]);
    expect(invalid.body.message).toContain("invalid");

    const body = registration();
    await call("POST /api/Authentication/Register", { body });
    const mail = await lastMailTo(db, body.email);
    const token = mail?.token ?? "";
    await db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailTokens.tokenHash, hashSecret(token)));
    const expired = await call("GET /api/Authentication/VerifyEmail", { query: `token=${token}&email=` });
    expect([expired.status, expired.body.data.code]).toEqual([400, "verifyTokenExpired"]);
    expect(expired.body.message).toContain("expired");

    // A fresh link (resend) works, once; the same link again still reports success.
    const resend = await call("POST /api/Email/SendVerifyEmail", { body: { toemail: body.email } });
    expect(resend.status).toBe(200);
    const fresh = (await lastMailTo(db, body.email))?.token ?? "";
    expect(fresh).not.toBe(token);
    const ok = await call("GET /api/Authentication/VerifyEmail", { query: `token=${encodeURIComponent(fresh)}&email=` });
    expect([ok.status, ok.body.message, ok.body.data]).toEqual([200, apiMessage("en", "emailVerified"), { emailVerified: true }]);
    const [row] = await db.select().from(users).where(eq(users.email, body.email));
    expect(row?.emailVerified).toBe(true);
    expect((await call("GET /api/Authentication/VerifyEmail", { query: `token=${fresh}` })).status).toBe(200);
  });

  it("answers the same whether or not the address has an unverified account", async () => {
    const db = await getDb();
    const verified = await createTestUser(db);
    const before = (await db.select().from(emailOutbox)).length;
    const a = await call("POST /api/Email/SendVerifyEmail", { body: { toemail: verified.email } });
    const b = await call("POST /api/Email/SendVerifyEmail", { body: { toemail: "nobody-at-all@example.com" } });
    expect(a.body).toEqual(b.body);
    expect(a.status).toBe(200);
    expect((await db.select().from(emailOutbox)).length).toBe(before);
  });
});

describe("forgot and reset password", () => {
  it("works end to end: mail, reset, old sessions gone, new password in, link single use", async () => {
    const db = await getDb();
    // The mail and its link are in the account's language (issue 28), here Arabic.
    const user = await createTestUser(db, { emailVerified: false, locale: "ar" });
    const session = await signIn(user.username, user.password);
    const sent = await call("POST /api/Email/SendResetPasswordEmail", { body: { toemail: user.email.toUpperCase() }, locale: "ar" });
    expect([sent.status, sent.body.message]).toEqual([200, apiMessage("ar", "resetEmailSent")]);
    // The mail is written after the answer (the answer's timing does not tell whether the account exists).
    await settleAfterAnswer();
    const mail = await lastMailTo(db, user.email);
    expect(mail?.link).toMatch(/\/ar\/auth\/reset-password\?token=[\w-]{43}$/);

    const reset = await call("POST /api/Authentication/ResetPassword", { body: { token: mail?.token, Password: "Brand#New1", ConfirmPassword: "Brand#New1" } });
    expect([reset.status, reset.body.message]).toEqual([200, apiMessage("en", "passwordResetDone")]);
    expect((await call("POST /api/Authentication/RefreshToken", { body: { refreshToken: session.refreshToken } })).status).toBe(401);
    expect((await call("POST /api/Authentication/Login", { body: { username: user.username, password: user.password } })).status).toBe(401);
    await signIn(user.username, "Brand#New1");
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row?.emailVerified).toBe(true);
    const [audited] = await db.select().from(auditLog).where(and(eq(auditLog.action, "auth.password.reset"), eq(auditLog.targetId, String(user.id))));
    expect(audited).toMatchObject({ actorId: user.id, targetType: "user", details: { sessionsRevoked: 1 } });

    const again = await call("POST /api/Authentication/ResetPassword", { body: { token: mail?.token, Password: "Other#New2", ConfirmPassword: "Other#New2" } });
    expect([again.status, again.body.message]).toEqual([400, "Invalid or expired token."]);
  });

  it("answers the same for unknown addresses, sending nothing", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const known = await call("POST /api/Email/SendResetPasswordEmail", { body: { toemail: user.email } });
    const unknown = await call("POST /api/Email/SendResetPasswordEmail", { body: { toemail: "ghost@example.com" } });
    await settleAfterAnswer();
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await lastMailTo(db, "ghost@example.com")).toBeNull();
  });

  it("is rate limited (429) per recipient and per address", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    for (let i = 0; i < 3; i++) expect((await call("POST /api/Email/SendResetPasswordEmail", { body: { toemail: user.email } })).status).toBe(200);
    const limited = await call("POST /api/Email/SendResetPasswordEmail", { body: { toemail: user.email }, locale: "ar" });
    expect([limited.status, limited.body.message]).toEqual([429, apiMessage("ar", "tooManyRequests")]);
    const ip = freshIp();
    for (let i = 0; i < 10; i++) await call("POST /api/Email/SendResetPasswordEmail", { body: { toemail: `x${i}@example.com` }, ip });
    expect((await call("POST /api/Email/SendResetPasswordEmail", { body: { toemail: "y@example.com" }, ip })).status).toBe(429);
  });

  it.each(["en", "ar"] as const)("validates the forgot and reset bodies in %s", async (locale) => {
    const t = validationTranslator(locale);
    const forgot = await call("POST /api/Email/SendResetPasswordEmail", { body: { toemail: "bad@address" }, locale });
    expect(forgot.body.data.errors).toEqual({ toemail: [t("emailInvalid")] });
    const reset = await call("POST /api/Authentication/ResetPassword", { body: { Password: "abc", ConfirmPassword: "abd" }, locale });
    expect(reset.status).toBe(422);
    expect(reset.body.data.errors).toEqual({
      token: [t("resetTokenRequired")],
      password: [t("passwordMinLength"), t("passwordUppercase"), t("passwordSpecialChar")],
      confirmPassword: [t("passwordsDoNotMatch")],
    });
  });

  it("refuses an expired or unknown reset token", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    await call("POST /api/Email/SendResetPasswordEmail", { body: { toemail: user.email } });
    await settleAfterAnswer();
    const token = (await lastMailTo(db, user.email))?.token ?? "";
    await db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(emailTokens.tokenHash, hashSecret(token)));
    for (const t of [token, "unknown-token"]) {
      const res = await call("POST /api/Authentication/ResetPassword", { body: { token: t, password: "Brand#New1", confirmPassword: "Brand#New1" } });
      expect([res.status, res.body.message]).toEqual([400, "Invalid or expired token."]);
    }
    const [stored] = await db.select().from(emailTokens).where(eq(emailTokens.tokenHash, hashSecret(token)));
    expect(stored?.kind).toBe(EmailTokenKind.Reset);
  });
});

describe("FirebaseMigration (must select role)", () => {
  it("sets the role and birth date once; the refreshed token carries the new role", async () => {
    const db = await getDb();
    const user = await createTestUser(db, { mustSelectRole: true });
    const tokens = await signIn(user.username, user.password);
    const bad = await call("POST /api/Authentication/FirebaseMigration", { body: { userRoleType: 4, dateOfBirth: "1/1/1990" }, token: tokens.accessToken, locale: "ar" });
    const t = validationTranslator("ar");
    expect(bad.body.data.errors).toEqual({ userRoleType: [t("roleRequired")], dateOfBirth: [t("dateOfBirthFormat")] });
    const res = await call("POST /api/Authentication/FirebaseMigration", { body: { userRoleType: 1, dateOfBirth: "05/06/1990" }, token: tokens.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: user.id, role: Role.writer, mustSelectRole: false });
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row?.dateOfBirth).toBe("1990-06-05");
    const refreshed = await call("POST /api/Authentication/RefreshToken", { body: { refreshToken: tokens.refreshToken } });
    expect(await verifyAccessToken(refreshed.body.data.accessToken)).toMatchObject({ userId: user.id, role: Role.writer });
    // The old token names the old role, which the account no longer has: refused (401); the refreshed one gets the 409.
    const stale = await call("POST /api/Authentication/FirebaseMigration", { body: { userRoleType: 0, dateOfBirth: "05/06/1990" }, token: tokens.accessToken });
    expect(stale.status).toBe(401);
    const twice = await call("POST /api/Authentication/FirebaseMigration", { body: { userRoleType: 0, dateOfBirth: "05/06/1990" }, token: refreshed.body.data.accessToken });
    expect([twice.status, twice.body.data.code]).toEqual([409, "roleAlreadySelected"]);
  });

  it("cannot change the role of an account that is not flagged (no self-promotion or demotion)", async () => {
    const db = await getDb();
    const root = await createTestUser(db, { role: Role.root });
    const res = await call("POST /api/Authentication/FirebaseMigration", { body: { userRoleType: 0, dateOfBirth: "05/06/1990" }, token: await tokenFor(Role.root, root.id) });
    expect(res.status).toBe(409);
    const [row] = await db.select().from(users).where(eq(users.id, root.id));
    expect(row?.role).toBe(Role.root);
  });
});

describe("UpdateSelf and Me", () => {
  it("changes only name, username, e-mail and image: a reader cannot raise their own role", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const token = await tokenFor(Role.reader, user.id);
    const res = await call("POST /api/Authentication/UpdateSelf", {
      token,
      body: { fullName: "Renamed Reader", username: `renamed_${user.id}`, role: Role.root, balance: "9999", banned: false, emailVerified: true, mustSelectRole: true, id: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(apiMessage("en", "profileUpdated"));
    expect(res.body.data).toMatchObject({ id: user.id, fullName: "Renamed Reader", username: `renamed_${user.id}`, role: Role.reader });
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ role: Role.reader, balance: "0.00", mustSelectRole: false });
    const me = await call("GET /api/Authentication/Me", { token });
    expect(me.body.data).toMatchObject({ username: `renamed_${user.id}`, role: Role.reader });
  });

  it("a new e-mail address gets a confirmation link and changes only when it is opened (issue 27, item 6)", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const address = `moved_${user.id}@example.com`;
    const res = await call("POST /api/Authentication/UpdateSelf", { token: await tokenFor(Role.reader, user.id), body: { email: address, currentPassword: user.password } });
    expect(res.body.data).toMatchObject({ email: user.email, emailVerified: true });
    expect((await lastMailTo(db, address))?.link).toContain("/auth/confirm-email-change?token=");
  });

  it("refuses a taken username with 409; a taken e-mail is answered like a free one (issue 27, item 6)", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const other = await createTestUser(db);
    const token = await tokenFor(Role.reader, user.id);
    const byName = await call("POST /api/Authentication/UpdateSelf", { token, body: { username: other.username } });
    expect([byName.status, byName.body.data.code]).toEqual([409, "usernameTaken"]);
    const byEmail = await call("POST /api/Authentication/UpdateSelf", { token, body: { email: other.email.toUpperCase(), currentPassword: user.password } });
    expect([byEmail.status, byEmail.body.message]).toEqual([200, apiMessage("en", "emailChangeRequested", { email: other.email.toUpperCase() })]);
    // Changing only the case of one's own name is fine.
    expect((await call("POST /api/Authentication/UpdateSelf", { token, body: { username: user.username.toUpperCase() } })).status).toBe(200);
  });

  it("re-encodes a base64 profile image to JPEG, keeps it when sent back, removes it with null", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const token = await tokenFor(Role.reader, user.id);
    const res = await call("POST /api/Authentication/UpdateSelf", { token, body: { profileImage: `data:image/png;base64,${await pngBase64()}` } });
    expect(res.status).toBe(200);
    const { profileImage, profileImageUrl } = res.body.data as { profileImage: string; profileImageUrl: string };
    expect(profileImageUrl).toMatch(/^\/media\/[0-9a-f]{64}$/);
    const jpeg = Buffer.from(profileImage, "base64");
    expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const again = await call("POST /api/Authentication/UpdateSelf", { token, body: { profileImage, fullName: "Same Image" } });
    expect(again.body.data.profileImageUrl).toBe(profileImageUrl);
    const urlOnly = await call("GET /api/Authentication/Me", { token, query: "imageFormat=url" });
    expect(urlOnly.body.data).toMatchObject({ profileImage: null, profileImageUrl });
    const removed = await call("POST /api/Authentication/UpdateSelf", { token, body: { profileImage: null } });
    expect(removed.body.data).toMatchObject({ profileImage: null, profileImageUrl: null });
  });

  it.each(["en", "ar"] as const)("answers a broken image with the profileImage field error in %s", async (locale) => {
    const db = await getDb();
    const user = await createTestUser(db);
    const t = validationTranslator(locale);
    const res = await call("POST /api/Authentication/UpdateSelf", {
      token: await tokenFor(Role.reader, user.id),
      body: { profileImage: Buffer.from("%PDF-1.4 not an image").toString("base64") },
      locale,
    });
    expect([res.status, res.body.data.errors]).toEqual([422, { profileImage: [t("profileImageInvalid")] }]);
  });

  it("Me answers 401 to forged, expired, alg:none and other bad tokens", async () => {
    const bad = await badTokens();
    for (const [kind, token] of Object.entries(bad)) {
      const res = await call("GET /api/Authentication/Me", { token });
      expect({ kind, status: res.status }).toEqual({ kind, status: 401 });
      expect(res.body.statusCode).toBe(401);
    }
    expect((await call("GET /api/Authentication/Me")).status).toBe(401);
    // A valid token for an account that no longer exists.
    expect((await call("GET /api/Authentication/Me", { token: await tokenFor(Role.reader, 999_999) })).status).toBe(401);
  });
});

describe("Me lists", () => {
  it("return the caller's favourites, manga, notifications, subscriptions and transactions only", async () => {
    const db = await getDb();
    const me = await createTestUser(db, { role: Role.writer });
    const other = await createTestUser(db);
    const cover = (await pngBase64()).length > 0;
    expect(cover).toBe(true);
    const [mine, accepted, pending] = await db
      .insert(manga)
      .values([
        { title: "My Pending Work", authorId: me.id, status: Status.Pending },
        { title: "Someone's Hit", authorId: other.id, status: Status.Accepted },
        { title: "Someone's Draft", authorId: other.id, status: Status.Pending },
      ])
      .returning({ id: manga.id });
    if (!mine || !accepted || !pending) throw new Error("no manga");
    await db.insert(mangaGenres).values([{ mangaId: accepted.id, genre: 0 }, { mangaId: accepted.id, genre: 2 }]);
    await db.insert(favorites).values([{ userId: me.id, mangaId: accepted.id }, { userId: me.id, mangaId: pending.id }, { userId: other.id, mangaId: accepted.id }]);
    await db.insert(notifications).values([{ userId: me.id, message: "Hello", type: 2 }, { userId: other.id, message: "Not yours" }]);
    const now = Date.now();
    await db.insert(subscriptions).values({ userId: me.id, plan: 1, durationDays: 30, startsAt: new Date(now - 10 * 86_400_000), endsAt: new Date(now + 20 * 86_400_000) });
    await db.insert(transactions).values([{ userId: me.id, method: "card", amount: "9.99", status: 1, referenceId: "ref-1" }, { userId: other.id, method: "card", amount: "1", referenceId: "ref-x" }]);
    const token = await tokenFor(Role.writer, me.id);

    const favs = await call("GET /api/Authentication/Me/Favorites", { token, query: "imageFormat=url" });
    expect(favs.body.data).toEqual([
      expect.objectContaining({ mangaId: accepted.id, title: "Someone's Hit", genres: ["Action", "Comedy"], coverImage: null }),
    ]);
    const mangaList = await call("GET /api/Authentication/Me/Manga", { token });
    expect(mangaList.body.data).toEqual([expect.objectContaining({ id: mine.id, title: "My Pending Work", status: Status.Pending, user: { username: me.username } })]);
    const notes = await call("GET /api/Authentication/Me/Notifications", { token });
    expect(notes.body.data).toEqual([expect.objectContaining({ message: "Hello", type: 2, isRead: false })]);
    const subs = await call("GET /api/Authentication/Me/Subscriptions", { token });
    expect(subs.body.data).toEqual([expect.objectContaining({ type: 1, duration: 30, remainingDays: 20, active: true })]);
    const tx = await call("GET /api/Authentication/Me/Transactions", { token });
    expect(tx.body.data).toEqual([expect.objectContaining({ method: "card", amount: 9.99, status: 1, referenceId: "ref-1" })]);
  });
});

describe("access to the account routes", () => {
  const signedIn = (Object.keys(ROUTES) as Key[]).filter((key) => !(ACCESS[key] as readonly string[]).includes("visitor"));

  it("matches the table: visitors get 401 on every signed-in route", async () => {
    expect(signedIn.sort()).toEqual([
      "GET /api/Authentication/Me",
      "GET /api/Authentication/Me/Favorites",
      "GET /api/Authentication/Me/Manga",
      "GET /api/Authentication/Me/Notifications",
      "GET /api/Authentication/Me/Subscriptions",
      "GET /api/Authentication/Me/Transactions",
      "POST /api/Authentication/FirebaseMigration",
      "POST /api/Authentication/Logout",
      "POST /api/Authentication/UpdateSelf",
    ]);
    for (const key of signedIn) {
      const res = await call(key, { body: key.startsWith("POST") ? {} : undefined });
      expect({ key, status: res.status }).toEqual({ key, status: 401 });
    }
  });

  it("lets every role use its own account routes", async () => {
    const db = await getDb();
    for (const role of [Role.reader, Role.writer, Role.staff, Role.admin, Role.root]) {
      const user = await createTestUser(db, { role });
      const token = await tokenFor(role, user.id);
      for (const key of signedIn) {
        const res = await call(key, { token, body: key.startsWith("POST") ? {} : undefined });
        // 409: FirebaseMigration for an account that need not select a role; 422: an empty body.
        expect({ key, role, ok: [200, 409, 422].includes(res.status) }).toEqual({ key, role, ok: true });
      }
    }
  });
});
