import { eq } from "drizzle-orm";
import type { User } from "next-auth";
import type { AdapterUser } from "next-auth/adapters";
import type { JWT } from "next-auth/jwt";
import type { CredentialsConfig } from "next-auth/providers/credentials";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as ChangePassword } from "@/app/api/Authentication/ChangePassword/route";
import { GET as ConfirmEmailChange } from "@/app/api/Authentication/ConfirmEmailChange/route";
import { POST as Locale } from "@/app/api/Authentication/Locale/route";
import { POST as UpdateSelf } from "@/app/api/Authentication/UpdateSelf/route";
import { POST as SendResetPasswordEmail } from "@/app/api/Email/SendResetPasswordEmail/route";
import { POST as SendVerifyEmail } from "@/app/api/Email/SendVerifyEmail/route";
import { getDb, type Db } from "@/db/client";
import { users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { settleAfterAnswer } from "@/server/auth/after-answer";
import { login } from "@/server/auth/login";
import { authOptionsFor } from "@/server/auth/next-auth";
import { createTestUser, lastMailTo, type TestUser } from "@/server/auth/testing";
import { jsonRequest, noParams, tokenFor } from "@/server/http/test-helpers";

/**
 * Issue 28, item 2: every mail to an account is written in the account's language (users.locale), which follows the
 * person: the profile's language setting (POST /api/Authentication/Locale) and any language switch (through the
 * session endpoint, server/auth/next-auth.ts) change it. The request that causes a mail does not choose its language:
 * each request here names the other language (x-locale and Accept-Language), and the mail is in the account's.
 */
let db: Db;
let ipCount = 0;
const ARABIC = /[\u0600-\u06FF]/;

beforeAll(async () => {
  db = await getDb();
});

/** Request headers naming `lang`, from an address of their own (the mail limits count per address). */
const asked = (lang: "en" | "ar") => ({ "x-locale": lang, "accept-language": lang, "x-forwarded-for": `10.28.${Math.floor(++ipCount / 250)}.${ipCount % 250}` });

const localeOf = async (id: number) => (await db.select({ locale: users.locale }).from(users).where(eq(users.id, id)))[0]?.locale;

async function mailTo(to: string) {
  await settleAfterAnswer();
  const mail = await lastMailTo(db, to);
  expect(mail, `a mail to ${to}`).not.toBeNull();
  return mail!;
}

function expectLanguage(mail: { subject: string; text: string; link: string | null }, lang: "en" | "ar") {
  if (lang === "ar") {
    expect(mail.subject).toMatch(ARABIC);
    expect(mail.text).toMatch(ARABIC);
    if (mail.link?.includes("token=")) expect(new URL(mail.link).pathname).toMatch(/^\/ar\//);
  } else {
    expect(mail.subject).not.toMatch(ARABIC);
    expect(mail.text).not.toMatch(ARABIC);
    if (mail.link?.includes("token=")) expect(new URL(mail.link).pathname).not.toMatch(/^\/ar\//);
  }
}

/** The profile's language setting: the route the profile calls. */
async function chooseInProfile(user: TestUser, locale: "en" | "ar") {
  const res = await Locale(jsonRequest("POST /api/Authentication/Locale", { token: await tokenFor(Role.reader, user.id), body: { locale } }), noParams);
  expect(res.status).toBe(200);
  expect(await localeOf(user.id)).toBe(locale);
}

/** A language switch: the next read of the session endpoint carries the NEXT_LOCALE cookie the switch wrote. */
async function signIn(user: TestUser, chosen?: "en" | "ar"): Promise<JWT> {
  const provider = authOptionsFor(chosen).providers[0] as unknown as { options: CredentialsConfig };
  const signedIn = await provider.options.authorize({ username: user.username, password: user.password }, { headers: { "x-forwarded-for": "10.28.250.1" }, body: {}, query: {}, method: "POST" });
  return sessionRead({ sub: String(user.id) }, chosen, signedIn as User);
}
async function sessionRead(token: JWT, chosen: "en" | "ar" | undefined, user?: User): Promise<JWT> {
  return authOptionsFor(chosen).callbacks!.jwt!({
    token,
    user: user ?? (undefined as unknown as AdapterUser),
    account: user ? { providerAccountId: user.id, type: "credentials", provider: "credentials" } : null,
    trigger: user ? "signIn" : undefined,
  });
}

describe("mails go out in the account's language", () => {
  it("after the profile's language setting: the reset and verification mails, whatever the request's language", async () => {
    const user = await createTestUser(db, { locale: "en", emailVerified: false });
    await chooseInProfile(user, "ar");
    expect((await SendResetPasswordEmail(jsonRequest("POST /api/Email/SendResetPasswordEmail", { body: { toemail: user.email }, headers: asked("en") }), noParams)).status).toBe(200);
    expectLanguage(await mailTo(user.email), "ar");
    expect((await SendVerifyEmail(jsonRequest("POST /api/Email/SendVerifyEmail", { body: { toemail: user.email }, headers: asked("en") }), noParams)).status).toBe(200);
    const verify = await mailTo(user.email);
    expect(verify.link).toContain("/ar/auth/verify-email?token=");
    expectLanguage(verify, "ar");

    // Switching back turns them English, even when asked for from an Arabic page.
    await chooseInProfile(user, "en");
    expect((await SendResetPasswordEmail(jsonRequest("POST /api/Email/SendResetPasswordEmail", { body: { toemail: user.email }, headers: asked("ar") }), noParams)).status).toBe(200);
    const reset = await mailTo(user.email);
    expect(reset.link).toContain("/auth/reset-password?token=");
    expectLanguage(reset, "en");
  });

  it("after a language switch (the session endpoint with the language cookie): the e-mail change's three mails and the password change's", async () => {
    const user = await createTestUser(db, { locale: "en" });
    let token = await signIn(user);
    expect(await localeOf(user.id)).toBe("en");
    token = await sessionRead(token, "ar");
    expect(await localeOf(user.id)).toBe("ar");
    expect(token.locale).toBe("ar");

    const bearer = await tokenFor(Role.reader, user.id);
    const newEmail = `moved_${user.id}@example.com`;
    const change = await UpdateSelf(jsonRequest("POST /api/Authentication/UpdateSelf", { token: bearer, body: { email: newEmail, currentPassword: user.password }, headers: asked("en") }), noParams);
    expect(change.status, await change.clone().text()).toBe(200);
    const confirm = await mailTo(newEmail);
    expect(confirm.link).toContain("/ar/");
    expectLanguage(confirm, "ar");
    expectLanguage(await mailTo(user.email), "ar");

    const confirmed = await ConfirmEmailChange(jsonRequest("GET /api/Authentication/ConfirmEmailChange", { query: `token=${encodeURIComponent(confirm.token!)}`, headers: asked("en") }), noParams);
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    expectLanguage(await mailTo(user.email), "ar");

    const changed = await ChangePassword(
      jsonRequest("POST /api/Authentication/ChangePassword", { token: bearer, body: { currentPassword: user.password, newPassword: "Another#Pass9", confirmPassword: "Another#Pass9" }, headers: asked("en") }),
      noParams,
    );
    expect(changed.status, await changed.clone().text()).toBe(200);
    expectLanguage(await mailTo(newEmail), "ar");
  });

  it("an address taken by another account is told in that account's language", async () => {
    const asker = await createTestUser(db, { locale: "en" });
    const holder = await createTestUser(db, { locale: "ar" });
    const res = await UpdateSelf(jsonRequest("POST /api/Authentication/UpdateSelf", { token: await tokenFor(Role.reader, asker.id), body: { email: holder.email, currentPassword: asker.password }, headers: asked("en") }), noParams);
    expect(res.status).toBe(200);
    expectLanguage(await mailTo(holder.email), "ar");
    expectLanguage(await mailTo(asker.email), "en");
  });

  it("the lock-out warning, caused by someone else, is in the account's language", async () => {
    const user = await createTestUser(db, { locale: "en" });
    await signIn(user, "ar");
    expect(await localeOf(user.id)).toBe("ar");
    const now = new Date();
    for (const ip of ["10.28.251.1", "10.28.251.2"]) {
      for (let i = 0; i < 5; i++) await login({ db, username: user.username, password: "wrong", ip, now }).catch(() => undefined);
    }
    const warning = await mailTo(user.email);
    expect(warning.subject).toMatch(/محاولات دخول فاشلة/);
  });
});
