import { getBus, type Bus } from "@/server/core/bus";
import { closeUser } from "./registry";

/**
 * Closing a user's sockets on every process (issue 14): a banned or deleted account loses its live channel wherever it
 * is connected. The administration use cases call `closeUserSockets` as an after-commit effect:
 *
 *   uow.afterCommit(() => closeUserSockets(userId, 1000, "Account closed"));
 *
 * It publishes `{ userId, code, reason }` on the `manga_sockets` channel; each process's subscriber (started with the
 * notification delivery, ./deliver-notifications.ts) closes that user's sockets there. 1000 tells the client not to
 * reconnect (spec §4); 1008 makes it reconnect, which the upgrade then refuses for a banned or deleted account.
 */
export const SOCKETS_CHANNEL = "manga_sockets" as const;

/** Close codes an application may send (RFC 6455 §7.4: 1000, 1001, 1003, 1007–1014 and 3000–4999). */
function isSendableCode(code: number): boolean {
  return Number.isInteger(code) && (code === 1000 || code === 1001 || code === 1003 || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999));
}

/** A close reason fits in 123 bytes of UTF-8. */
function shortReason(reason: string): string {
  let out = reason;
  while (Buffer.byteLength(out) > 123) out = out.slice(0, -1);
  return out;
}

/** `sid`: only the sockets of that sign-in (a logout); without it, all of the user's sockets. */
export async function closeUserSockets(userId: number, code = 1000, reason = "Account closed", sid?: string): Promise<void> {
  const bus = await getBus();
  await bus.publish(SOCKETS_CHANNEL, JSON.stringify({ userId, code, reason: shortReason(reason), ...(sid ? { sid } : {}) }));
}

/** Follows `closeUserSockets` from any process: closes the named user's sockets in this one. Returns the unsubscribe. */
export function followSocketCloses(bus: Bus): () => void {
  return bus.subscribe(SOCKETS_CHANNEL, (payload) => {
    let message: { userId?: unknown; code?: unknown; reason?: unknown; sid?: unknown };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    const userId = Number(message.userId);
    if (!Number.isSafeInteger(userId) || userId <= 0) return;
    const code = typeof message.code === "number" && isSendableCode(message.code) ? message.code : 1008;
    const reason = typeof message.reason === "string" ? shortReason(message.reason) : "";
    const sid = typeof message.sid === "string" ? message.sid : undefined;
    closeUser(userId, code, reason, sid);
  });
}
