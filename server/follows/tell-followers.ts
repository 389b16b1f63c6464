import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { follows, notificationPreferences, users } from "@/db/schema";
import { NotificationType } from "@/lib/enums";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { siteLink } from "@/server/mail/links";
import { sendMailAfterCommit } from "@/server/mail/send-mail";
import { noticeText, recipientLocale, type KindParams } from "@/server/notifications/catalogue";
import { publishNotification } from "@/server/notifications/publish-notification";

/** The page a followed writer's new manga notice opens: its preview (signed-in readers land on the dashboard's). */
export const newMangaLink = (mangaId: number) => `/discovery/manga/${mangaId}`;

/**
 * Tells a writer's followers that a new manga of theirs is out (issue 34, items 4 and 5): run after the commit of the
 * decision that made it public (server/publishing/set-manga-status.ts), in a unit of work of its own.
 *
 * - In-app: one `INSERT … SELECT` over the writer's followers (however many, one statement: no query per follower),
 *   leaving out banned and deleted accounts and those who turned `followedWriterInApp` off. The row stores the kind and
 *   its params, so each follower reads it in their language (docs/decisions/014); the daily digest carries it like any
 *   unread notification.
 * - E-mail: only to followers who turned `followedWriterEmail` on (off by default) with a verified address, in their
 *   language (`users.locale`), through the outbox like every notice mail (one outbox row per mail).
 */
export async function tellFollowers(db: Db, params: Required<KindParams["followedWriterNewManga"]> & { writerId: number }): Promise<void> {
  const { writerId, ...notice } = params;
  const link = newMangaLink(notice.mangaId);
  await runUnitOfWork(db, async (uow) => {
    const select = sql`
      select ${follows.followerId} from ${follows} join ${users} on ${users.id} = ${follows.followerId}
      where ${follows.writerId} = ${writerId} and ${users.banned} = false and ${users.deletedAt} is null
        and not exists (select 1 from ${notificationPreferences} p where p.user_id = ${follows.followerId} and p.followed_writer_in_app = false)`;
    await publishNotification(uow, { to: { select }, kind: "followedWriterNewManga", params: notice, type: NotificationType.Info, link });
    const mailed = await uow.tx
      .select({ email: users.email, locale: users.locale })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followerId))
      .innerJoin(notificationPreferences, eq(notificationPreferences.userId, follows.followerId))
      .where(and(eq(follows.writerId, writerId), eq(notificationPreferences.followedWriterEmail, true), eq(users.emailVerified, true), eq(users.banned, false), sql`${users.deletedAt} is null`));
    for (const r of mailed) {
      const locale = recipientLocale(r.locale);
      const message = noticeText("followedWriterNewManga", locale, notice);
      const url = siteLink(locale, link);
      await sendMailAfterCommit(uow, { db, to: r.email, subject: message.length > 150 ? `${message.slice(0, 149)}…` : message, text: `${message}\n\n${url}`, link: url });
    }
  });
}
