import { and, eq, isNull, ne } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { badRequest } from "@/server/core/errors";
import { runUnitOfWork, type Executor } from "@/server/core/unit-of-work";
import type { SignedInViewer } from "@/server/core/viewer";
import { isLocale, type Locale } from "@/i18n/routing";

/**
 * Keeps `locale` as the account's language (users.locale: the language its notifications and mails are written in).
 * One conditional statement: nothing is written when the account already has it. Answers whether it changed.
 */
export async function saveAccountLocale(db: Executor, userId: number, locale: Locale): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ locale })
    .where(and(eq(users.id, userId), ne(users.locale, locale), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * POST /api/Authentication/Locale `{ locale: "en" | "ar" }` (beyond the spec, issue 14): the language the site is
 * read in, kept on the account so what is written for the user later (notifications, e-mail) is in that language.
 * The profile's language setting sends it; a language switch anywhere else reaches the account through the session
 * (server/auth/next-auth.ts, issue 28). Not audited: it is a preference, like the theme. Answers `{ locale, changed }`.
 */
export async function setLocale({ db, viewer, locale }: { db: Db; viewer: SignedInViewer; locale: unknown }): Promise<{ locale: Locale; changed: boolean }> {
  if (!isLocale(locale)) throw badRequest();
  return runUnitOfWork(db, async ({ tx }) => ({ locale, changed: await saveAccountLocale(tx, viewer.userId, locale) }));
}
