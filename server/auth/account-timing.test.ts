import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";

/**
 * Sign-in and forgot-password cost the same whether or not the account exists (issue 27, item 15). Not a timing test:
 * it checks the work each path does before it answers. The password check is counted (every failure path verifies one
 * argon2 hash, a dummy one when there is no account or no password), and the database transactions can be held: the
 * account-only bookkeeping (a failed sign-in's counter, a reset mail's token and outbox row) must not be waited for.
 */
const probe = vi.hoisted(() => ({ verifies: 0, hold: null as Promise<void> | null, heldUnits: 0 }));

vi.mock("./password", async (importOriginal) => {
  const real = await importOriginal<typeof import("./password")>();
  return {
    ...real,
    verifyPassword: (hash: string, password: string) => {
      probe.verifies++;
      return real.verifyPassword(hash, password);
    },
  };
});

vi.mock("@/server/core/unit-of-work", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/server/core/unit-of-work")>();
  return {
    ...real,
    runUnitOfWork: async (...args: Parameters<typeof real.runUnitOfWork>) => {
      if (probe.hold) {
        probe.heldUnits++;
        await probe.hold;
      }
      return real.runUnitOfWork(...args);
    },
  };
});

const { login } = await import("./login");
const { requestPasswordReset } = await import("./request-password-reset");
const { settleAfterAnswer } = await import("./after-answer");
const { createTestUser, lastMailTo } = await import("./testing");

let ipCounter = 0;
const freshIp = () => `10.9.0.${++ipCounter}`;

/** The promise's outcome once it settles: "ok" or the AppError's status. */
function outcome(promise: Promise<unknown>): { settled: () => string | undefined } {
  let result: string | undefined;
  promise.then(
    () => (result = "ok"),
    (err: { httpStatus?: number }) => (result = String(err.httpStatus ?? err)),
  );
  return { settled: () => result };
}

/** Holds every unit of work started from now until the returned function is called. */
function holdTransactions(): () => void {
  let release!: () => void;
  probe.hold = new Promise<void>((resolve) => (release = resolve));
  probe.heldUnits = 0;
  return () => {
    probe.hold = null;
    release();
  };
}

describe("sign-in costs the same for every failure", () => {
  it("verifies exactly one argon2 hash for an unknown name, a wrong password, an account without a password and a banned one", async () => {
    const db = await getDb();
    const known = await createTestUser(db);
    const passwordless = await createTestUser(db, { passwordHash: null });
    const banned = await createTestUser(db, { banned: true });
    const cases = [
      { username: "nobody_at_all_here", password: "Whatever#1" },
      { username: known.username, password: "Wrong#123" },
      { username: passwordless.username, password: "Whatever#1" },
      { email: "nobody@example.com", password: "Whatever#1" },
      { username: banned.username, password: "Wrong#123" },
    ];
    for (const who of cases) {
      probe.verifies = 0;
      await expect(login({ db, ...who, ip: freshIp() })).rejects.toMatchObject({ httpStatus: 401 });
      expect(probe.verifies, JSON.stringify(who)).toBe(1);
    }
    await settleAfterAnswer();
  });

  it("answers a wrong password without waiting for the account's bookkeeping (the failure count is written after)", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const release = holdTransactions();
    try {
      const wrong = outcome(login({ db, username: user.username, password: "Wrong#123", ip: freshIp() }));
      await vi.waitFor(() => expect(wrong.settled()).toBe("401"), { timeout: 5000 });
    } finally {
      release();
    }
    await settleAfterAnswer();
    const [row] = await db.select({ failed: users.failedLoginAttempts }).from(users).where(eq(users.id, user.id));
    expect(row?.failed).toBe(1);
  });
});

describe("forgot password costs the same whether or not the address has an account", () => {
  it("answers before the token and the mail are written, and writes them after", async () => {
    const db = await getDb();
    const user = await createTestUser(db);
    const release = holdTransactions();
    try {
      const known = outcome(requestPasswordReset({ db, email: user.email, locale: "en", ip: freshIp() }));
      const unknown = outcome(requestPasswordReset({ db, email: "ghost-timing@example.com", locale: "en", ip: freshIp() }));
      await vi.waitFor(() => expect([known.settled(), unknown.settled()]).toEqual(["ok", "ok"]), { timeout: 5000 });
      expect(await lastMailTo(db, user.email)).toBeNull();
    } finally {
      release();
    }
    await settleAfterAnswer();
    expect((await lastMailTo(db, user.email))?.link).toMatch(/\/auth\/reset-password\?token=[\w-]{43}$/);
    expect(await lastMailTo(db, "ghost-timing@example.com")).toBeNull();
  });
});
