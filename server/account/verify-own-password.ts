import "server-only";
import type { Db } from "@/db/client";
import type { Locale } from "@/i18n/routing";
import { validation } from "@/server/core/errors";
import { apiMessage } from "@/server/core/messages";
import { assertUnderRateLimit, hitRateLimit, type RateRule } from "@/server/core/rate-limit";
import { verifyPassword } from "@/server/auth/password";

/**
 * Wrong passwords typed by a signed-in user (ChangePassword's current password, DeleteMe's confirmation), per account:
 * a stolen session cannot try passwords endlessly. Only failures count; RATE_LIMIT_ACCOUNT_PASSWORD tunes it.
 */
export const ACCOUNT_PASSWORD_RULE: RateRule = { name: "account_password", limit: 5, windowSeconds: 15 * 60 };

/**
 * Checks a signed-in user's own password: 429 when too many wrong ones were typed lately, 422 on `field` when this one
 * is wrong (counted), nothing when it is right. An account without a password never matches.
 */
export async function verifyOwnPassword(opts: {
  db: Db;
  userId: number;
  passwordHash: string | null;
  password: string;
  field: string;
  locale: Locale;
  now: Date;
}): Promise<void> {
  const { db, now } = opts;
  const subject = `user:${opts.userId}`;
  await assertUnderRateLimit({ db, rule: ACCOUNT_PASSWORD_RULE, subject, now });
  const ok = opts.passwordHash ? await verifyPassword(opts.passwordHash, opts.password) : false;
  if (ok) return;
  await hitRateLimit({ db, rule: ACCOUNT_PASSWORD_RULE, subject, now });
  throw validation({ [opts.field]: [apiMessage(opts.locale, "currentPasswordWrong")] });
}
