import { and, eq, ne } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { audit } from "@/server/core/audit";
import { enforceRateLimit, type RateRule } from "@/server/core/rate-limit";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { isRoot, type SignedInViewer } from "@/server/core/viewer";
import { detectLanguage } from "./catalogue";
import { publishNotification, type NotificationType } from "./publish-notification";

/**
 * Messages one writer may send the roots in an hour (RATE_LIMIT_ADMIN_MESSAGE_USER overrides, like every rule; issue 27
 * item 14, docs/decisions/018): a writer asks for a review or reports a problem a few times a week; 10 an hour bounds
 * what a fresh self-registered writer can push into every root's bell (10 × 1,000 characters) without a real one ever
 * meeting it. Root's own sends are not limited (root accounts are made by root, never self-service).
 */
export const ADMIN_MESSAGE_RATE_RULE: RateRule = { name: "admin_message_user", limit: 10, windowSeconds: 60 * 60 };

/**
 * POST /api/Notification/SendNotificationToAdmin { message, type } (writer or root): a message to every root account
 * (banned ones and the sender excepted), prefixed with the sender's username so the roots know who wrote it, and
 * otherwise stored as written, in the language its text is in (the sender's name aside). Root's sends are audited in
 * the same transaction. Answers how many roots it reached.
 */
export async function sendNotificationToAdmin({ db, viewer, message, type }: { db: Db; viewer: SignedInViewer; message: string; type: NotificationType }): Promise<{ recipients: number }> {
  // Counted before any work, outside the transaction (as Report/Submit): a refused send stores nothing.
  if (!isRoot(viewer)) await enforceRateLimit({ db, rule: ADMIN_MESSAGE_RATE_RULE, subject: String(viewer.userId) });
  return runUnitOfWork(db, async (uow) => {
    const [sender] = await uow.tx.select({ username: users.username }).from(users).where(eq(users.id, viewer.userId)).limit(1);
    const roots = await uow.tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, Role.root), eq(users.banned, false), ne(users.id, viewer.userId)));
    const text = sender ? `@${sender.username}: ${message}` : message;
    const ids = await publishNotification(uow, { to: roots.map((r) => r.id), message: text, lang: detectLanguage(message), type });
    if (isRoot(viewer)) {
      await audit(uow.tx, { actorId: viewer.userId, action: "notification.admin", subject: { type: "notification" }, details: { type, message, recipients: ids.length } });
    }
    return { recipients: ids.length };
  });
}
