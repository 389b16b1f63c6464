import { sql } from "drizzle-orm";
import { notifications, users } from "@/db/schema";
import { foldSearchText } from "@/lib/search-fold";
import { getBus, MAX_PAYLOAD_BYTES } from "@/server/core/bus";
import type { UnitOfWork } from "@/server/core/unit-of-work";

/** Spec §3: 1 Info, 2 Success, 3 Warning, 4 Error. */
export type NotificationType = 1 | 2 | 3 | 4;

export interface NewNotification {
  /** The users to tell, or every account (a global announcement fans out to one row per user, ADR 003). */
  to: readonly number[] | "everyone";
  message: string;
  type: NotificationType;
  /** The site path the notification is about (docs/decisions/014), if any. */
  link?: string | null;
}

/**
 * Writes the notification rows in the use case's transaction and, once it commits, signals the bus with their ids;
 * every process then pushes the rows to its own open sockets (server/realtime/deliver-notifications.ts). Rolled back,
 * nothing is written and nothing is sent. Answers the new rows' ids.
 */
export async function publishNotification(uow: UnitOfWork, n: NewNotification): Promise<number[]> {
  let ids: number[];
  const link = n.link ?? null;
  const searchText = foldSearchText(n.message);
  if (n.to === "everyone") {
    const res = await uow.tx.execute<{ id: number }>(
      sql`insert into ${notifications} (user_id, message, type, link, search_text) select ${users.id}, ${n.message}, ${n.type}, ${link}, ${searchText} from ${users} returning id`,
    );
    ids = res.rows.map((r) => Number(r.id));
  } else {
    const to = [...new Set(n.to)];
    if (to.length === 0) return [];
    const rows = await uow.tx
      .insert(notifications)
      .values(to.map((userId) => ({ userId, message: n.message, type: n.type, link, searchText })))
      .returning({ id: notifications.id });
    ids = rows.map((r) => r.id);
  }
  if (ids.length > 0) uow.afterCommit(() => signalNotifications(ids));
  return ids;
}

/** One user's own notification text (a statement with their amount, say), for publishNotificationsEach. */
export interface PersonalNotification {
  userId: number;
  message: string;
  type: NotificationType;
  link?: string | null;
}

/** Rows per insert statement (well under PostgreSQL's 65,535 bind parameters). */
const INSERT_CHUNK = 1000;

/**
 * Like publishNotification for texts that differ per user: the rows are written in a few multi-row statements in the
 * use case's transaction (not one statement per user), and the bus is signalled once after commit with all their ids.
 */
export async function publishNotificationsEach(uow: UnitOfWork, items: readonly PersonalNotification[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < items.length; i += INSERT_CHUNK) {
    const rows = await uow.tx
      .insert(notifications)
      .values(
        items.slice(i, i + INSERT_CHUNK).map((n) => ({ userId: n.userId, message: n.message, type: n.type, link: n.link ?? null, searchText: foldSearchText(n.message) })),
      )
      .returning({ id: notifications.id });
    ids.push(...rows.map((r) => r.id));
  }
  if (ids.length > 0) uow.afterCommit(() => signalNotifications(ids));
  return ids;
}

/**
 * Tells every process that these notification rows exist. The payload is a JSON array whose elements are ids or
 * `[first, last]` runs of consecutive ids: a global announcement's rows are (almost) one run, so it costs one or a
 * few messages whatever the number of users, each well inside NOTIFY's payload cap.
 */
export async function signalNotifications(ids: readonly number[]): Promise<void> {
  const bus = await getBus();
  for (const payload of signalPayloads(ids)) await bus.publish("manga_notifications", payload);
}

/** The bus payloads for these ids (exported for tests). */
export function signalPayloads(ids: readonly number[], maxBytes = MAX_PAYLOAD_BYTES): string[] {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    // Runs of three or more are shorter as a pair.
    if (j - i >= 2) parts.push(`[${sorted[i]},${sorted[j]}]`);
    else for (let k = i; k <= j; k++) parts.push(String(sorted[k]));
    i = j + 1;
  }
  const payloads: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const part of parts) {
    if (current.length > 0 && size + part.length + 1 > maxBytes) {
      payloads.push(`[${current.join(",")}]`);
      current = [];
      size = 2;
    }
    current.push(part);
    size += part.length + 1;
  }
  if (current.length > 0) payloads.push(`[${current.join(",")}]`);
  return payloads;
}

/** Reads a signal back: single ids and `[first, last]` runs (anything else is ignored). */
export function parseSignal(payload: string): { ids: number[]; runs: Array<[number, number]> } {
  const ids: number[] = [];
  const runs: Array<[number, number]> = [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return { ids, runs };
  }
  if (!Array.isArray(parsed)) return { ids, runs };
  const valid = (n: unknown): n is number => typeof n === "number" && Number.isSafeInteger(n) && n > 0;
  for (const item of parsed) {
    const n = typeof item === "string" ? Number(item) : item;
    if (valid(n)) ids.push(n);
    else if (Array.isArray(item) && item.length === 2 && valid(item[0]) && valid(item[1]) && item[0] <= item[1]) runs.push([item[0], item[1]]);
  }
  return { ids, runs };
}
