import "server-only";
import { asc, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { pick } from "@/db/columns";
import { chapters, favorites, follows, ledgerEntries, manga, notificationPreferences, notifications, readingProgress, subscriptions, transactions, users } from "@/db/schema";
import { mediaUrl } from "@/lib/media-url";
import { notFound } from "@/server/core/errors";
import type { SignedInViewer } from "@/server/core/viewer";
import { getReaderSettings } from "./get-reader-settings";
import { listSessions } from "./list-sessions";
import { recipientLocale, renderNotification } from "@/server/notifications/catalogue";

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/**
 * GET /api/Authentication/Me/Export (issue 16): everything the site keeps about the caller, as one JSON document —
 * profile, favourites, the writers followed, reading progress (with the place within a page of the vertical view), the reader's settings (keys,
 * touch, settings per series), notifications and their preferences, transactions, subscriptions, ledger entries and
 * active sessions. Never a password hash, a token or its hash, a rate-limit counter or another user's data.
 * Reads only the caller's rows through their indexes; a long history is long, not capped (it is the user's own).
 */
export async function exportMyData(opts: { db: Db; viewer: SignedInViewer; currentSid?: string | null; now?: Date }) {
  const { db, viewer } = opts;
  const userId = viewer.userId;
  const now = opts.now ?? new Date();
  const [profile] = await db
    .select(pick(users, "id", "username", "fullName", "email", "emailVerified", "emailVerifiedAt", "role", "dateOfBirth", "profileImageId", "locale", "theme", "balance", "payoutEmail", "consentsAcceptedAt", "lastLogin", "createdAt", "updatedAt", "deletedAt"))
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!profile || profile.deletedAt) throw notFound("userNotFound");

  const [favs, followed, progress, notes, prefs, txs, subs, ledger, sessions, reader] = await Promise.all([
    db
      .select({ mangaId: favorites.mangaId, title: manga.title, createdAt: favorites.createdAt })
      .from(favorites)
      .innerJoin(manga, eq(manga.id, favorites.mangaId))
      .where(eq(favorites.userId, userId))
      .orderBy(desc(favorites.createdAt)),
    db
      .select({ writerId: follows.writerId, username: users.username, createdAt: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.writerId))
      .where(eq(follows.followerId, userId))
      .orderBy(desc(follows.createdAt)),
    db
      .select({
        mangaId: readingProgress.mangaId,
        mangaTitle: manga.title,
        chapterId: readingProgress.chapterId,
        chapterTitle: chapters.title,
        pageNumber: readingProgress.pageNumber,
        anchorPage: readingProgress.anchorPage,
        anchorOffset: readingProgress.anchorOffset,
        completed: readingProgress.completed,
        updatedAt: readingProgress.updatedAt,
      })
      .from(readingProgress)
      .innerJoin(chapters, eq(chapters.id, readingProgress.chapterId))
      .innerJoin(manga, eq(manga.id, readingProgress.mangaId))
      .where(eq(readingProgress.userId, userId))
      .orderBy(desc(readingProgress.updatedAt)),
    db
      .select({ id: notifications.id, message: notifications.message, type: notifications.type, isRead: notifications.isRead, link: notifications.link, createdAt: notifications.createdAt, kind: notifications.kind, params: notifications.params, lang: notifications.lang })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id)),
    db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).limit(1),
    db
      .select({ id: transactions.id, method: transactions.method, amount: transactions.amount, status: transactions.status, referenceId: transactions.referenceId, createdAt: transactions.createdAt })
      .from(transactions)
      .where(eq(transactions.userId, userId))
      .orderBy(desc(transactions.createdAt), desc(transactions.id)),
    db
      .select({ id: subscriptions.id, plan: subscriptions.plan, durationDays: subscriptions.durationDays, startsAt: subscriptions.startsAt, endsAt: subscriptions.endsAt, cancelledAt: subscriptions.cancelledAt })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.startsAt)),
    db
      .select({ id: ledgerEntries.id, amountMinor: ledgerEntries.amountMinor, currency: ledgerEntries.currency, kind: ledgerEntries.kind, month: ledgerEntries.month, impressions: ledgerEntries.impressions, createdAt: ledgerEntries.createdAt })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(asc(ledgerEntries.id)),
    listSessions({ db, viewer, currentSid: opts.currentSid, now }),
    getReaderSettings({ db, viewer }),
  ]);

  const { profileImageId, deletedAt: _deleted, ...rest } = profile;
  const { userId: _owner, ...preferences } = prefs[0] ?? { userId };
  return {
    exportedAt: now.toISOString(),
    profile: {
      ...rest,
      balance: Number(rest.balance),
      emailVerifiedAt: iso(rest.emailVerifiedAt),
      consentsAcceptedAt: iso(rest.consentsAcceptedAt),
      lastLogin: iso(rest.lastLogin),
      createdAt: iso(rest.createdAt),
      updatedAt: iso(rest.updatedAt),
      profileImageUrl: mediaUrl(profileImageId),
    },
    favorites: favs.map((f) => ({ ...f, createdAt: iso(f.createdAt) })),
    following: followed.map((f) => ({ ...f, createdAt: iso(f.createdAt) })),
    readingProgress: progress.map((p) => ({ ...p, updatedAt: iso(p.updatedAt) })),
    readerSettings: reader.settings,
    // What the site wrote, in the account's language (with the stored kind and params); people's messages as written.
    notifications: notes.map((n) => ({ ...n, message: renderNotification(n, recipientLocale(profile.locale)), createdAt: iso(n.createdAt) })),
    notificationPreferences: prefs[0] ? preferences : null,
    transactions: txs.map((t) => ({ ...t, amount: Number(t.amount), createdAt: iso(t.createdAt) })),
    subscriptions: subs.map((s) => ({ ...s, startsAt: iso(s.startsAt), endsAt: iso(s.endsAt), cancelledAt: iso(s.cancelledAt) })),
    ledgerEntries: ledger.map((l) => ({ ...l, createdAt: iso(l.createdAt) })),
    sessions: sessions.map(({ id: _id, ...s }) => s),
  };
}
export type MyDataExport = Awaited<ReturnType<typeof exportMyData>>;
