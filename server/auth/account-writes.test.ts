import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { auditLog, emailOutbox, emailTokens, refreshTokens as refreshTable, users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { registerSchema } from "@/lib/validation/auth";
import { issueTokens } from "./issue-tokens";
import { refreshTokens } from "./refresh-tokens";
import { register } from "./register";
import { hashSecret } from "./secure-token";
import { selectRole } from "./select-role";
import { createTestUser } from "./testing";
import { updateSelf } from "./update-self";
import { validationTranslator } from "./validation";

/** Each account write is one transaction (docs/decisions/012): a failure part-way leaves nothing behind. */

const failures = vi.hoisted(() => ({ mail: false, sign: false }));

vi.mock("@/server/mail/templates", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/server/mail/templates")>();
  return {
    ...original,
    verifyEmailMail: (...args: Parameters<typeof original.verifyEmailMail>) => {
      if (failures.mail) throw new Error("the mail template failed");
      return original.verifyEmailMail(...args);
    },
    confirmEmailChangeMail: (...args: Parameters<typeof original.confirmEmailChangeMail>) => {
      if (failures.mail) throw new Error("the mail template failed");
      return original.confirmEmailChangeMail(...args);
    },
  };
});

vi.mock("./access-token", async (importOriginal) => {
  const original = await importOriginal<typeof import("./access-token")>();
  return {
    ...original,
    signAccessToken: (...args: Parameters<typeof original.signAccessToken>) => {
      if (failures.sign) return Promise.reject(new Error("signing failed"));
      return original.signAccessToken(...args);
    },
  };
});

afterEach(() => {
  failures.mail = false;
  failures.sign = false;
});

let counter = 0;
const tag = () => `uow_${process.pid}_${++counter}_${Math.random().toString(36).slice(2, 6)}`;

describe("account writes in one transaction", () => {
  it("Register: no account, token or mail row when the verification mail fails; all three when it succeeds", async () => {
    const db = await getDb();
    const input = (name: string) =>
      registerSchema(validationTranslator("en")).parse({
        fullName: "Unit Of Work",
        username: name,
        email: `${name}@example.com`,
        password: "Secret#123",
        confirmPassword: "Secret#123",
        role: 0,
        dateOfBirth: "01/02/1990",
      });
    const failing = tag();
    failures.mail = true;
    await expect(register({ db, input: input(failing), locale: "en", ip: `10.9.0.${counter}` })).rejects.toThrow("the mail template failed");
    expect(await db.select().from(users).where(eq(users.username, failing))).toHaveLength(0);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, `${failing}@example.com`))).toHaveLength(0);

    failures.mail = false;
    const ok = tag();
    const created = await register({ db, input: input(ok), locale: "en", ip: `10.9.0.${counter}` });
    expect(await db.select().from(emailTokens).where(eq(emailTokens.userId, created.id))).toHaveLength(1);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, `${ok}@example.com`))).toHaveLength(1);
  });

  it("UpdateSelf: a new address whose mail fails leaves the account as it was", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const address = `${tag()}@example.com`;
    failures.mail = true;
    await expect(updateSelf({ db, userId: user.id, locale: "en", input: { fullName: "Changed", email: address, currentPassword: user.password } })).rejects.toThrow();
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: user.email, emailVerified: true });
    expect(row?.fullName).not.toBe("Changed");
    expect(await db.select().from(emailTokens).where(eq(emailTokens.userId, user.id))).toHaveLength(0);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email))).toHaveLength(0);
  });

  it("select-role: the role and its audit row commit together", async () => {
    const db = await getDb();
    const user = await createTestUser(db, { mustSelectRole: true });
    await selectRole({ db, userId: user.id, userRoleType: 1, dateOfBirth: "05/06/1990" });
    const audited = await db.select().from(auditLog).where(and(eq(auditLog.action, "user.role.select"), eq(auditLog.targetId, String(user.id))));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actorId: user.id, details: { role: Role.writer } });
  });

  it("refresh: when the successor cannot be issued, the presented token is not spent", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const tokens = await issueTokens({ db, userId: user.id, role: Role.reader });
    failures.sign = true;
    await expect(refreshTokens({ db, refreshToken: tokens.refreshToken })).rejects.toThrow("signing failed");
    const [row] = await db.select().from(refreshTable).where(eq(refreshTable.tokenHash, hashSecret(tokens.refreshToken)));
    expect(row?.usedAt).toBeNull();
    failures.sign = false;
    const next = await refreshTokens({ db, refreshToken: tokens.refreshToken });
    expect(next.refreshToken).not.toBe(tokens.refreshToken);
  });
});
