import "server-only";
import type { Db } from "@/db/client";
import { EmailTokenKind } from "@/lib/enums";
import type { Locale } from "@/i18n/routing";
import { enforceRateLimit, RATE_RULES } from "@/server/core/rate-limit";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { resetPasswordLink } from "@/server/mail/links";
import { sendMailAfterCommit } from "@/server/mail/send-mail";
import { accountLocale, resetPasswordMail } from "@/server/mail/templates";
import { afterAnswer } from "./after-answer";
import { createEmailToken } from "./email-tokens";
import { findUserByEmail } from "./find-user";

/**
 * POST /api/Email/SendResetPasswordEmail (forgot password): mails a reset link (30 minutes, single
 * use) when an account has this address. The answer is the same whether or not one does, and so is its timing: only
 * the rate limits are waited for, the account's lookup, token and mail happen after the answer; 429 past the
 * per-address and per-recipient limits. The token and the outbox row are one transaction; the mail goes after it commits.
 */
export async function requestPasswordReset(opts: { db: Db; email: string; locale: Locale; ip?: string; now?: Date }): Promise<void> {
  const { db, locale } = opts;
  const now = opts.now ?? new Date();
  await enforceRateLimit({ db, rule: RATE_RULES.mailIp, subject: opts.ip ?? "unknown", now });
  await enforceRateLimit({ db, rule: RATE_RULES.mailTarget, subject: opts.email, now });
  // The account's lookup, token and outbox row are written after the answer (./after-answer.ts): awaited, that
  // transaction made an existing address's answer 12–24 ms slower than an unknown one's (issue 27, item 15).
  afterAnswer("password-reset", async () => {
    const user = await findUserByEmail(db, opts.email);
    if (!user || user.banned) return;
    // The mail and its page are in the account's language (issue 28), not necessarily the asking page's.
    const mailLocale = accountLocale(user.locale, locale);
    await runUnitOfWork(db, async (uow) => {
      const token = await createEmailToken({ db: uow.tx, userId: user.id, kind: EmailTokenKind.Reset, now });
      const link = resetPasswordLink(mailLocale, token);
      await sendMailAfterCommit(uow, { db, to: user.email, link, ...resetPasswordMail({ locale: mailLocale, name: user.fullName, link }) });
    });
  });
}
