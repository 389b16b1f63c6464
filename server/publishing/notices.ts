import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { favorites, notificationPreferences, notifications, users } from "@/db/schema";
import { NotificationType, Role } from "@/db/schema/enums";
import { isLocale, type Locale } from "@/i18n/routing";
import { foldSearchText } from "@/lib/search-fold";
import type { UnitOfWork } from "@/server/core/unit-of-work";
import { siteLink } from "@/server/mail/links";
import { sendMailAfterCommit } from "@/server/mail/send-mail";
import { signalNotifications } from "@/server/notifications/publish-notification";

/**
 * What publishing tells people, in each recipient's own language (users.locale), written when the event happens
 * (docs/decisions/013, 014). Every function writes rows in the use case's transaction; the bus is signalled after commit.
 * Each notification links to what it is about (docs/decisions/014): the author to the manga's editor, roots to its
 * review page, favouriters to the reader of the first new chapter (or the manga's preview). The manga comes from the
 * `mangaId` param (params the texts do not use are ignored).
 */
const TEXTS = {
  mangaAccepted: { en: 'Your manga "{title}" was accepted.', ar: "تم قبول المانجا الخاصة بك «{title}»." },
  mangaRejected: { en: 'Your manga "{title}" was rejected: {note}', ar: "تم رفض المانجا الخاصة بك «{title}»: {note}" },
  chapterAccepted: { en: 'Your chapter "{chapter}" of "{title}" was accepted.', ar: "تم قبول الفصل «{chapter}» من «{title}»." },
  chapterRejected: { en: 'Your chapter "{chapter}" of "{title}" was rejected: {note}', ar: "تم رفض الفصل «{chapter}» من «{title}»: {note}" },
  chapterReady: { en: 'The pages of "{chapter}" ({title}) are ready.', ar: "صفحات الفصل «{chapter}» ‏({title}) جاهزة." },
  chapterFailed: { en: 'The pages of "{chapter}" ({title}) could not be processed: {reason}', ar: "تعذرت معالجة صفحات الفصل «{chapter}» ‏({title}): {reason}" },
  newChapter: { en: 'New chapter of "{title}": {chapter}', ar: "فصل جديد من «{title}»: {chapter}" },
  newChapters: { en: '{count} new chapters of "{title}"', ar: "{count} فصول جديدة من «{title}»" },
  reviewManga: { en: 'New manga waiting for review: "{title}" by {author}', ar: "مانجا جديدة بانتظار المراجعة: «{title}» من {author}" },
  reviewChapter: { en: 'New chapter waiting for review: "{chapter}" of "{title}" by {author}', ar: "فصل جديد بانتظار المراجعة: «{chapter}» من «{title}» من {author}" },
  editedManga: { en: '{author} edited the accepted manga "{title}".', ar: "عدّل {author} المانجا المقبولة «{title}»." },
} as const satisfies Record<string, Record<Locale, string>>;

export type NoticeKey = keyof typeof TEXTS;

/**
 * The preference each notice falls under (notification_preferences): `review` tells an author about their work,
 * `submissions` tells roots about work waiting for review, `newChapter` tells favouriters.
 */
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
} as const satisfies Record<NoticeKey, "review" | "newChapter" | "submissions">;

/** The in-app and e-mail switches of the kinds notifyUsers writes (a missing preferences row: in-app on, e-mail off). */
const SWITCHES = {
  review: { inApp: notificationPreferences.reviewInApp, email: notificationPreferences.reviewEmail },
  submissions: { inApp: notificationPreferences.submissionsInApp, email: notificationPreferences.submissionsEmail },
  newChapter: { inApp: notificationPreferences.newChapterInApp, email: null },
};
export type NoticeParams = Record<string, string | number>;

/** First-strong isolate … pop: a Latin title inside an Arabic sentence keeps its place and its punctuation. */
const isolate = (value: string) => `\u2068${value}\u2069`;

export function noticeText(key: NoticeKey, locale: Locale, params: NoticeParams): string {
  const text = TEXTS[key][locale].replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name]!;
    // Names and notes are people's words in any script: isolated in the right-to-left texts (search folds the marks away).
    return locale === "ar" && typeof value === "string" ? isolate(value) : String(value);
  });
  // The column holds at most what a notification may carry (1,000 characters).
  return text.length > 1000 ? `${text.slice(0, 999)}…` : text;
}

const localeOfRow = (value: string): Locale => (isLocale(value) ? value : "en");

/** The pages a publishing notification opens (app/[locale]: the dashboard's editor and review pages, the reader, the preview). */
export const noticeLinks = {
  editor: (mangaId: number) => `/dashboard/manga-approval/editor/${mangaId}`,
  review: (mangaId: number) => `/dashboard/manga-approval/${mangaId}`,
  reader: (mangaId: number, chapterId: number) => `/manga-reader/${mangaId}/${chapterId}`,
  preview: (mangaId: number) => `/discovery/manga/${mangaId}`,
};

const mangaIdOf = (params: NoticeParams): number | null => {
  const id = Number(params.mangaId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * Tells these users, each in their language; an author is sent to the manga's editor. Users who turned the notice's
 * kind off in-app get no row; users who turned its e-mail on also get a mail with the text and the absolute link.
 */
export async function notifyUsers(
  uow: UnitOfWork,
  userIds: readonly number[],
  key: NoticeKey,
  params: NoticeParams,
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
  // E-mail (when the user turned it on for this kind): the same text and the link, after commit (server/mail).
  const mailed = rows.filter((r) => r.mail);
  if (mailed.length > 0) {
    const db = await getDb();
    for (const r of mailed) {
      const locale = localeOfRow(r.locale);
      const message = noticeText(key, locale, params);
      const url = siteLink(locale, opens ?? "/dashboard/notifications");
      await sendMailAfterCommit(uow, { db, to: r.email, subject: message.length > 150 ? `${message.slice(0, 149)}…` : message, text: `${message}\n\n${url}`, link: url });
    }
  }
  const shown = rows.filter((r) => r.inApp);
  if (shown.length === 0) return;
  const inserted = await uow.tx
    .insert(notifications)
    .values(
      shown.map((r) => {
        const message = noticeText(key, localeOfRow(r.locale), params);
        return { userId: r.id, message, type, link: opens, searchText: foldSearchText(message) };
      }),
    )
    .returning({ id: notifications.id });
  const newIds = inserted.map((r) => r.id);
  uow.afterCommit(() => signalNotifications(newIds));
}

/** Tells every root account (submissions waiting for review), except `except` (a root who did it); they are sent to the review page. */
export async function notifyRoots(uow: UnitOfWork, key: NoticeKey, params: NoticeParams, except?: number): Promise<void> {
  const roots = await uow.tx.select({ id: users.id }).from(users).where(and(eq(users.role, Role.root), eq(users.banned, false)));
  const mangaId = mangaIdOf(params);
  await notifyUsers(uow, roots.map((r) => r.id).filter((id) => id !== except), key, params, NotificationType.Info, mangaId === null ? null : noticeLinks.review(mangaId));
}

/**
 * Tells everyone who favourited the manga about new chapters: one statement per language (INSERT … SELECT, so a
 * manga with a hundred thousand favouriters costs two statements), one notification per favouriter however many
 * chapters arrived together. It opens the reader at the first new chapter (`firstChapterId`), or the manga's preview.
 * Favouriters who turned new chapters off in-app are left out. New chapters are not e-mailed one by one (the outbox
 * is written and delivered per mail, which does not fit a fan-out to every favouriter): the daily digest carries them.
 */
export async function notifyFavouriters(uow: UnitOfWork, mangaId: number, title: string, chapterTitles: readonly string[], firstChapterId?: number): Promise<void> {
  if (chapterTitles.length === 0) return;
  const link = firstChapterId === undefined ? noticeLinks.preview(mangaId) : noticeLinks.reader(mangaId, firstChapterId);
  const ids: number[] = [];
  for (const locale of ["en", "ar"] as const) {
    const message =
      chapterTitles.length === 1
        ? noticeText("newChapter", locale, { title, chapter: chapterTitles[0]! })
        : noticeText("newChapters", locale, { title, count: chapterTitles.length });
    const matchesLocale = locale === "ar" ? sql`${users.locale} = 'ar'` : sql`${users.locale} <> 'ar'`;
    const res = await uow.tx.execute<{ id: number }>(sql`
      insert into ${notifications} (user_id, message, type, link, search_text)
      select ${favorites.userId}, ${message}, ${NotificationType.Info}, ${link}, ${foldSearchText(message)}
      from ${favorites} join ${users} on ${users.id} = ${favorites.userId}
      where ${favorites.mangaId} = ${mangaId} and ${users.banned} = false and ${matchesLocale}
        and not exists (select 1 from ${notificationPreferences} p where p.user_id = ${favorites.userId} and p.new_chapter_in_app = false)
      returning id`);
    ids.push(...res.rows.map((r) => Number(r.id)));
  }
  if (ids.length > 0) uow.afterCommit(() => signalNotifications(ids));
}
