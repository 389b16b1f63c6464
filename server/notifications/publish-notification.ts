import { sql, type SQL } from "drizzle-orm";
import { notifications, users } from "@/db/schema";
import type { Locale } from "@/i18n/routing";
import { foldSearchText } from "@/lib/search-fold";
import { getBus, MAX_PAYLOAD_BYTES } from "@/server/core/bus";
import type { UnitOfWork } from "@/server/core/unit-of-work";
import { detectLanguage, kindSearchText, noticeText, type KindNotice } from "./catalogue";

/** Spec §3: 1 Info, 2 Success, 3 Warning, 4 Error. */
export type NotificationType = 1 | 2 | 3 | 4;

/**
 * What a notification says: what happened (a catalogue kind and its params, rendered in the reader's language when read,
 * ./catalogue.ts) or a person's free text, stored as written with its language (detected from the text when not given).
 */
export type NotificationContent = KindNotice | { message: string; lang?: Locale };

export type NewNotification = NotificationContent & {
  /**
   * The users to tell; every account (a global announcement fans out to one row per user, ADR 003); or a query whose
   * one column is the user ids (a fan-out to a manga's favouriters in one INSERT … SELECT, however many they are).
   */
  to: readonly number[] | "everyone" | { select: SQL };
  type: NotificationType;
  /** The site path the notification is about (docs/decisions/014), if any. */
  link?: string | null;
};

/** The stored columns of a content: kind rows keep the English render in `message` (for readers of the raw row). */
function stored(n: NotificationContent): { message: string; kind: string | null; params: unknown; lang: Locale | null; searchText: string } {
  if ("kind" in n) return { message: noticeText(n.kind, "en", n.params as never), kind: n.kind, params: n.params, lang: null, searchText: kindSearchText(n) };
  return { message: n.message, kind: null, params: null, lang: n.lang ?? detectLanguage(n.message), searchText: foldSearchText(n.message) };
}

/**
 * Writes the notification rows in the use case's transaction and, once it commits, signals the bus with their ids;
 * every process then pushes the rows to its own open sockets (server/realtime/deliver-notifications.ts). Rolled back,
 * nothing is written and nothing is sent. Answers the new rows' ids.
 */
export async function publishNotification(uow: UnitOfWork, n: NewNotification): Promise<number[]> {
  let ids: number[];
  const link = n.link ?? null;
  const row = stored(n);
  const params = row.params === null ? null : JSON.stringify(row.params);
  if (n.to === "everyone" || !Array.isArray(n.to)) {
    const recipients = n.to === "everyone" ? sql`select ${users.id} from ${users}` : (n.to as { select: SQL }).select;
    const res = await uow.tx.execute<{ id: number }>(sql`
      insert into ${notifications} (user_id, message, type, link, search_text, kind, params, lang)
      select r.id, ${row.message}, ${n.type}, ${link}, ${row.searchText}, ${row.kind}, ${params}::jsonb, ${row.lang}
      from (${recipients}) as r(id)
      returning id`);
    ids = res.rows.map((r) => Number(r.id));
  } else {
    const to = [...new Set(n.to as readonly number[])];
    if (to.length === 0) return [];
    const rows = await uow.tx
      .insert(notifications)
      .values(to.map((userId) => ({ userId, message: row.message, type: n.type, link, searchText: row.searchText, kind: row.kind, params: row.params, lang: row.lang })))
      .returning({ id: notifications.id });
    ids = rows.map((r) => r.id);
  }
  if (ids.length > 0) uow.afterCommit(() => signalNotifications(ids));
  return ids;
}

/** One user's own notification (a statement with their amount, say), for publishNotificationsEach. */
export type PersonalNotification = NotificationContent & {
  userId: number;
  type: NotificationType;
  link?: string | null;
};

/** Rows per insert statement (well under PostgreSQL's 65,535 bind parameters). */
const INSERT_CHUNK = 1000;

/**
 * Like publishNotification for notifications that differ per user: the rows are written in a few multi-row statements
 * in the use case's transaction (not one statement per user), and the bus is signalled once after commit with all
 * their ids.
 */
export async function publishNotificationsEach(uow: UnitOfWork, items: readonly PersonalNotification[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < items.length; i += INSERT_CHUNK) {
    const rows = await uow.tx
      .insert(notifications)
      .values(
        items.slice(i, i + INSERT_CHUNK).map((n) => {
          const row = stored(n);
          return { userId: n.userId, message: row.message, type: n.type, link: n.link ?? null, searchText: row.searchText, kind: row.kind, params: row.params, lang: row.lang };
        }),
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
