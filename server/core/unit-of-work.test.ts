import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { auditLog, notifications, users } from "@/db/schema";
import { parseSignal, publishNotification } from "@/server/notifications/publish-notification";
import { audit } from "./audit";
import { getBus } from "./bus";
import { runUnitOfWork } from "./unit-of-work";

/** Runs on the suite's engine: PGlite (in-process bus) by default, PostgreSQL (LISTEN/NOTIFY) with TEST_DATABASE_URL. */
async function newUser(name: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.insert(users).values({ username: name, email: `${name}@example.com`, fullName: name }).returning({ id: users.id });
  return row!.id;
}

/** Every id the bus signals from now on. */
async function signalled(): Promise<{ ids: number[]; stop: () => void }> {
  const ids: number[] = [];
  // A signal carries ids and [first, last] runs of consecutive ids (publish-notification.ts).
  const stop = (await getBus()).subscribe("manga_notifications", (payload) => {
    const { ids: single, runs } = parseSignal(payload);
    ids.push(...single, ...runs.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => first + i)));
  });
  await (await getBus()).whenListening();
  return { ids, stop };
}

describe("runUnitOfWork", () => {
  it("runs effects after the commit, in order, and answers the work's result", async () => {
    const db = await getDb();
    const order: string[] = [];
    const result = await runUnitOfWork(db, async ({ tx, afterCommit }) => {
      await tx.insert(users).values({ username: "uow_a", email: "uow_a@example.com", fullName: "A" });
      afterCommit(() => order.push("first"));
      afterCommit(async () => {
        // The write is visible outside the transaction by the time effects run.
        const rows = await db.select({ id: users.id }).from(users).where(eq(users.username, "uow_a"));
        order.push(`second:${rows.length}`);
      });
      order.push("work");
      return 42;
    });
    expect(result).toBe(42);
    expect(order).toEqual(["work", "first", "second:1"]);
  });

  it("a failing effect is logged and neither undoes the work nor stops the effects after it", async () => {
    const db = await getDb();
    const ran: string[] = [];
    await runUnitOfWork(db, async ({ tx, afterCommit }) => {
      await tx.insert(users).values({ username: "uow_b", email: "uow_b@example.com", fullName: "B" });
      afterCommit(() => {
        throw new Error("effect down");
      });
      afterCommit(() => ran.push("after"));
    });
    expect(ran).toEqual(["after"]);
    expect(await db.select({ id: users.id }).from(users).where(eq(users.username, "uow_b"))).toHaveLength(1);
  });

  it("a use case that throws after audit and publishNotification leaves no audit row, no notification and sends nothing", async () => {
    const db = await getDb();
    const userId = await newUser("uow_c");
    const bus = await signalled();
    const effects: string[] = [];
    await expect(
      runUnitOfWork(db, async (uow) => {
        await audit(uow.tx, { actorId: userId, action: "test.rollback", subject: { type: "user", id: userId }, details: { why: "test" } });
        await publishNotification(uow, { to: [userId], message: "never sent", type: 1 });
        uow.afterCommit(() => effects.push("ran"));
        throw new Error("the use case fails after its effects were declared");
      }),
    ).rejects.toThrow("the use case fails");
    expect(effects).toEqual([]);
    expect(await db.select().from(auditLog).where(eq(auditLog.action, "test.rollback"))).toHaveLength(0);
    expect(await db.select().from(notifications).where(eq(notifications.userId, userId))).toHaveLength(0);

    // The same use case committed: one audit row, one notification, and the bus carries exactly its id.
    const ids = await runUnitOfWork(db, async (uow) => {
      await audit(uow.tx, { actorId: userId, action: "test.commit", subject: { type: "user", id: userId } });
      return publishNotification(uow, { to: [userId], message: "sent", type: 2 });
    });
    await expect.poll(() => bus.ids.length).toBeGreaterThan(0);
    expect(bus.ids).toEqual(ids);
    bus.stop();
    const [row] = await db.select().from(auditLog).where(eq(auditLog.action, "test.commit"));
    expect(row).toMatchObject({ actorId: userId, targetType: "user", targetId: String(userId) });
    expect(await db.select().from(notifications).where(eq(notifications.userId, userId))).toHaveLength(1);
  });

  it("a global notification fans out to every account in one statement and signals every id", async () => {
    const db = await getDb();
    await newUser("uow_d1");
    await newUser("uow_d2");
    const bus = await signalled();
    const count = (await db.select({ id: users.id }).from(users)).length;
    const ids = await runUnitOfWork(db, (uow) => publishNotification(uow, { to: "everyone", message: "Announcement", type: 1 }));
    expect(ids).toHaveLength(count);
    await expect.poll(() => bus.ids.length).toBe(count);
    expect(new Set(bus.ids)).toEqual(new Set(ids));
    bus.stop();
  });
});
