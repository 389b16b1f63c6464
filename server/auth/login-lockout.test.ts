import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { emailOutbox } from "@/db/schema";
import { Role } from "@/lib/enums";
import type { AppError } from "@/server/core/errors";
import { settleAfterAnswer } from "./after-answer";
import { login } from "./login";
import { createTestUser } from "./testing";

/**
 * Issue 19, item 3: five wrong passwords locked an account for 15 minutes against everyone, its owner and root
 * included, and an unknown name kept answering 401, so 429 against 401 told which names exist. Now failures count per
 * account AND address, an unknown name is answered the same way, and the owner is told by mail.
 */
let n = 0;
const freshIp = () => `10.3.${Math.floor(++n / 250)}.${n % 250}`;

async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "200";
  } catch (err) {
    const e = err as AppError;
    return `${e.httpStatus} ${e.messageKey} ${e.headers?.["Retry-After"] ?? ""}`.trim();
  }
}

async function mailsTo(to: string) {
  const db = await getDb();
  return db.select({ subject: emailOutbox.subject, text: emailOutbox.text }).from(emailOutbox).where(eq(emailOutbox.to, to));
}

describe("failed sign-ins", () => {
  it("keep the attacking address out, not the owner (root included)", async () => {
    const db = await getDb();
    const root = await createTestUser(db, { role: Role.root });
    const attacker = freshIp();
    const now = new Date();
    const seen = [];
    for (let i = 0; i < 6; i++) seen.push(await outcome(login({ db, username: root.username, password: "wrong", ip: attacker, now })));
    expect(seen).toEqual([...Array(4).fill("401 invalidCredentials"), "429 accountLocked 900", "429 accountLocked 900"]);
    // The right password from that address waits too; from the owner's own address it signs in.
    expect(await outcome(login({ db, username: root.username, password: root.password, ip: attacker, now }))).toBe("429 accountLocked 900");
    expect(await outcome(login({ db, username: root.username, password: root.password, ip: freshIp(), now }))).toBe("200");
    expect(await outcome(login({ db, email: root.email, password: root.password, ip: freshIp(), now }))).toBe("200");
    // After the window the address may try again.
    expect(await outcome(login({ db, username: root.username, password: root.password, ip: attacker, now: new Date(now.getTime() + 15 * 60_000 + 1000) }))).toBe("200");
  });

  it("answer an unknown name exactly like an existing account", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const now = new Date();
    const known: string[] = [];
    const unknown: string[] = [];
    const [ipKnown, ipUnknown] = [freshIp(), freshIp()];
    for (let i = 0; i < 7; i++) {
      known.push(await outcome(login({ db, username: user.username, password: "wrong", ip: ipKnown, now })));
      unknown.push(await outcome(login({ db, username: `nobody_${user.id}`, password: "wrong", ip: ipUnknown, now })));
    }
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toBe("429 accountLocked 900");
  });

  it("tell the owner by mail, in their language, at most once an hour", async () => {
    const db = await getDb();
    const user = await createTestUser(db, { locale: "ar" });
    const now = new Date();
    for (let i = 0; i < 4; i++) await outcome(login({ db, username: user.username, password: "wrong", ip: freshIp(), now }));
    // The owner's mail is written after the answer (the answer's timing does not tell whether the account exists).
    await settleAfterAnswer();
    expect(await mailsTo(user.email)).toHaveLength(0);
    for (const ip of [freshIp(), freshIp()]) {
      for (let i = 0; i < 5; i++) await outcome(login({ db, username: user.username, password: "wrong", ip, now }));
    }
    await settleAfterAnswer();
    const all = await mailsTo(user.email);
    expect(all).toHaveLength(1);
    expect(all[0]!.subject).toMatch(/محاولات دخول فاشلة/);
    expect(all[0]!.text).toContain("/ar/auth/forgot-password");
  });
});
