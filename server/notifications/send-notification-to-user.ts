import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notificationPreferences, notifications, users } from "@/db/schema";
import { audit } from "@/server/core/audit";
import { notFound } from "@/server/core/errors";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import type { SignedInViewer } from "@/server/core/viewer";
import type { Locale } from "@/i18n/routing";
import { siteLink } from "@/server/mail/links";
import { sendMailAfterCommit } from "@/server/mail/send-mail";
import { recipientLocale } from "./catalogue";
import { itemColumns, toItem, type NotificationItem } from "./item";
import { publishNotification, type NotificationType } from "./publish-notification";

const MAIL_SUBJECT = { en: "A message from MangaNova", ar: "رسالة من مانجا نوفا" } as const;

/**
 * POST /api/Notification/SendNotificationToUser { userId, message, type } (root): one notification to one account,
 * stored as written with its language (detected from the text, docs/decisions/014), audited in the same transaction, live on the user's sockets after commit.
 * Answers the stored notification (in the request's `locale`); an unknown user is a 404. A user who turned announcements' e-mail on also gets it
 * by mail (after commit). Global announcements are not mailed one by one (the daily digest carries them).
 */
export async function sendNotificationToUser({ db, viewer, locale, userId, message, type }: { db: Db; viewer: SignedInViewer; locale: Locale; userId: number; message: string; type: NotificationType }): Promise<NotificationItem> {
  return runUnitOfWork(db, async (uow) => {
    const [target] = await uow.tx
      .select({ id: users.id, email: users.email, locale: users.locale, mail: sql<boolean>`coalesce(${notificationPreferences.announcementsEmail}, false) and ${users.emailVerified} and not ${users.banned}` })
      .from(users)
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    if (!target) throw notFound("userNotFound");
    const [id] = await publishNotification(uow, { to: [target.id], message, type });
    // A user who wants messages by e-mail too (notification preferences) gets the text as written and the page's link.
    if (target.mail) {
      const theirs = recipientLocale(target.locale);
      const link = siteLink(theirs, "/dashboard/notifications");
      await sendMailAfterCommit(uow, { db, to: target.email, subject: MAIL_SUBJECT[theirs], text: `${message}\n\n${link}`, link });
    }
    await audit(uow.tx, { actorId: viewer.userId, action: "notification.user", subject: { type: "user", id: target.id }, details: { notificationId: id, type, message } });
    const [row] = await uow.tx.select(itemColumns).from(notifications).where(eq(notifications.id, id!));
    return toItem(row!, locale);
  });
}
