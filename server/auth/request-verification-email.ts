import "server-only";
import type { Db } from "@/db/client";
import type { Locale } from "@/i18n/routing";
import { enforceRateLimit, RATE_RULES } from "@/server/core/rate-limit";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { accountLocale } from "@/server/mail/templates";
import { findUserByEmail } from "./find-user";
import { sendVerificationEmail } from "./send-verification-email";

/**
 * POST /api/Email/SendVerifyEmail: mails a fresh verification link when an unverified account has this
 * address; the same answer otherwise. Shares the mail rate limits with the reset request. The mail is in the account's
 * language (issue 28), as every mail to an account is.
 */
export async function requestVerificationEmail(opts: { db: Db; email: string; locale: Locale; ip?: string; now?: Date }): Promise<void> {
  const { db, locale } = opts;
  const now = opts.now ?? new Date();
  await enforceRateLimit({ db, rule: RATE_RULES.mailIp, subject: opts.ip ?? "unknown", now });
  await enforceRateLimit({ db, rule: RATE_RULES.mailTarget, subject: opts.email, now });
  const user = await findUserByEmail(db, opts.email);
  if (!user || user.banned || user.emailVerified) return;
  await runUnitOfWork(db, (uow) => sendVerificationEmail({ db, uow, user, locale: accountLocale(user.locale, locale), now }));
}
