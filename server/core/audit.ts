import { auditLog } from "@/db/schema";
import type { Tx } from "./unit-of-work";

export interface AuditEntry {
  /** Who did it (null: the system, or an account since deleted). */
  actorId: number | null;
  /** What was done, dotted and stable: "manga.accept", "user.ban", "auth.lockout", "settings.landing.save". */
  action: string;
  /** What it was done to. */
  subject: { type: string; id?: string | number | null };
  /** Anything a reviewer needs later (a note, the old and new role); no secrets, no tokens. */
  details?: Record<string, unknown>;
}

/**
 * Records a moderation, administration or account-security action in `audit_log`, in the transaction of the action
 * itself: the row exists exactly when the action committed.
 */
export async function audit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.subject.type,
    targetId: entry.subject.id === undefined || entry.subject.id === null ? null : String(entry.subject.id),
    details: entry.details ?? null,
  });
}
