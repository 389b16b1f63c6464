import "server-only";
import type { Db } from "@/db/client";
import { EmailTokenKind } from "@/db/schema/enums";
import type { Locale } from "@/i18n/routing";
import { verifyEmailLink } from "@/server/mail/links";
import { sendMail } from "@/server/mail/send-mail";
import { verifyEmailMail } from "@/server/mail/templates";
import { createEmailToken } from "./email-tokens";

/**
 * Issues a verification token for the user's address and mails its link (24 h, single use). The outbox
 * row is written before this returns; SMTP delivery runs in the background so a slow mail server never
 * holds up registration.
 */
export async function sendVerificationEmail(opts: {
  db: Db;
  user: { id: number; email: string; fullName: string };
  locale: Locale;
  now?: Date;
}): Promise<void> {
  const { db, user, locale } = opts;
  const token = await createEmailToken({ db, userId: user.id, kind: EmailTokenKind.Verify, now: opts.now });
  const link = verifyEmailLink(locale, token);
  await sendMail({ db, to: user.email, link, background: true, ...verifyEmailMail({ locale, name: user.fullName, link }) });
}
