import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { notificationPreferences, users } from "@/db/schema";
import { NotificationType, Role } from "@/lib/enums";
import type { UnitOfWork } from "@/server/core/unit-of-work";
import { siteLink } from "@/server/mail/links";
import { sendMailAfterCommit } from "@/server/mail/send-mail";
import { noticeText, recipientLocale, type ReportTarget } from "@/server/notifications/catalogue";
import { publishNotification } from "@/server/notifications/publish-notification";

export type { ReportTarget } from "@/server/notifications/catalogue";

/**
 * Whom the reports queue tells (server/notifications/catalogue.ts holds the texts): what happened is stored as a kind
 * with the report's target and reason, through publishNotification in the use case's transaction (the bus is signalled
 * after commit), and read in each reader's language.
 */
export type ReportNoticeKey = "reportDismissed" | "reportHidden" | "reportDeleted";

/** The page root works reports on. */
export const REPORTS_PAGE = "/dashboard/reports";

/**
 * Tells every root (not banned, not `except`) about a new report, with a link to the queue. It falls under the
 * "submissions" preference (work waiting for root): roots who turned it off in-app get no row; those who turned its
 * e-mail on also get a mail, in their language.
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
  const params = { mangaTitle: target.mangaTitle, chapterTitle: target.chapterTitle, reason };
  const mailed = rows.filter((r) => r.mail);
  if (mailed.length > 0) {
    const db = await getDb();
    for (const r of mailed) {
      const locale = recipientLocale(r.locale);
      const message = noticeText("newReport", locale, params);
      const url = siteLink(locale, REPORTS_PAGE);
      await sendMailAfterCommit(uow, { db, to: r.email, subject: message.length > 150 ? `${message.slice(0, 149)}…` : message, text: `${message}\n\n${url}`, link: url });
    }
  }
  const shown = rows.filter((r) => r.inApp).map((r) => r.id);
  return (await publishNotification(uow, { to: shown, kind: "newReport", params, type: NotificationType.Warning, link: REPORTS_PAGE })).length;
}

/**
 * Tells the reporters how their reports ended. Always shown in-app: it answers something they did themselves (like
 * root's direct messages). `link`: where the content can still be seen, if anywhere.
 */
export async function notifyReporters(uow: UnitOfWork, reporterIds: readonly number[], key: ReportNoticeKey, target: ReportTarget, link: string | null): Promise<number> {
  const ids = [...new Set(reporterIds)];
  if (ids.length === 0) return 0;
  const type = key === "reportDismissed" ? NotificationType.Info : NotificationType.Success;
  const params = { mangaTitle: target.mangaTitle, chapterTitle: target.chapterTitle };
  return (await publishNotification(uow, { to: ids, kind: key, params, type, link })).length;
}
