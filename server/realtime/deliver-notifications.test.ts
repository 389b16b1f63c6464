import type { WebSocket } from "ws";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { getBus } from "@/server/core/bus";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { parseSignal, publishNotification, signalPayloads } from "@/server/notifications/publish-notification";
import { startNotificationDelivery } from "./deliver-notifications";
import { addSocket, removeSocket } from "./registry";

function fakeSocket(): { ws: WebSocket; received: unknown[] } {
  const received: unknown[] = [];
  const ws = { readyState: 1, bufferedAmount: 0, send: (text: string) => received.push(JSON.parse(text)), once: () => undefined, close: () => undefined, terminate: () => undefined };
  return { ws: ws as unknown as WebSocket, received };
}

describe("bus signals", () => {
  it("carry runs of consecutive ids as [first, last] and stay under the payload cap", () => {
    expect(signalPayloads([5, 1, 2, 3, 4, 9, 11, 12])).toEqual(["[[1,5],9,11,12]"]);
    const many = Array.from({ length: 5000 }, (_, i) => i * 2 + 1);
    const payloads = signalPayloads(many, 1000);
    expect(payloads.every((p) => p.length <= 1000)).toBe(true);
    expect(payloads.flatMap((p) => parseSignal(p).ids)).toEqual(many);
    expect(parseSignal("[[1,5],9,\"11\",[7,3],-1,null,{}]")).toEqual({ ids: [9, 11], runs: [[1, 5]] });
    expect(parseSignal("not json")).toEqual({ ids: [], runs: [] });
  });
});

describe("delivery to this process's sockets", () => {
  it("a global announcement reaches each connected user once, as { id, message, type, isRead, createdAt, link, lang }", async () => {
    const db = await getDb();
    const rows = await db
      .insert(users)
      .values(Array.from({ length: 30 }, (_, i) => ({ username: `deliver_${i}`, email: `deliver_${i}@example.test`, fullName: `D ${i}` })))
      .returning({ id: users.id });
    const stop = await startNotificationDelivery({ db, bus: await getBus() });
    const connected = rows.filter((_, i) => i % 3 === 0).map((r) => ({ userId: r.id, ...fakeSocket() }));
    for (const c of connected) addSocket(c.userId, c.ws);
    try {
      const ids = await runUnitOfWork(db, (uow) => publishNotification(uow, { to: "everyone", message: "Hello all", type: 1, link: "/discovery" }));
      expect(ids).toHaveLength(30);
      for (const c of connected) {
        await expect.poll(() => c.received).toEqual([{ id: expect.any(Number), message: "Hello all", type: 1, isRead: false, createdAt: expect.any(String), link: "/discovery", lang: "en" }]);
      }
      // One user's notification goes to that user's socket only.
      await runUnitOfWork(db, (uow) => publishNotification(uow, { to: [connected[0]!.userId], message: "Just you", type: 2 }));
      await expect.poll(() => connected[0]!.received).toHaveLength(2);
      expect(connected[1]!.received).toHaveLength(1);
    } finally {
      for (const c of connected) removeSocket(c.userId, c.ws);
      stop();
    }
  });
});
