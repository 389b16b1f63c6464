import "server-only";
import type { Db } from "@/db/client";
import { EmailTokenKind } from "@/lib/enums";
import type { Locale } from "@/i18n/routing";
import type { UnitOfWork } from "@/server/core/unit-of-work";
import { verifyEmailLink } from "@/server/mail/links";
import { sendMailAfterCommit } from "@/server/mail/send-mail";
import { verifyEmailMail } from "@/server/mail/templates";
import { createEmailToken } from "./email-tokens";

/**
 * Issues a verification token for the user's address and mails its link (24 h, single use), as part of the calling
 * use case: the token and the outbox row are written in its transaction, and the mail goes out (in the background, so
 * a slow mail server never holds up registration) only after it commits. `db` is the database itself, for after.
 */
export async function sendVerificationEmail(opts: {
  db: Db;
  uow: UnitOfWork;
  user: { id: number; email: string; fullName: string };
  /** The account's language (users.locale; at registration, the language it was created in). */
  locale: Locale;
  /** Where the visitor was going when they registered (already a safe return path): the link carries it on. */
  next?: string;
  now?: Date;
}): Promise<void> {
  const { db, uow, user, locale } = opts;
  const token = await createEmailToken({ db: uow.tx, userId: user.id, kind: EmailTokenKind.Verify, now: opts.now });
  const link = verifyEmailLink(locale, token, opts.next);
  await sendMailAfterCommit(uow, { db, to: user.email, link, ...verifyEmailMail({ locale, name: user.fullName, link }) });
}
