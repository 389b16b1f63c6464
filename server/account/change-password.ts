import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import type { Locale } from "@/i18n/routing";
import { accountLocale } from "@/server/mail/templates";
import type { ChangePasswordPayload } from "@/lib/validation/auth";
import { audit } from "@/server/core/audit";
import { notFound } from "@/server/core/errors";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import type { SignedInViewer } from "@/server/core/viewer";
import { hashPassword } from "@/server/auth/password";
import { sendMailAfterCommit } from "@/server/mail/send-mail";
import { closeFamiliesAfterCommit, revokeFamiliesExcept } from "./families";
import { passwordChangedMail } from "./mails";
import { verifyOwnPassword } from "./verify-own-password";

/**
 * POST /api/Authentication/ChangePassword `{ currentPassword, newPassword, confirmPassword }` (issue 16). The new
 * password follows register's rules (lib/validation/auth.ts changePasswordSchema). A wrong current password is a 422
 * on `currentPassword`, counted per account (ACCOUNT_PASSWORD_RULE, then 429). On success, in one transaction: the new
 * hash, every OTHER sign-in's refresh tokens revoked (the caller's family, `currentSid`, stays), an audit row
 * `auth.password.change` and a mail to the account's address in the account's language; after the commit the ended
 * sign-ins' sockets close. The failed-sign-in lock is cleared (the holder proved the password).
 */
export async function changePassword(opts: {
  db: Db;
  viewer: SignedInViewer;
  currentSid?: string | null;
  input: ChangePasswordPayload;
  locale: Locale;
  now?: Date;
}): Promise<{ sessionsRevoked: number }> {
  const { db, viewer, input } = opts;
  const now = opts.now ?? new Date();
  const [user] = await db
    .select({ passwordHash: users.passwordHash, email: users.email, fullName: users.fullName, locale: users.locale, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, viewer.userId))
    .limit(1);
  if (!user || user.deletedAt) throw notFound("userNotFound");
  await verifyOwnPassword({ db, userId: viewer.userId, passwordHash: user.passwordHash, password: input.currentPassword, field: "currentPassword", locale: opts.locale, now });

  // Hashing takes a moment: done before the transaction, so no lock waits on it.
  const passwordHash = await hashPassword(input.newPassword);
  return runUnitOfWork(db, async (uow) => {
    await uow.tx.update(users).set({ passwordHash, failedLoginAttempts: 0, lockedUntil: null, updatedAt: now }).where(eq(users.id, viewer.userId));
    const families = await revokeFamiliesExcept({ db: uow.tx, userId: viewer.userId, keepSid: opts.currentSid, now });
    await audit(uow.tx, {
      actorId: viewer.userId,
      action: "auth.password.change",
      subject: { type: "user", id: viewer.userId },
      details: { sessionsRevoked: families.length },
    });
    const mailLocale = accountLocale(user.locale, opts.locale);
    await sendMailAfterCommit(uow, { db, to: user.email, ...passwordChangedMail({ locale: mailLocale, name: user.fullName }) });
    closeFamiliesAfterCommit(uow, viewer.userId, families, "Password changed");
    return { sessionsRevoked: families.length };
  });
}
