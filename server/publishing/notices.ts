import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { favorites, notificationPreferences, users } from "@/db/schema";
import { NotificationType, Role } from "@/lib/enums";
import type { UnitOfWork } from "@/server/core/unit-of-work";
import { siteLink } from "@/server/mail/links";
import { sendMailAfterCommit } from "@/server/mail/send-mail";
import { noticeText, recipientLocale, type KindParams } from "@/server/notifications/catalogue";
import { publishNotification } from "@/server/notifications/publish-notification";

/**
 * Whom publishing tells, and how (docs/decisions/013, 014): what happened is stored as a catalogue kind with its params
 * (server/notifications/catalogue.ts holds the texts) through publishNotification, in the use case's transaction, and
 * each reader sees it in their language when they read it. Each notification links to what it is about: the author to
 * the manga's editor, roots to its review page, favouriters to the reader of the first new chapter (or the manga's
 * preview). The manga comes from the `mangaId` param.
 */

/** The publishing kinds, by the preference each falls under (notification_preferences). */
const KIND_OF = {
  mangaAccepted: "review",
  mangaRejected: "review",
  chapterAccepted: "review",
  chapterRejected: "review",
  chapterReady: "review",
  chapterFailed: "review",
  newChapter: "newChapter",
  newChapters: "newChapter",
  reviewManga: "submissions",
  reviewChapter: "submissions",
  editedManga: "submissions",
} as const;

/** A publishing notice: `review` tells an author about their work, `submissions` tells roots about work waiting for review. */
export type NoticeKey = Exclude<keyof typeof KIND_OF, "newChapter" | "newChapters">;

/** The in-app and e-mail switches of the kinds notifyUsers writes (a missing preferences row: in-app on, e-mail off). */
const SWITCHES = {
  review: { inApp: notificationPreferences.reviewInApp, email: notificationPreferences.reviewEmail },
  submissions: { inApp: notificationPreferences.submissionsInApp, email: notificationPreferences.submissionsEmail },
  newChapter: { inApp: notificationPreferences.newChapterInApp, email: null },
};

/** The pages a publishing notification opens (app/[locale]: the dashboard's editor and review pages, the reader, the preview). */
export const noticeLinks = {
  editor: (mangaId: number) => `/dashboard/manga-approval/editor/${mangaId}`,
  review: (mangaId: number) => `/dashboard/manga-approval/${mangaId}`,
  reader: (mangaId: number, chapterId: number) => `/manga-reader/${mangaId}/${chapterId}`,
  preview: (mangaId: number) => `/discovery/manga/${mangaId}`,
};

const mangaIdOf = (params: { mangaId?: number }): number | null => {
  const id = Number(params.mangaId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * Tells these users; an author is sent to the manga's editor. Users who turned the notice's kind off in-app get no row;
 * users who turned its e-mail on also get a mail with the text (in their language) and the absolute link.
 */
export async function notifyUsers<K extends NoticeKey>(
  uow: UnitOfWork,
  userIds: readonly number[],
  key: K,
  params: KindParams[K],
  type: NotificationType,
  link?: string | null,
): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  const mangaId = mangaIdOf(params);
  const opens = link !== undefined ? link : mangaId === null ? null : noticeLinks.editor(mangaId);
  const switches = SWITCHES[KIND_OF[key]];
  const rows = await uow.tx
    .select({
      id: users.id,
      locale: users.locale,
      email: users.email,
      inApp: sql<boolean>`coalesce(${switches.inApp}, true)`,
      mail: switches.email === null ? sql<boolean>`false` : sql<boolean>`coalesce(${switches.email}, false) and ${users.emailVerified} and not ${users.banned}`,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(inArray(users.id, ids));
  // E-mail (when the user turned it on for this kind): the text in their language and the link, after commit (server/mail).
  const mailed = rows.filter((r) => r.mail);
  if (mailed.length > 0) {
    const db = await getDb();
    for (const r of mailed) {
      const locale = recipientLocale(r.locale);
      const message = noticeText(key, locale, params);
      const url = siteLink(locale, opens ?? "/dashboard/notifications");
      await sendMailAfterCommit(uow, { db, to: r.email, subject: message.length > 150 ? `${message.slice(0, 149)}…` : message, text: `${message}\n\n${url}`, link: url });
    }
  }
  const shown = rows.filter((r) => r.inApp).map((r) => r.id);
  if (shown.length === 0) return;
  await publishNotification(uow, { to: shown, kind: key, params, type, link: opens } as Parameters<typeof publishNotification>[1]);
}

/** Tells every root account (submissions waiting for review), except `except` (a root who did it); they are sent to the review page. */
export async function notifyRoots<K extends NoticeKey>(uow: UnitOfWork, key: K, params: KindParams[K], except?: number): Promise<void> {
  const roots = await uow.tx.select({ id: users.id }).from(users).where(and(eq(users.role, Role.root), eq(users.banned, false)));
  const mangaId = mangaIdOf(params);
  await notifyUsers(uow, roots.map((r) => r.id).filter((id) => id !== except), key, params, NotificationType.Info, mangaId === null ? null : noticeLinks.review(mangaId));
}

/**
 * Tells everyone who favourited the manga about new chapters in one INSERT … SELECT (a manga with a hundred thousand
 * favouriters costs one statement), one notification per favouriter however many chapters arrived together. It opens
 * the reader at the first new chapter (`firstChapterId`), or the manga's preview. Favouriters who turned new chapters
 * off in-app are left out. New chapters are not e-mailed one by one (the outbox is written and delivered per mail,
 * which does not fit a fan-out to every favouriter): the daily digest carries them.
 */
export async function notifyFavouriters(uow: UnitOfWork, mangaId: number, title: string, chapterTitles: readonly string[], firstChapterId?: number): Promise<void> {
  if (chapterTitles.length === 0) return;
  const link = firstChapterId === undefined ? noticeLinks.preview(mangaId) : noticeLinks.reader(mangaId, firstChapterId);
  const select = sql`
    select ${favorites.userId} from ${favorites} join ${users} on ${users.id} = ${favorites.userId}
    where ${favorites.mangaId} = ${mangaId} and ${users.banned} = false
      and not exists (select 1 from ${notificationPreferences} p where p.user_id = ${favorites.userId} and p.new_chapter_in_app = false)`;
  const notice =
    chapterTitles.length === 1
      ? ({ kind: "newChapter", params: { mangaId, title, chapter: chapterTitles[0]! } } as const)
      : ({ kind: "newChapters", params: { mangaId, title, count: chapterTitles.length } } as const);
  await publishNotification(uow, { to: { select }, ...notice, type: NotificationType.Info, link });
}
