import { and, asc, gt, inArray, max } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications } from "@/db/schema";
import type { Bus } from "@/server/core/bus";
import { connectedUserIds, sendToUser } from "./registry";

/** How many recently pushed ids a process remembers, so a resync and a late signal never push one row twice. */
const REMEMBERED = 10_000;
/** Most rows one resync pushes (a listener down for long is not a backlog to flood sockets with). */
const RESYNC_LIMIT = 2_000;

const columns = { id: notifications.id, userId: notifications.userId, message: notifications.message, type: notifications.type, isRead: notifications.isRead, createdAt: notifications.createdAt };
type Row = { id: number; userId: number; message: string; type: number; isRead: boolean; createdAt: Date };

/**
 * Feeds this process's notification sockets from the bus (DESIGN §5): a signal carries ids; the rows of users with a
 * socket here are read and pushed as spec §3 notifications. After the bus listener reconnects, rows newer than the
 * last one seen are read back and pushed, so a notification published while the listener was down still arrives.
 * Returns a function that stops it.
 */
export async function startNotificationDelivery({ db, bus }: { db: Db; bus: Bus }): Promise<() => void> {
  const [top] = await db.select({ id: max(notifications.id) }).from(notifications);
  let lastSeen = top?.id ?? 0;
  const pushed = new Set<number>();

  const push = (rows: Row[]) => {
    for (const { userId, createdAt, ...row } of rows) {
      lastSeen = Math.max(lastSeen, row.id);
      if (pushed.has(row.id)) continue;
      pushed.add(row.id);
      if (pushed.size > REMEMBERED) pushed.delete(pushed.values().next().value!);
      sendToUser(userId, { ...row, createdAt: createdAt.toISOString() });
    }
  };
  const run = (task: () => Promise<void>) => void task().catch((err: unknown) => console.error("[notifications] delivery failed:", err instanceof Error ? err.message : err));

  const offSignal = bus.subscribe("manga_notifications", (payload) =>
    run(async () => {
      const ids = (JSON.parse(payload) as unknown[]).map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
      if (ids.length === 0) return;
      const users = connectedUserIds();
      if (users.length === 0) {
        lastSeen = Math.max(lastSeen, ...ids);
        return;
      }
      push(await db.select(columns).from(notifications).where(and(inArray(notifications.id, ids), inArray(notifications.userId, users))).orderBy(asc(notifications.id)));
    }),
  );
  const offResync = bus.onResync(() =>
    run(async () => {
      const users = connectedUserIds();
      if (users.length === 0) return;
      push(
        await db.select(columns).from(notifications).where(and(gt(notifications.id, lastSeen), inArray(notifications.userId, users))).orderBy(asc(notifications.id)).limit(RESYNC_LIMIT),
      );
    }),
  );
  return () => {
    offSignal();
    offResync();
  };
}
