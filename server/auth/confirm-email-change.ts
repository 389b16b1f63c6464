import "server-only";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { EmailTokenKind } from "@/lib/enums";
import type { Locale } from "@/i18n/routing";
import { accountLocale } from "@/server/mail/templates";
import { userSearchTextFor } from "@/lib/search-fold";
import { emailChangedMail } from "@/server/account/mails";
import { badRequest, conflict } from "@/server/core/errors";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { sendMailAfterCommit } from "@/server/mail/send-mail";
import { consumeEmailToken } from "./email-tokens";
import { isUniqueViolation } from "./find-user";

/**
 * GET /api/Authentication/ConfirmEmailChange?token= (issue 27, item 6): the link mailed to a new address by UpdateSelf.
 * Spends the token and moves the account to the address, verified (the link proved it reads that mailbox); the old
 * address is told after the commit. 400 verifyTokenInvalid (unknown, malformed, superseded by a later request, or
 * used) and verifyTokenExpired (24 hours), like VerifyEmail; 409 emailChangeTaken when another live account has the
 * address by now (the request's answer did not say whether it was taken): nothing changes then. A deleted or banned
 * account's link changes nothing (400 invalid).
 */
export async function confirmEmailChange(opts: { db: Db; token: string; locale: Locale; now?: Date }): Promise<{ email: string; emailVerified: true }> {
  const now = opts.now ?? new Date();
  try {
    return await runUnitOfWork(opts.db, async (uow) => {
      const { tx } = uow;
      const result = await consumeEmailToken({ db: tx, token: opts.token, kind: EmailTokenKind.ChangeEmail, now });
      if (result.status === "expired") throw badRequest("verifyTokenExpired");
      if (result.status !== "ok" || !result.newEmail) throw badRequest("verifyTokenInvalid");
      const newEmail = result.newEmail;
      const [user] = await tx
        .select({ email: users.email, username: users.username, fullName: users.fullName, locale: users.locale, banned: users.banned, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, result.userId))
        .for("update")
        .limit(1);
      if (!user || user.banned || user.deletedAt) throw badRequest("verifyTokenInvalid");
      const [holder] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${newEmail.toLowerCase()}`, isNull(users.deletedAt), ne(users.id, result.userId)))
        .limit(1);
      if (holder) throw conflict("emailChangeTaken");
      await tx
        .update(users)
        .set({
          email: newEmail,
          emailVerified: true,
          emailVerifiedAt: now,
          searchText: userSearchTextFor(user.username, user.fullName, newEmail),
          updatedAt: now,
        })
        .where(eq(users.id, result.userId));
      if (user.email.toLowerCase() !== newEmail.toLowerCase()) {
        const locale = accountLocale(user.locale, opts.locale);
        await sendMailAfterCommit(uow, { db: opts.db, to: user.email, ...emailChangedMail({ locale, name: user.fullName, newEmail }) });
      }
      return { email: newEmail, emailVerified: true as const };
    });
  } catch (err) {
    // Another account took the address at the same moment: the unique index decides, nothing changed.
    if (isUniqueViolation(err)) throw conflict("emailChangeTaken");
    throw err;
  }
}
