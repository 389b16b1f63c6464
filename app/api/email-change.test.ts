import { and, eq, gt, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { emailOutbox, users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { createTestUser, lastMailTo } from "@/server/auth/testing";
import { validationTranslator } from "@/server/auth/validation";
import { apiMessage } from "@/server/core/messages";
import type { RouteKey } from "@/server/core/access-table";
import type { RouteHandler } from "@/server/http/route";
import { jsonRequest, noParams, tokenFor } from "@/server/http/test-helpers";
import { GET as ConfirmEmailChange } from "./Authentication/ConfirmEmailChange/route";
import { GET as Me } from "./Authentication/Me/route";
import { POST as UpdateSelf } from "./Authentication/UpdateSelf/route";

/**
 * Issue 27, item 6: UpdateSelf changed the e-mail without the password and without limit (30 changes in 1.2 s sent 60
 * mails to third parties), and its 409s told any signed-in user whether an address or a name has an account. Now a new
 * address needs the current password, is only applied once the link mailed to it is opened, is limited per account
 * (and per address), and the answer is the same whether or not the address is taken: the mail says so instead. The old
 * address is told of the request and of the change. Username changes are limited per account, so 409 usernameTaken is
 * no unlimited oracle.
 */
// The database opens and migrates once, under the hook's longer timeout, not inside the first test.
beforeAll(async () => {
  await getDb();
});

const ROUTES = {
  "POST /api/Authentication/UpdateSelf": UpdateSelf,
  "GET /api/Authentication/ConfirmEmailChange": ConfirmEmailChange,
  "GET /api/Authentication/Me": Me,
} satisfies Partial<Record<RouteKey, RouteHandler>>;

async function call(key: keyof typeof ROUTES, opts: { body?: unknown; token?: string; query?: string; locale?: "en" | "ar" } = {}) {
  const headers: Record<string, string> = { "x-forwarded-for": "10.27.6.1" };
  if (opts.locale) headers["accept-language"] = opts.locale;
  const res = await ROUTES[key](jsonRequest(key, { body: opts.body, token: opts.token, query: opts.query, headers }), noParams);
  return { status: res.status, body: await res.json() };
}

const fresh = (what: string) => `${what}_${process.pid}_${Math.random().toString(36).slice(2, 9)}@example.com`;

async function emailOf(id: number) {
  const db = await getDb();
  const [row] = await db.select({ email: users.email, emailVerified: users.emailVerified }).from(users).where(eq(users.id, id));
  return row;
}

async function mailsTo(addresses: string[], afterId = 0) {
  const db = await getDb();
  return db.select({ id: emailOutbox.id }).from(emailOutbox).where(and(inArray(emailOutbox.to, addresses), gt(emailOutbox.id, afterId)));
}

describe("changing the e-mail with UpdateSelf", () => {
  it("needs the current password: missing or wrong is a 422 on currentPassword, and nothing changes or is mailed", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const token = await tokenFor(Role.reader, user.id);
    const next = fresh("nopass");
    const missing = await call("POST /api/Authentication/UpdateSelf", { token, body: { email: next, fullName: "Should Not Stick" } });
    expect([missing.status, missing.body.data.errors]).toEqual([422, { currentPassword: [validationTranslator("en")("passwordRequired")] }]);
    const wrong = await call("POST /api/Authentication/UpdateSelf", { token, locale: "ar", body: { email: next, currentPassword: "Wrong#123" } });
    expect([wrong.status, wrong.body.data.errors]).toEqual([422, { currentPassword: [apiMessage("ar", "currentPasswordWrong")] }]);
    expect(await emailOf(user.id)).toEqual({ email: user.email, emailVerified: true });
    expect((await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, user.id)))[0]?.fullName).not.toBe("Should Not Stick");
    expect(await mailsTo([next, user.email])).toHaveLength(0);
    // Other fields need no password.
    expect((await call("POST /api/Authentication/UpdateSelf", { token, body: { fullName: "Plain Rename" } })).status).toBe(200);
  });

  it("applies only once the link mailed to the new address is opened; the old address is told both times", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const token = await tokenFor(Role.reader, user.id);
    const next = fresh("moved");
    const res = await call("POST /api/Authentication/UpdateSelf", { token, body: { email: next, currentPassword: user.password } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(apiMessage("en", "emailChangeRequested", { email: next }));
    expect(res.body.data).toMatchObject({ email: user.email, emailVerified: true });
    expect(await emailOf(user.id)).toEqual({ email: user.email, emailVerified: true });
    expect((await call("GET /api/Authentication/Me", { token })).body.data.email).toBe(user.email);

    const toNew = await lastMailTo(db, next);
    expect(toNew?.subject).toMatch(/Confirm your new email address/);
    expect(toNew?.link).toContain("/auth/confirm-email-change?token=");
    const requested = await lastMailTo(db, user.email);
    expect(requested?.subject).toMatch(/change of your email address was requested/i);
    expect(requested?.text).toContain(next);
    expect(requested?.token).toBeNull();

    const confirmed = await call("GET /api/Authentication/ConfirmEmailChange", { query: `token=${toNew?.token}` });
    expect([confirmed.status, confirmed.body.message]).toEqual([200, apiMessage("en", "emailChanged")]);
    expect(await emailOf(user.id)).toEqual({ email: next, emailVerified: true });
    const applied = await lastMailTo(db, user.email);
    expect(applied?.subject).toMatch(/Your email address was changed/);
    expect(applied?.text).toContain(next);
    // The link is single-use; a bad one is a 400 in the envelope.
    const again = await call("GET /api/Authentication/ConfirmEmailChange", { query: `token=${toNew?.token}` });
    expect(again.status).toBe(400);
    expect((await call("GET /api/Authentication/ConfirmEmailChange", { query: "token=nonsense" })).status).toBe(400);
    expect((await call("GET /api/Authentication/ConfirmEmailChange", {})).status).toBe(400);
  });

  it("answers the same for a taken address as for a free one; the taken address's mail says it has an account and changes nothing", async () => {
    const db = await getDb();
    const owner = await createTestUser(db);
    const prober = await createTestUser(db);
    const token = await tokenFor(Role.reader, prober.id);
    const free = fresh("free");
    const takenAnswer = await call("POST /api/Authentication/UpdateSelf", { token, body: { email: owner.email.toUpperCase(), currentPassword: prober.password } });
    const freeAnswer = await call("POST /api/Authentication/UpdateSelf", { token, body: { email: free, currentPassword: prober.password } });
    expect(takenAnswer.status).toBe(freeAnswer.status);
    expect(takenAnswer.body.data).toEqual(freeAnswer.body.data);
    expect(takenAnswer.body.message.replace(owner.email.toUpperCase(), "X")).toBe(freeAnswer.body.message.replace(free, "X"));

    const toOwner = await lastMailTo(db, owner.email.toUpperCase());
    expect(toOwner?.text).toMatch(/this address already has an account/i);
    expect(toOwner?.token).toBeNull();
    expect(await emailOf(prober.id)).toMatchObject({ email: prober.email });
    expect(await emailOf(owner.id)).toMatchObject({ email: owner.email });

    // An address taken between the request and the link: confirming changes nothing (409, the same words).
    const racer = fresh("racer");
    await call("POST /api/Authentication/UpdateSelf", { token, body: { email: racer, currentPassword: prober.password } });
    const link = await lastMailTo(db, racer);
    await createTestUser(db, { email: racer });
    const late = await call("GET /api/Authentication/ConfirmEmailChange", { query: `token=${link?.token}` });
    expect([late.status, late.body.message]).toEqual([409, apiMessage("en", "emailChangeTaken")]);
    expect(await emailOf(prober.id)).toMatchObject({ email: prober.email });
  });

  it("is limited per account: 30 requests in a row send no flood of mail", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const token = await tokenFor(Role.reader, user.id);
    const before = (await db.select({ id: emailOutbox.id }).from(emailOutbox).orderBy(emailOutbox.id)).at(-1)?.id ?? 0;
    const targets: string[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const target = fresh(`flood${i}`);
      targets.push(target);
      statuses.push((await call("POST /api/Authentication/UpdateSelf", { token, body: { email: target, currentPassword: user.password } })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    // Five confirmation mails to the new addresses and five notices to the old one, no more.
    expect(await mailsTo(targets, before)).toHaveLength(5);
    expect(await mailsTo([user.email], before)).toHaveLength(5);
    const limited = await call("POST /api/Authentication/UpdateSelf", { token, body: { email: fresh("late"), currentPassword: user.password } });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ statusCode: 429 });
  });

  it("limits username changes per account, so 409 usernameTaken is no unlimited oracle", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const token = await tokenFor(Role.reader, user.id);
    const others = await Promise.all(Array.from({ length: 3 }, () => createTestUser(db)));
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await call("POST /api/Authentication/UpdateSelf", { token, body: { username: others[i % 3]!.username } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 409)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    // Other profile changes go on.
    expect((await call("POST /api/Authentication/UpdateSelf", { token, body: { theme: "dark" } })).status).toBe(200);
  });
});
