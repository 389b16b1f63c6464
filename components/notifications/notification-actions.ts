import { tokenSecondsLeft } from "./live-connection";
import type { ConnectionStatus } from "./notification-state";
import type { ListQuery, NotificationPage } from "./notifications-api";

/**
 * Whether the live connection takes a fresh token before connecting: after a close by policy (`fresh`), or when the
 * one in hand expires within 15 s (an expired token would be refused, and one expiring closes the socket with 1008).
 */
export function needsFreshToken(current: string, fresh: boolean, now = Date.now()): boolean {
  return fresh || (tokenSecondsLeft(current, now) ?? Infinity) < 15;
}

/** Whether the user is told the live connection is down after a status change (null: "connecting" changes nothing). */
export function liveDownAfter(status: ConnectionStatus): boolean | null {
  if (status === "open" || status === "disconnected") return false;
  if (status === "closed") return true;
  return null;
}

/** Each unread one separately (spec §4), in rounds of a page, until none is left (at most 10 rounds), 4 at a time. */
export async function markEachUnread(list: (query: ListQuery) => Promise<NotificationPage>, markRead: (id: number) => Promise<void>): Promise<void> {
  for (let round = 0; round < 10; round++) {
    const unread = await list({ page: 1, pageSize: 100, isRead: false });
    const ids = unread.items.filter((n) => !n.isRead).map((n) => n.id);
    if (ids.length === 0) break;
    for (let i = 0; i < ids.length; i += 4) {
      await Promise.all(ids.slice(i, i + 4).map((id) => markRead(id)));
    }
    if (ids.length < 100) break;
  }
}
