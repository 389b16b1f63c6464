import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { auditLog, refreshTokens as refreshTable, users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { AppError } from "@/server/core/errors";
import { verifyAccessToken } from "./access-token";
import { settleAfterAnswer } from "./after-answer";
import { login } from "./login";
import { logout } from "./logout";
import { AUTH_POLICY } from "./policy";
import { refreshTokens } from "./refresh-tokens";
import { revokeUserRefreshTokens } from "./revoke-tokens";
import { hashSecret } from "./secure-token";
import { createTestUser } from "./testing";

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

let ipCounter = 0;
const freshIp = () => `10.1.0.${++ipCounter}`;

describe("login", () => {
  it("signs in by username, by e-mail, and by an e-mail typed as the username", async () => {
    const db = await getDb();
    const user = await createTestUser(db, { role: Role.writer });
    const ip = freshIp();
    for (const who of [{ username: user.username.toUpperCase() }, { email: user.email }, { username: user.email }]) {
      const { tokens, user: me } = await login({ db, ...who, password: user.password, ip });
      expect(me).toMatchObject({ id: user.id, username: user.username, role: Role.writer, profileImage: null });
      expect(await verifyAccessToken(tokens.accessToken)).toMatchObject({ userId: user.id, role: Role.writer, sid: expect.any(String) });
      expect(new Date(tokens.accessTokenExpiresAt).getTime() - Date.now()).toBeLessThanOrEqual(15 * 60 * 1000);
      expect(new Date(tokens.refreshTokenExpiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    }
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastLogin).toBeInstanceOf(Date);
    // The refresh token is stored only as its hash.
    const stored = await db.select({ tokenHash: refreshTable.tokenHash }).from(refreshTable).where(eq(refreshTable.userId, user.id));
    expect(stored).toHaveLength(3);
  });

  it("answers the same generic 401 for an unknown account and a wrong password", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const ip = freshIp();
    const unknown = await failure(login({ db, username: "nobody_here", password: "Whatever#1", ip }));
    const wrong = await failure(login({ db, username: user.username, password: "Wrong#123", ip }));
    expect([unknown.httpStatus, unknown.messageKey]).toEqual([401, "invalidCredentials"]);
    expect([wrong.httpStatus, wrong.messageKey]).toEqual([401, "invalidCredentials"]);
    expect(wrong.message).toBe(unknown.message);
  });

  it("counts failed sign-ins, locks after five for 15 minutes, and resets on success", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const ip = freshIp();
    const t0 = new Date();
    for (let i = 1; i <= 4; i++) {
      expect((await failure(login({ db, username: user.username, password: "bad", ip, now: t0 }))).httpStatus).toBe(401);
    }
    const locked = await failure(login({ db, username: user.username, password: "bad", ip, now: t0 }));
    expect([locked.httpStatus, locked.messageKey, locked.params]).toEqual([429, "accountLocked", { minutes: 15 }]);
    expect(locked.headers?.["Retry-After"]).toBe(String(15 * 60));
    // The right password does not get in while locked.
    const stillLocked = await failure(login({ db, username: user.username, password: user.password, ip, now: new Date(t0.getTime() + 60_000) }));
    expect(stillLocked.messageKey).toBe("accountLocked");
    // The account's count and the lockout's audit are written after the answers.
    await settleAfterAnswer();
    let [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row?.failedLoginAttempts).toBe(5);
    // The lockout is audited once (the failures before it are not).
    const audited = await db.select().from(auditLog).where(and(eq(auditLog.action, "auth.lockout"), eq(auditLog.targetId, String(user.id))));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actorId: null, targetType: "user", details: { failedLoginAttempts: 5 } });
    // After the lock it works, and the counter starts over.
    const later = new Date(t0.getTime() + AUTH_POLICY.lockMs + 1000);
    await login({ db, username: user.username, password: user.password, ip, now: later });
    [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect([row?.failedLoginAttempts, row?.lockedUntil]).toEqual([0, null]);
  });

  it("rate limits failed sign-ins per address (429) without counting successful ones", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const ip = freshIp();
    for (let i = 0; i < 40; i++) await login({ db, username: user.username, password: user.password, ip });
    for (let i = 0; i < 30; i++) await failure(login({ db, username: `ghost_${i}`, password: "x", ip }));
    const limited = await failure(login({ db, username: user.username, password: user.password, ip }));
    expect([limited.httpStatus, limited.messageKey]).toEqual([429, "tooManyRequests"]);
    // Another address is not affected.
    await login({ db, username: user.username, password: user.password, ip: freshIp() });
  });

  it("refuses a banned account with 403, only after the right password", async () => {
    const db = await getDb();
    const user = await createTestUser(db, { banned: true });
    const ip = freshIp();
    expect((await failure(login({ db, username: user.username, password: "Wrong#1", ip }))).httpStatus).toBe(401);
    const banned = await failure(login({ db, username: user.username, password: user.password, ip }));
    expect([banned.httpStatus, banned.messageKey]).toEqual([403, "accountBanned"]);
  });

  it("refuses an account without a password", async () => {
    const db = await getDb();
    const user = await createTestUser(db, { passwordHash: null });
    expect((await failure(login({ db, username: user.username, password: user.password, ip: freshIp() }))).httpStatus).toBe(401);
  });
});

describe("refresh tokens", () => {
  it("rotate: each token works once and the new access token carries the current role", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const first = await login({ db, username: user.username, password: user.password, ip: freshIp() });
    await db.update(users).set({ role: Role.writer }).where(eq(users.id, user.id));
    const second = await refreshTokens({ db, refreshToken: first.tokens.refreshToken });
    expect(second.refreshToken).not.toBe(first.tokens.refreshToken);
    expect(await verifyAccessToken(second.accessToken)).toMatchObject({ userId: user.id, role: Role.writer, sid: expect.any(String) });
    const third = await refreshTokens({ db, refreshToken: second.refreshToken });
    expect(third.refreshToken).not.toBe(second.refreshToken);
  });

  it("reuse of a spent token revokes the whole family", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const { tokens } = await login({ db, username: user.username, password: user.password, ip: freshIp() });
    const other = await login({ db, username: user.username, password: user.password, ip: freshIp() });
    const rotated = await refreshTokens({ db, refreshToken: tokens.refreshToken });
    // An attacker replays the stolen first token: 401, and the legitimate newer token dies too.
    expect((await failure(refreshTokens({ db, refreshToken: tokens.refreshToken }))).httpStatus).toBe(401);
    expect((await failure(refreshTokens({ db, refreshToken: rotated.refreshToken }))).httpStatus).toBe(401);
    // Another sign-in of the same user (another family) is untouched.
    await refreshTokens({ db, refreshToken: other.tokens.refreshToken });
  });

  it("only one of two concurrent refreshes with the same token wins", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const { tokens } = await login({ db, username: user.username, password: user.password, ip: freshIp() });
    const results = await Promise.allSettled([refreshTokens({ db, refreshToken: tokens.refreshToken }), refreshTokens({ db, refreshToken: tokens.refreshToken })]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("refuse unknown, malformed, expired and past-the-family tokens", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const { tokens } = await login({ db, username: user.username, password: user.password, ip: freshIp() });
    for (const bad of ["", "x", "A".repeat(43), `${tokens.refreshToken}x`]) {
      expect((await failure(refreshTokens({ db, refreshToken: bad }))).httpStatus).toBe(401);
    }
    const afterExpiry = new Date(Date.now() + AUTH_POLICY.refreshTokenTtlMs + 1000);
    expect((await failure(refreshTokens({ db, refreshToken: tokens.refreshToken, now: afterExpiry }))).httpStatus).toBe(401);
    // Rotation never extends past the family's absolute end.
    await db.update(refreshTable).set({ familyExpiresAt: new Date(Date.now() + 60_000) }).where(eq(refreshTable.tokenHash, hashSecret(tokens.refreshToken)));
    const next = await refreshTokens({ db, refreshToken: tokens.refreshToken });
    expect(new Date(next.refreshTokenExpiresAt).getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
    expect((await failure(refreshTokens({ db, refreshToken: next.refreshToken, now: new Date(Date.now() + 61_000) }))).httpStatus).toBe(401);
  });

  it("a banned user cannot refresh; a ban's revocation ends every session", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const a = await login({ db, username: user.username, password: user.password, ip: freshIp() });
    const b = await login({ db, username: user.username, password: user.password, ip: freshIp() });
    await db.update(users).set({ banned: true }).where(eq(users.id, user.id));
    expect((await failure(refreshTokens({ db, refreshToken: a.tokens.refreshToken }))).httpStatus).toBe(401);
    expect(await revokeUserRefreshTokens({ db, userId: user.id })).toBeGreaterThanOrEqual(1);
    await db.update(users).set({ banned: false }).where(eq(users.id, user.id));
    expect((await failure(refreshTokens({ db, refreshToken: b.tokens.refreshToken }))).httpStatus).toBe(401);
  });

  it("logout revokes that sign-in only, and ignores someone else's token", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const stranger = await createTestUser(db);
    const mine = await login({ db, username: user.username, password: user.password, ip: freshIp() });
    const other = await login({ db, username: user.username, password: user.password, ip: freshIp() });
    const theirs = await login({ db, username: stranger.username, password: stranger.password, ip: freshIp() });
    await logout({ db, userId: user.id, refreshToken: theirs.tokens.refreshToken });
    await refreshTokens({ db, refreshToken: theirs.tokens.refreshToken });
    await logout({ db, userId: user.id, refreshToken: mine.tokens.refreshToken });
    expect((await failure(refreshTokens({ db, refreshToken: mine.tokens.refreshToken }))).httpStatus).toBe(401);
    await refreshTokens({ db, refreshToken: other.tokens.refreshToken });
    await logout({ db, userId: user.id, refreshToken: "garbage" });
  });
});
