import { and, asc, gt, max, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { Locale } from "@/i18n/routing";
import { notifications } from "@/db/schema";
import type { Bus } from "@/server/core/bus";
import { itemColumns, toItem, type ItemRow } from "@/server/notifications/item";
import { parseSignal } from "@/server/notifications/publish-notification";
import { followSocketCloses } from "./close-user-sockets";
import { connectedUserIds, sendToUser } from "./registry";
import { inScope, log, newRequestId } from "@/server/core/log";

/** How many recently pushed ids a process remembers, so a resync and a late signal never push one row twice. */
const REMEMBERED = 20_000;
/** Most rows one resync pushes (a listener down for long is not a backlog to flood sockets with). */
const RESYNC_LIMIT = 2_000;
/** Longest a start waits for the bus listener. */
const LISTEN_WAIT_MS = 5_000;

const columns = { ...itemColumns, userId: notifications.userId };
type Row = ItemRow & { userId: number };

/** `= any('{1,2,3}'::int[])`: one parameter however many ids (the values are checked integers). */
const intArray = (values: readonly number[]) => sql`${`{${values.join(",")}}`}::int[]`;
const userIn = (users: readonly number[]) => sql`${notifications.userId} = any(${intArray(users)})`;

/**
 * Feeds this process's notification sockets from the bus (DESIGN §5): a signal carries ids (and runs of ids); the rows
 * of users with a socket here are read and pushed as `{ id, message, type, isRead, createdAt, link, lang }`, rendered in
 * each socket's language. After the bus
 * listener reconnects, rows newer than the last one seen are read back and pushed, so a notification published while
 * the listener was down still arrives. It also follows `closeUserSockets` (./close-user-sockets.ts), so every process
 * that serves sockets closes a banned or deleted user's. Returns a function that stops both.
 */
export async function startNotificationDelivery({ db, bus }: { db: Db; bus: Bus }): Promise<() => void> {
  let lastSeen = 0;
  const pushed = new Set<number>();

  const push = (rows: Row[]) => {
    for (const { userId, ...row } of rows) {
      lastSeen = Math.max(lastSeen, row.id);
      if (pushed.has(row.id)) continue;
      pushed.add(row.id);
      if (pushed.size > REMEMBERED) pushed.delete(pushed.values().next().value!);
      // Rendered in each socket's language (the registry calls this once per language).
      sendToUser(userId, (locale: Locale) => toItem(row, locale));
    }
  };
  // Each delivery has an id of its own on its log lines (server/core/log.ts).
  const run = (task: () => Promise<void>) =>
    void inScope({ requestId: newRequestId(), job: "notifications" }, task).catch((err: unknown) => log.error({ err }, "[notifications] delivery failed"));

  const offSignal = bus.subscribe("manga_notifications", (payload) =>
    run(async () => {
      const { ids, runs } = parseSignal(payload);
      if (ids.length === 0 && runs.length === 0) return;
      const users = connectedUserIds();
      if (users.length === 0) {
        lastSeen = Math.max(lastSeen, ...ids, ...runs.map(([, last]) => last));
        return;
      }
      const which: SQL[] = runs.map(([first, last]) => sql`${notifications.id} between ${first} and ${last}`);
      if (ids.length > 0) which.push(sql`${notifications.id} = any(${intArray(ids)})`);
      push(await db.select(columns).from(notifications).where(and(or(...which), userIn(users))).orderBy(asc(notifications.id)));
    }),
  );
  const offResync = bus.onResync(() =>
    run(async () => {
      const users = connectedUserIds();
      if (users.length === 0) return;
      push(await db.select(columns).from(notifications).where(and(gt(notifications.id, lastSeen), userIn(users))).orderBy(asc(notifications.id)).limit(RESYNC_LIMIT));
    }),
  );
  const offCloses = followSocketCloses(bus);
  // Listening before the starting point is read: a row published from here on is either at most `lastSeen` or
  // signalled to this process. Bounded, so a listener that cannot connect yet delays the start by 5 s at most (its
  // reconnect resyncs from `lastSeen`).
  await Promise.race([bus.whenListening(), new Promise((resolve) => setTimeout(resolve, LISTEN_WAIT_MS).unref())]);
  const [top] = await db.select({ id: max(notifications.id) }).from(notifications);
  lastSeen = Math.max(lastSeen, top?.id ?? 0);
  return () => {
    offSignal();
    offResync();
    offCloses();
  };
}
