import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { notificationPreferences, users } from "@/db/schema";
import { NotificationType, Role } from "@/db/schema/enums";
import { isLocale, type Locale } from "@/i18n/routing";
import type { UnitOfWork } from "@/server/core/unit-of-work";
import { siteLink } from "@/server/mail/links";
import { sendMailAfterCommit } from "@/server/mail/send-mail";
import { publishNotification } from "@/server/notifications/publish-notification";

/**
 * What the reports queue tells people, in each recipient's language (users.locale), written in the use case's
 * transaction through publishNotification (the bus is signalled after commit).
 */
const TEXTS = {
  newReport: {
    en: 'New report about {target}: {reason}. It is in the reports queue.',
    ar: "بلاغ جديد عن {target}: {reason}. البلاغ في قائمة البلاغات.",
  },
  dismissed: {
    en: "Your report about {target} was reviewed: no action was needed. Thank you for helping.",
    ar: "تمت مراجعة بلاغك عن {target}: لم يلزم اتخاذ أي إجراء. شكرًا لمساعدتك.",
  },
  hidden: {
    en: "Your report about {target} was reviewed: the content was taken down. Thank you for helping.",
    ar: "تمت مراجعة بلاغك عن {target}: أُزيل المحتوى من العرض. شكرًا لمساعدتك.",
  },
  deleted: {
    en: "Your report about {target} was reviewed: the content was deleted. Thank you for helping.",
    ar: "تمت مراجعة بلاغك عن {target}: حُذف المحتوى. شكرًا لمساعدتك.",
  },
} as const satisfies Record<string, Record<Locale, string>>;
export type ReportNoticeKey = keyof typeof TEXTS;

const REASONS = {
  en: ["copyright infringement", "inappropriate content", "wrong or broken content", "something else"],
  ar: ["انتهاك حقوق النشر", "محتوى غير لائق", "محتوى خاطئ أو معطوب", "سبب آخر"],
} as const satisfies Record<Locale, readonly string[]>;

/** What a report is about, as the texts name it: «title», or «chapter» of «title». */
export interface ReportTarget {
  mangaTitle: string;
  chapterTitle: string | null;
}

export function targetText(target: ReportTarget, locale: Locale): string {
  if (target.chapterTitle === null) return locale === "ar" ? `«${target.mangaTitle}»` : `"${target.mangaTitle}"`;
  return locale === "ar" ? `الفصل «${target.chapterTitle}» من «${target.mangaTitle}»` : `the chapter "${target.chapterTitle}" of "${target.mangaTitle}"`;
}

export function reportNoticeText(key: ReportNoticeKey, locale: Locale, target: ReportTarget, reason?: number): string {
  const text = TEXTS[key][locale].replace("{target}", targetText(target, locale)).replace("{reason}", reason === undefined ? "" : (REASONS[locale][reason] ?? ""));
  // The column holds at most what a notification may carry (1,000 characters).
  return text.length > 1000 ? `${text.slice(0, 999)}…` : text;
}

const localeOf = (value: string): Locale => (isLocale(value) ? value : "en");

/** The page root works reports on. */
export const REPORTS_PAGE = "/dashboard/reports";

/**
 * Tells every root (not banned, not `except`) about a new report, with a link to the queue. It falls under the
 * "submissions" preference (work waiting for root): roots who turned it off in-app get no row; those who turned its
 * e-mail on also get a mail.
 */
export async function notifyRootsOfReport(uow: UnitOfWork, target: ReportTarget, reason: number, except: number): Promise<number> {
  const rows = await uow.tx
    .select({
      id: users.id,
      locale: users.locale,
      email: users.email,
      inApp: sql<boolean>`coalesce(${notificationPreferences.submissionsInApp}, true)`,
      mail: sql<boolean>`coalesce(${notificationPreferences.submissionsEmail}, false) and ${users.emailVerified}`,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(eq(users.role, Role.root), eq(users.banned, false), sql`${users.id} <> ${except}`));
  const db = rows.some((r) => r.mail) ? await getDb() : null;
  let told = 0;
  for (const locale of ["en", "ar"] as const) {
    const group = rows.filter((r) => localeOf(r.locale) === locale);
    if (group.length === 0) continue;
    const message = reportNoticeText("newReport", locale, target, reason);
    const shown = group.filter((r) => r.inApp).map((r) => r.id);
    told += (await publishNotification(uow, { to: shown, message, type: NotificationType.Warning, link: REPORTS_PAGE })).length;
    for (const r of group.filter((g) => g.mail)) {
      const url = siteLink(locale, REPORTS_PAGE);
      await sendMailAfterCommit(uow, { db: db!, to: r.email, subject: message.length > 150 ? `${message.slice(0, 149)}…` : message, text: `${message}\n\n${url}`, link: url });
    }
  }
  return told;
}

/**
 * Tells the reporters how their reports ended, each in their language. Always shown in-app: it answers something
 * they did themselves (like root's direct messages). `link`: where the content can still be seen, if anywhere.
 */
export async function notifyReporters(
  uow: UnitOfWork,
  reporterIds: readonly number[],
  key: Exclude<ReportNoticeKey, "newReport">,
  target: ReportTarget,
  link: string | null,
): Promise<number> {
  const ids = [...new Set(reporterIds)];
  if (ids.length === 0) return 0;
  const rows = await uow.tx.select({ id: users.id, locale: users.locale }).from(users).where(inArray(users.id, ids));
  const type = key === "dismissed" ? NotificationType.Info : NotificationType.Success;
  let told = 0;
  for (const locale of ["en", "ar"] as const) {
    const to = rows.filter((r) => localeOf(r.locale) === locale).map((r) => r.id);
    if (to.length > 0) told += (await publishNotification(uow, { to, message: reportNoticeText(key, locale, target), type, link })).length;
  }
  return told;
}
