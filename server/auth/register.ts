import "server-only";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { Role } from "@/lib/enums";
import type { Locale } from "@/i18n/routing";
import { userSearchTextFor } from "@/lib/search-fold";
import { usernameSkeleton } from "@/lib/validation/usernames";
import { parseBirthDate, SelectableRole, type RegisterPayload } from "@/lib/validation/auth";
import { enforceRateLimit, RATE_RULES } from "@/server/core/rate-limit";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { confusableUsernameError, duplicateAccountError } from "./conflicts";
import { confusableWithAnother, isSkeletonViolation, isUniqueViolation, takenBy } from "./find-user";
import { hashPassword } from "./password";
import { sendVerificationEmail } from "./send-verification-email";

export interface RegisteredUser {
  id: number;
  username: string;
  email: string;
  role: number;
  emailVerified: boolean;
}

/**
 * POST /api/Authentication/Register: a reader or writer account (role only 0 or 1, validated by
 * registerSchema), not yet verified; a verification mail goes out in the caller's language.
 * 429 past RATE_RULES.registerIp; 409 when the username or e-mail is taken.
 */
export async function register(opts: {
  db: Db;
  input: RegisterPayload;
  locale: Locale;
  ip?: string;
  now?: Date;
}): Promise<RegisteredUser> {
  const { db, input, locale } = opts;
  const now = opts.now ?? new Date();
  await enforceRateLimit({ db, rule: RATE_RULES.registerIp, subject: opts.ip ?? "unknown", now });

  const taken = await takenBy(db, { username: input.username, email: input.email });
  if (taken) throw duplicateAccountError(taken, locale);
  if (await confusableWithAnother(db, input.username)) throw confusableUsernameError(locale);

  const role = input.role === SelectableRole.writer ? Role.writer : Role.reader;
  const passwordHash = await hashPassword(input.password);
  try {
    // The account, its verification token and the mail's outbox row are one transaction; the mail goes after it commits.
    return await runUnitOfWork(db, async (uow) => {
      const [created] = await uow.tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          fullName: input.fullName,
          searchText: userSearchTextFor(input.username, input.fullName, input.email),
          usernameSkeleton: usernameSkeleton(input.username),
          passwordHash,
          role,
          dateOfBirth: parseBirthDate(input.dateOfBirth),
          consentsAcceptedAt: role === Role.writer ? now : null,
          locale,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id, username: users.username, email: users.email, role: users.role, emailVerified: users.emailVerified });
      if (!created) throw new Error("users insert returned no row");
      await sendVerificationEmail({ db, uow, user: { id: created.id, email: created.email, fullName: input.fullName }, locale, next: input.next, now });
      return created;
    });
  } catch (err) {
    // Two registrations racing for the same name: the unique index decides.
    if (!isUniqueViolation(err)) throw err;
    if (isSkeletonViolation(err)) throw confusableUsernameError(locale);
    throw duplicateAccountError((await takenBy(db, { username: input.username })) ?? "email", locale);
  }
}
