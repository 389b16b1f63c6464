import { sql } from "drizzle-orm";
import type { WebSocket } from "ws";
import { describe, expect, it } from "vitest";
import { getDb, getDbHandle } from "@/db/client";
import { users } from "@/db/schema";
import { publishNotification } from "@/server/notifications/publish-notification";
import { startNotificationDelivery } from "@/server/realtime/deliver-notifications";
import { addSocket, removeSocket } from "@/server/realtime/registry";
import { InProcessBus, PostgresBus } from "./bus";
import { runUnitOfWork } from "./unit-of-work";

/** A socket that records what it was sent (the registry needs only these members). */
function fakeSocket(): { ws: WebSocket; received: unknown[] } {
  const received: unknown[] = [];
  const ws = { readyState: 1, bufferedAmount: 0, send: (text: string) => received.push(JSON.parse(text)), once: () => undefined, close: () => undefined, terminate: () => undefined };
  return { ws: ws as unknown as WebSocket, received };
}

async function newUser(name: string): Promise<number> {
  const [row] = await (await getDb()).insert(users).values({ username: name, email: `${name}@example.com`, fullName: name }).returning({ id: users.id });
  return row!.id;
}

describe("in-process bus (the embedded database)", () => {
  it("delivers to every subscriber after the publisher has moved on, and refuses payloads NOTIFY could not carry", async () => {
    const bus = new InProcessBus();
    const got: string[] = [];
    bus.subscribe("manga_catalogue", (p) => got.push(`a:${p}`));
    const off = bus.subscribe("manga_catalogue", (p) => got.push(`b:${p}`));
    await bus.publish("manga_catalogue", "1");
    expect(got).toEqual([]);
    await expect.poll(() => got).toEqual(["a:1", "b:1"]);
    off();
    await bus.publish("manga_catalogue", "2");
    await expect.poll(() => got).toEqual(["a:1", "b:1", "a:2"]);
    await expect(bus.publish("manga_catalogue", "x".repeat(9000))).rejects.toThrow(/payload/);
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("PostgreSQL bus (LISTEN/NOTIFY) between two processes' listeners", () => {
  it("a notification published through A reaches a socket served by B, also after B's listener was killed", async () => {
    const handle = await getDbHandle();
    const db = handle.db;
    const databaseUrl = (handle.raw as { options: { connectionString: string } }).options.connectionString;
    // Two listeners on one database stand for two app processes.
    const a = new PostgresBus({ url: databaseUrl, db, baseDelayMs: 50 });
    const b = new PostgresBus({ url: databaseUrl, db, baseDelayMs: 50 });
    await Promise.all([a.whenListening(), b.whenListening()]);
    const stopDelivery = await startNotificationDelivery({ db, bus: b });
    const userId = await newUser("bus_reader");
    const socket = fakeSocket();
    addSocket(userId, socket.ws);
    try {
      const notify = (message: string) => runUnitOfWork(db, (uow) => publishNotification(uow, { to: [userId], message, type: 2 }));
      // publishNotification signals through the process's own bus; here A's stands for it.
      const send = async (message: string) => {
        const ids = await notify(message);
        await a.publish("manga_notifications", JSON.stringify(ids));
        return ids;
      };

      const [first] = await send("Your chapter was approved");
      await expect.poll(() => socket.received).toEqual([expect.objectContaining({ id: first, message: "Your chapter was approved", type: 2, isRead: false })]);

      // B's listening connection dies (a database restart, a network cut): it reconnects and reads back what it missed.
      let resynced = 0;
      b.onResync(() => resynced++);
      const pid = await b.listenerPid();
      await db.execute(sql`select pg_terminate_backend(${pid})`);
      const [second] = await send("Published while B was away");
      await expect.poll(() => resynced, { timeout: 10_000 }).toBeGreaterThan(0);
      await expect.poll(() => socket.received.map((m) => (m as { id: number }).id), { timeout: 10_000 }).toEqual([first, second]);

      // And the reconnected listener carries new signals again, each row pushed once.
      const [third] = await send("After the reconnect");
      await expect.poll(() => socket.received.map((m) => (m as { id: number }).id)).toEqual([first, second, third]);
      expect(await b.listenerPid()).not.toBe(pid);
    } finally {
      removeSocket(userId, socket.ws);
      stopDelivery();
      await a.close();
      await b.close();
    }
  });
});

describe.skipIf(!url)("catalogue changes between processes", () => {
  it("a change announced by one process makes the next cached read on another fresh", async () => {
    const { followCatalogueChanges, catalogueGeneration, mangaGeneration } = await import("@/server/manga/changed");
    const handle = await getDbHandle();
    const databaseUrl = (handle.raw as { options: { connectionString: string } }).options.connectionString;
    const a = new PostgresBus({ url: databaseUrl, db: handle.db });
    const b = new PostgresBus({ url: databaseUrl, db: handle.db });
    await Promise.all([a.whenListening(), b.whenListening()]);
    const stop = followCatalogueChanges(b);
    try {
      const [all, one] = [catalogueGeneration(), mangaGeneration(7)];
      await a.publish("manga_catalogue", JSON.stringify({ manga: [7], catalogue: true }));
      await expect.poll(() => [catalogueGeneration(), mangaGeneration(7)]).toEqual([all + 1, one + 1]);
    } finally {
      stop();
      await a.close();
      await b.close();
    }
  });
});
