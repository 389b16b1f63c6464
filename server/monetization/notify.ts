import { and, eq, inArray, isNull } from "drizzle-orm";
import { users } from "@/db/schema";
import { NotificationType, Role } from "@/db/schema/enums";
import { isLocale, type Locale } from "@/i18n/routing";
import type { UnitOfWork } from "@/server/core/unit-of-work";
import { publishNotificationsEach } from "@/server/notifications/publish-notification";


/** The page writers read their earnings on and root settles payouts on. */
export const MONETIZATION_PAGE = "/dashboard/monetization";

const TEXTS = {
  credited: {
    en: "Your share of {month}'s advertising income: {amount} for {impressions} impressions. It is in your balance.",
    ar: "حصتك من دخل إعلانات {month}: {amount} مقابل {impressions} ظهورًا. أُضيفت إلى رصيدك.",
  },
  requested: {
    en: "New payout request from {name}: {amount} to {email}.",
    ar: "طلب سحب جديد من {name}: {amount} إلى {email}.",
  },
  paid: {
    en: "Your payout of {amount} was sent to {email}. Transfer reference: {reference}.",
    ar: "أُرسلت دفعتك البالغة {amount} إلى {email}. مرجع التحويل: {reference}.",
  },
  failed: {
    en: "Your payout of {amount} could not be made: {note}. The amount is back in your balance.",
    ar: "تعذّر إرسال دفعتك البالغة {amount}: {note}. أُعيد المبلغ إلى رصيدك.",
  },
} as const satisfies Record<string, Record<Locale, string>>;

const FSI = "\u2068";
const PDI = "\u2069";

export const localeOf = (value: string | null | undefined): Locale => (value && isLocale(value) ? value : "en");

/**
 * A notice in one language; quoted values (names, addresses, references, root's note) are isolated in Arabic so a
 * Latin value keeps its place in the sentence (as server/publishing's notices do).
 */
export function noticeText(key: keyof typeof TEXTS, locale: Locale, values: Record<string, string>): string {
  let text: string = TEXTS[key][locale];
  for (const [name, value] of Object.entries(values)) text = text.replace(`{${name}}`, locale === "ar" ? `${FSI}${value}${PDI}` : value);
  return text.length > 1000 ? `${text.slice(0, 999)}…` : text;
}

/**
 * Tells each user in their language; `values` may depend on the language and the user (amounts, month names). All the
 * rows go in a few statements, however many writers a closed month credits.
 */
export async function notifyUsers(
  uow: UnitOfWork,
  userIds: readonly number[],
  key: keyof typeof TEXTS,
  values: (locale: Locale, userId: number) => Record<string, string>,
  type: NotificationType,
): Promise<void> {
  if (userIds.length === 0) return;
  const rows: Array<{ id: number; locale: string }> = [];
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += 10_000) {
    rows.push(...(await uow.tx.select({ id: users.id, locale: users.locale }).from(users).where(inArray(users.id, unique.slice(i, i + 10_000)))));
  }
  await publishNotificationsEach(
    uow,
    rows.map((row) => {
      const locale = localeOf(row.locale);
      return { userId: row.id, message: noticeText(key, locale, values(locale, row.id)), type, link: MONETIZATION_PAGE };
    }),
  );
}

/** Every root who can act on a payout request (not banned, not deleted). */
export async function rootIds(uow: UnitOfWork): Promise<number[]> {
  const rows = await uow.tx.select({ id: users.id }).from(users).where(and(eq(users.role, Role.root), eq(users.banned, false), isNull(users.deletedAt)));
  return rows.map((r) => r.id);
}
