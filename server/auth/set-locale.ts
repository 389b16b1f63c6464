import { and, eq, ne } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { badRequest } from "@/server/core/errors";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import type { SignedInViewer } from "@/server/core/viewer";
import { isLocale, type Locale } from "@/i18n/routing";

/**
 * POST /api/Authentication/Locale `{ locale: "en" | "ar" }` (beyond the spec, issue 14): the language the site is
 * read in, kept on the account so what is written for the user later (notifications, e-mail) is in that language.
 * The client sends it when a signed-in user reads the site in a language the account does not have yet (a language
 * switch). Not audited: it is a preference, like the theme. Answers `{ locale, changed }`.
 */
export async function setLocale({ db, viewer, locale }: { db: Db; viewer: SignedInViewer; locale: unknown }): Promise<{ locale: Locale; changed: boolean }> {
  if (!isLocale(locale)) throw badRequest();
  return runUnitOfWork(db, async ({ tx }) => {
    const rows = await tx
      .update(users)
      .set({ locale })
      .where(and(eq(users.id, viewer.userId), ne(users.locale, locale)))
      .returning({ id: users.id });
    return { locale, changed: rows.length > 0 };
  });
}
