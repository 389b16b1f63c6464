import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { users } from "@/db/schema";
import { Role } from "@/lib/enums";
import type { Locale } from "@/i18n/routing";
import { AppError, conflict, forbidden, notFound } from "@/server/core/errors";
import { apiMessage } from "@/server/core/messages";
import type { SignedInViewer } from "@/server/core/viewer";
import type { Executor, Tx } from "@/server/core/unit-of-work";

/** The target account, locked for the rest of the transaction; 404 when there is none or it was deleted. */
export async function lockTarget(tx: Tx, id: number) {
  const [row] = await tx.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt))).for("update");
  if (!row) throw notFound("userNotFound");
  return row;
}

/** Root may not ban, demote or delete their own account (403). */
export function assertNotSelf(viewer: SignedInViewer, targetId: number): void {
  if (viewer.userId === targetId) throw forbidden("cannotChangeOwnAccount");
}

/**
 * The last root that can still act (not banned, not deleted) cannot be banned, demoted or deleted (422). The other
 * roots' rows are locked, so two roots removing each other at once cannot both succeed.
 */
export async function assertAnotherRoot(tx: Executor, targetId: number): Promise<void> {
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, Role.root), eq(users.banned, false), isNull(users.deletedAt), ne(users.id, targetId)))
    .orderBy(users.id)
    .for("update");
  if (others.length === 0) throw new AppError(422, "lastRootProtected");
}

/** Which of username / e-mail another (possibly deleted) account uses, case-insensitively. */
export async function takenByOther(
  tx: Executor,
  opts: { username?: string; email?: string; exceptId?: number },
): Promise<"username" | "email" | null> {
  if (opts.username) {
    const [hit] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.username}) = ${opts.username.trim().toLowerCase()}`, opts.exceptId ? ne(users.id, opts.exceptId) : undefined))
      .limit(1);
    if (hit) return "username";
  }
  if (opts.email) {
    const [hit] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${opts.email.trim().toLowerCase()}`, opts.exceptId ? ne(users.id, opts.exceptId) : undefined))
      .limit(1);
    if (hit) return "email";
  }
  return null;
}

/** 409 naming the field another account already uses (data.field, and the message under data.errors[field]). */
export function duplicateFieldError(field: "username" | "email", locale: Locale): AppError {
  const key = field === "username" ? "usernameTaken" : "emailTaken";
  return conflict(key, { data: { field, errors: { [field]: [apiMessage(locale, key)] } } });
}
