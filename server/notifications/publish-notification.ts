import { sql } from "drizzle-orm";
import { notifications, users } from "@/db/schema";
import { getBus, MAX_PAYLOAD_BYTES } from "@/server/core/bus";
import type { UnitOfWork } from "@/server/core/unit-of-work";

/** Spec §3: 1 Info, 2 Success, 3 Warning, 4 Error. */
export type NotificationType = 1 | 2 | 3 | 4;

export interface NewNotification {
  /** The users to tell, or every account (a global announcement fans out to one row per user, ADR 003). */
  to: readonly number[] | "everyone";
  message: string;
  type: NotificationType;
}

/**
 * Writes the notification rows in the use case's transaction and, once it commits, signals the bus with their ids;
 * every process then pushes the rows to its own open sockets (server/realtime/deliver-notifications.ts). Rolled back,
 * nothing is written and nothing is sent. Answers the new rows' ids.
 */
export async function publishNotification(uow: UnitOfWork, n: NewNotification): Promise<number[]> {
  let ids: number[];
  if (n.to === "everyone") {
    const res = await uow.tx.execute<{ id: number }>(
      sql`insert into ${notifications} (user_id, message, type) select ${users.id}, ${n.message}, ${n.type} from ${users} returning id`,
    );
    ids = res.rows.map((r) => Number(r.id));
  } else {
    const to = [...new Set(n.to)];
    if (to.length === 0) return [];
    const rows = await uow.tx
      .insert(notifications)
      .values(to.map((userId) => ({ userId, message: n.message, type: n.type })))
      .returning({ id: notifications.id });
    ids = rows.map((r) => r.id);
  }
  if (ids.length > 0) uow.afterCommit(() => signalNotifications(ids));
  return ids;
}

/** Ids per bus message: about 8 characters each, well inside NOTIFY's payload cap. */
const IDS_PER_SIGNAL = Math.floor(MAX_PAYLOAD_BYTES / 12);

/** Tells every process that these notification rows exist (ids only). */
export async function signalNotifications(ids: readonly number[]): Promise<void> {
  const bus = await getBus();
  for (let i = 0; i < ids.length; i += IDS_PER_SIGNAL) {
    await bus.publish("manga_notifications", JSON.stringify(ids.slice(i, i + IDS_PER_SIGNAL)));
  }
}
