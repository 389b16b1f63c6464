import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  chapterPages, chapters, chapterViews, dailyViews, favorites, manga, mangaGenres, notifications, readingProgress,
  siteSettings, subscriptions, transactions, users,
} from "@/db/schema";
import {
  GENRES, NotificationType, PremiumPlan, ReadingDirection, Role, Status, TransactionStatus, type Genre,
} from "@/lib/enums";
import { isSpread } from "@/lib/paged";
import { foldSearchText, searchTextFor, userSearchTextFor } from "@/lib/search-fold";
import { usernameSkeleton } from "@/lib/validation/usernames";
import type { DiscoverySettingsValue, LandingSettingsValue } from "@/server/settings/types";
import { SETTINGS_KEYS } from "@/server/settings/types";
import { detectLanguage, kindSearchText, noticeText, type KindNotice } from "@/server/notifications/catalogue";
import { ACCOUNTS, type DemoAccount } from "./accounts";
import { poolKey, type SeedImages } from "./images";
import type { DemoPlan, PlannedManga } from "./plan";

/** Writes the planned rows, a few statements per table, inside the caller's transaction. */

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const DAY = 86_400_000;
/** Rows per insert statement (well under PostgreSQL's 65,535 bind parameters). */
const CHUNK = 1000;

export interface SeedContext {
  tx: Tx;
  plan: DemoPlan;
  images: SeedImages;
  now: number;
}

const daysAgo = (ctx: SeedContext, days: number) => new Date(ctx.now - days * DAY);

/** Looks up an id the seed itself just inserted; a miss is a bug in the plan, so fail loudly. */
function must<K, V>(map: Map<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`seed: nothing recorded for ${String(key)}`);
  return value;
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

export async function insertUsers(ctx: SeedContext, hashes: Map<string, string>): Promise<Map<string, number>> {
  const rows = ACCOUNTS.map((a, i) => ({
    username: a.username,
    email: a.email,
    fullName: a.fullName,
    searchText: userSearchTextFor(a.username, a.fullName, a.email),
    usernameSkeleton: usernameSkeleton(a.username),
    passwordHash: must(hashes, a.password),
    role: a.role,
    dateOfBirth: a.dateOfBirth,
    emailVerified: true,
    emailVerifiedAt: daysAgo(ctx, 400 - i * 10),
    lastLogin: daysAgo(ctx, i % 4),
    locale: a.locale,
    // Balances come from ledger entries only (./monetization.ts): a balance is the sum of its entries.
    balance: "0",
    payoutEmail: a.role === Role.writer ? `payouts+${a.username.replace(/_/g, ".")}@example.com` : null,
    consentsAcceptedAt: a.role === Role.writer ? daysAgo(ctx, 400 - i * 10) : null,
    createdAt: daysAgo(ctx, 400 - i * 10),
  }));
  const inserted = await ctx.tx.insert(users).values(rows).returning({ id: users.id, username: users.username });
  return new Map(inserted.map((u) => [u.username, u.id]));
}

function favoriteCounts(plan: DemoPlan): Map<string, number> {
  const counts = new Map<string, number>();
  for (const titles of plan.favorites.values()) for (const t of titles) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}

function lastActivity(ctx: SeedContext, m: PlannedManga): Date {
  const latest = Math.min(m.daysAgo, ...m.chapters.map((c) => c.daysAgo));
  return daysAgo(ctx, latest);
}

export async function insertManga(ctx: SeedContext, userIds: Map<string, number>): Promise<Map<string, number>> {
  const favCounts = favoriteCounts(ctx.plan);
  const rows = ctx.plan.manga.map((m) => {
    const { title, description } = m.entry;
    const favoritesTotal = m.audienceFavorites + (favCounts.get(title) ?? 0);
    return {
      title,
      description,
      searchText: searchTextFor(title, description, m.entry.author),
      coverImageId: must(ctx.images.covers, title),
      bannerImageId: ctx.images.banners.get(title) ?? null,
      authorId: must(userIds, m.entry.author),
      status: m.status,
      reviewNote: m.reviewNote,
      readingDirection: m.entry.language === "ar" ? ReadingDirection.RightToLeft : ReadingDirection.LeftToRight,
      language: m.entry.language,
      publicationStatus: m.publicationStatus,
      views: m.views,
      favorites: favoritesTotal,
      chapterCount: m.chapters.filter((c) => c.status === Status.Accepted).length,
      popularity: m.views + 10 * favoritesTotal,
      createdAt: daysAgo(ctx, m.daysAgo),
      updatedAt: lastActivity(ctx, m),
    };
  });
  const inserted = await ctx.tx.insert(manga).values(rows).returning({ id: manga.id, title: manga.title });
  const ids = new Map(inserted.map((r) => [r.title, r.id]));
  const genreRows = ctx.plan.manga.flatMap((m) =>
    m.entry.genres.map((g: Genre) => ({ mangaId: must(ids, m.entry.title), genre: GENRES.indexOf(g) })),
  );
  await ctx.tx.insert(mangaGenres).values(genreRows);
  return ids;
}

const chapterKey = (mangaId: number, number: number) => `${mangaId}/${number}`;

export async function insertChapters(ctx: SeedContext, mangaIds: Map<string, number>): Promise<Map<string, number>> {
  const rows = ctx.plan.manga.flatMap((m) =>
    m.chapters.map((c) => ({
      mangaId: must(mangaIds, m.entry.title),
      title: c.title,
      number: c.number,
      status: c.status,
      isPremium: c.isPremium,
      pageCount: c.pageCount,
      reviewNote: c.reviewNote,
      views: c.views,
      // Released and announced when it was made, as an accepted chapter of an accepted manga is (a later edit that is
      // accepted again must not announce it as new: server/publishing/announce.ts).
      announcedAt: c.status === Status.Accepted && m.status === Status.Accepted ? daysAgo(ctx, c.daysAgo) : null,
      createdAt: daysAgo(ctx, c.daysAgo),
      updatedAt: daysAgo(ctx, c.daysAgo),
    })),
  );
  const ids = new Map<string, number>();
  await insertChunked(rows, async (chunk) => {
    const inserted = await ctx.tx
      .insert(chapters)
      .values(chunk)
      .returning({ id: chapters.id, mangaId: chapters.mangaId, number: chapters.number });
    for (const r of inserted) ids.set(chapterKey(r.mangaId, r.number), r.id);
  });
  await insertPages(ctx, mangaIds, ids);
  return ids;
}

/** Every page row points at the shared pool image for its (style, page number), premium chapters at their own pool's. */
async function insertPages(ctx: SeedContext, mangaIds: Map<string, number>, chapterIds: Map<string, number>): Promise<void> {
  const rows = ctx.plan.manga.flatMap((m) =>
    m.chapters.flatMap((c) => {
      const chapterId = must(chapterIds, chapterKey(must(mangaIds, m.entry.title), c.number));
      return Array.from({ length: c.pageCount }, (_, i) => {
        const image = ctx.images.pages.get(poolKey(m.style, i + 1, c.isPremium));
        if (!image) throw new Error(`no pool image for style ${m.style} page ${i + 1}${c.isPremium ? " (premium)" : ""}`);
        return { chapterId, pageNumber: i + 1, ...image, spread: isSpread(image) };
      });
    }),
  );
  await insertChunked(rows, (chunk) => ctx.tx.insert(chapterPages).values(chunk));
}

export async function insertActivity(
  ctx: SeedContext,
  userIds: Map<string, number>,
  mangaIds: Map<string, number>,
  chapterIds: Map<string, number>,
): Promise<void> {
  const favoriteRows = [...ctx.plan.favorites].flatMap(([username, titles]) =>
    titles.map((title, i) => ({ userId: must(userIds, username), mangaId: must(mangaIds, title), createdAt: daysAgo(ctx, 3 + i * 4) })),
  );
  await ctx.tx.insert(favorites).values(favoriteRows);

  const reading = ctx.plan.reading.map((r, i) => {
    const mangaId = must(mangaIds, r.title);
    return { userId: must(userIds, r.username), mangaId, chapterId: must(chapterIds, chapterKey(mangaId, r.chapterNumber)), r, i };
  });
  await insertChunked(reading, (chunk) =>
    ctx.tx.insert(readingProgress).values(
      chunk.map(({ userId, mangaId, chapterId, r, i }) => ({
        userId, mangaId, chapterId, pageNumber: r.pageNumber, completed: r.completed, updatedAt: daysAgo(ctx, (i % 20) / 2),
      })),
    ),
  );
  // The views those readers left: the counters already include them (see plan.ts).
  await insertChunked(reading, (chunk) =>
    ctx.tx.insert(chapterViews).values(chunk.map(({ userId, chapterId, i }) => ({ chapterId, viewerKey: `u:${userId}`, createdAt: daysAgo(ctx, (i % 20) / 2) }))),
  );
  // The overview's views per day (daily_views): each manga's last 30 days, a steady share of its counter with a
  // weekly swing, so the demo's chart has a shape. One statement.
  await ctx.tx.execute(sql`
    insert into ${dailyViews} (day, manga_id, views)
    select (current_date - d), m.id, greatest(0, round(m.views / 200.0 * (1 + 0.35 * sin(d + m.id))))::int
    from ${manga} m cross join generate_series(0, 29) d
    where m.views > 0
    on conflict (day, manga_id) do update set views = excluded.views`);
}

/** The largest round number of views reached, for "passed N views" messages. */
function viewMilestone(views: number): number {
  return [50_000, 25_000, 10_000, 5_000, 1_000, 500, 100].find((m) => views >= m) ?? views;
}

const quote = (a: DemoAccount, title: string) => (a.locale === "ar" ? `«${title}»` : `“${title}”`);

/**
 * A demo notification: what the site tells people, as a catalogue kind with its params (rendered in the reader's
 * language when read, docs/decisions/014), or a message as root would write it (free text, in the account's language).
 */
type Note = ({ notice: KindNotice } | { message: string }) & { type: NotificationType; link?: string };

/** The ids the kinds' params and links name. */
interface SeedIds {
  manga: Map<string, number>;
  chapters: Map<string, number>;
}

function welcome(a: DemoAccount): Note {
  return {
    message: a.locale === "ar" ? `أهلًا ${a.arabicName}! تم تأكيد بريدك الإلكتروني.` : `Welcome, ${a.fullName}! Your e-mail address is verified.`,
    type: NotificationType.Success,
  };
}

function staffNotes(ctx: SeedContext, a: DemoAccount, ids: SeedIds): Note[] {
  const ar = a.locale === "ar";
  const pending = ctx.plan.manga.filter((m) => m.status === Status.Pending);
  const waiting = pending[0];
  const notes: Note[] = [];
  if (waiting && a.role === Role.root) {
    const mangaId = must(ids.manga, waiting.entry.title);
    notes.push({ notice: { kind: "reviewManga", params: { mangaId, title: waiting.entry.title, author: waiting.entry.author } }, type: NotificationType.Info, link: `/dashboard/manga-approval/${mangaId}` });
  } else {
    notes.push({ message: ar ? `${pending.length} أعمال مانغا بانتظار المراجعة.` : `${pending.length} manga are waiting for review.`, type: NotificationType.Info });
  }
  notes.push({ message: ar ? "تم رفض فصل بسبب صفحات ناقصة؛ أُبلغ الكاتب." : "A chapter was rejected for missing pages; the writer has been told.", type: NotificationType.Warning });
  return notes;
}

function writerNotes(ctx: SeedContext, a: DemoAccount, ids: SeedIds): Note[] {
  const ar = a.locale === "ar";
  const own = ctx.plan.manga.filter((m) => m.entry.author === a.username);
  const approved = own.find((m) => m.status === Status.Accepted);
  const rejected = own.find((m) => m.status === Status.Rejected || m.chapters.some((c) => c.status === Status.Rejected));
  const notes: Note[] = [];
  if (approved) {
    const mangaId = must(ids.manga, approved.entry.title);
    const milestone = viewMilestone(approved.views).toLocaleString("en-US");
    notes.push({ notice: { kind: "mangaAccepted", params: { mangaId, title: approved.entry.title } }, type: NotificationType.Success, link: `/dashboard/manga-approval/editor/${mangaId}` });
    const title = quote(a, approved.entry.title);
    notes.push({ message: ar ? `تجاوز ${title} ${milestone} مشاهدة!` : `${title} passed ${milestone} views!`, type: NotificationType.Info });
  }
  if (rejected) {
    const mangaId = must(ids.manga, rejected.entry.title);
    const link = `/dashboard/manga-approval/editor/${mangaId}`;
    const chapter = rejected.status === Status.Rejected ? undefined : rejected.chapters.find((c) => c.status === Status.Rejected);
    const note = rejected.reviewNote ?? chapter?.reviewNote ?? rejected.chapters.find((c) => c.reviewNote)?.reviewNote ?? "";
    const notice: KindNotice = chapter
      ? { kind: "chapterRejected", params: { mangaId, title: rejected.entry.title, chapter: chapter.title, note } }
      : { kind: "mangaRejected", params: { mangaId, title: rejected.entry.title, note } };
    // Error, as the demo has always shown it (the demo's notifications use all four types).
    notes.push({ notice, type: NotificationType.Error, link });
  }
  return notes;
}

function readerNotes(ctx: SeedContext, a: DemoAccount, ids: SeedIds): Note[] {
  const ar = a.locale === "ar";
  const title = ctx.plan.favorites.get(a.username)?.[0] ?? ctx.plan.manga[0]?.entry.title ?? "";
  const planned = ctx.plan.manga.find((m) => m.entry.title === title);
  const latest = planned?.chapters.filter((c) => c.status === Status.Accepted).at(-1);
  const notes: Note[] = [];
  if (planned && latest) {
    const mangaId = must(ids.manga, title);
    const chapterId = ids.chapters.get(chapterKey(mangaId, latest.number));
    notes.push({
      notice: { kind: "newChapter", params: { mangaId, title, chapter: latest.title } },
      type: NotificationType.Info,
      link: chapterId === undefined ? `/discovery/manga/${mangaId}` : `/manga-reader/${mangaId}/${chapterId}`,
    });
  }
  notes.push({ message: ar ? "خطط بريميوم قادمة قريبًا، ترقبوها!" : "Premium plans are coming soon. Stay tuned!", type: NotificationType.Warning });
  return notes;
}

/** Two to four notifications per account; together they use all four types. */
function notificationsFor(ctx: SeedContext, a: DemoAccount, ids: SeedIds): Note[] {
  if (a.role >= Role.staff) return [welcome(a), ...staffNotes(ctx, a, ids)];
  if (a.role === Role.writer) return [welcome(a), ...writerNotes(ctx, a, ids)];
  return [welcome(a), ...readerNotes(ctx, a, ids)];
}

export async function insertNotifications(ctx: SeedContext, userIds: Map<string, number>, ids: SeedIds): Promise<void> {
  const rows = ACCOUNTS.flatMap((a) =>
    notificationsFor(ctx, a, ids).map((n, i, all) => {
      // Stored as the site stores them (server/notifications/publish-notification.ts): a kind with its English render
      // and both languages' folded texts, or free text with its language.
      const content =
        "notice" in n
          ? { message: noticeText(n.notice.kind, "en", n.notice.params as never), kind: n.notice.kind, params: n.notice.params, lang: null, searchText: kindSearchText(n.notice) }
          : { message: n.message, kind: null, params: null, lang: detectLanguage(n.message), searchText: foldSearchText(n.message) };
      return {
        userId: must(userIds, a.username),
        ...content,
        type: n.type,
        link: n.link ?? null,
        // The oldest one has been read; the newest ones have not.
        isRead: i === 0 && all.length > 2,
        createdAt: new Date(ctx.now - (all.length - i) * 3_600_000 * 7),
      };
    }),
  );
  await ctx.tx.insert(notifications).values(rows);
}

export async function insertSettings(ctx: SeedContext, mangaIds: Map<string, number>, rootId: number | undefined): Promise<void> {
  const featured = ctx.plan.manga.filter((m) => m.entry.featured && m.status === Status.Accepted).map((m) => m.entry.title);
  const [landingTitle, discoveryTitle] = [featured[0], featured[1] ?? featured[0]];
  if (!landingTitle || !discoveryTitle) throw new Error("the catalogue needs a featured title");
  const landing: LandingSettingsValue = {
    title: "Read manga in Arabic and English",
    description:
      "Hand-picked action, adventure, comedy and drama from new creators, free to read on any device. Follow your favourites and get told the moment a new chapter lands.",
    cta: "Explore the catalogue",
    ar: {
      title: "اقرأ المانجا بالعربية والإنجليزية",
      description:
        "أعمال أكشن ومغامرة وكوميديا ودراما مختارة بعناية من مبدعين جدد، مجانية للقراءة على أي جهاز. تابع أعمالك المفضلة وكن أول من يعلم بصدور فصل جديد.",
      cta: "استكشف الكتالوج",
    },
    bannerImageId: ctx.images.banners.get(landingTitle) ?? null,
    mangaId: mangaIds.get(landingTitle) ?? null,
  };
  const discovery: DiscoverySettingsValue = {
    bannerImageId: ctx.images.banners.get(discoveryTitle) ?? null,
    mangaId: mangaIds.get(discoveryTitle) ?? null,
  };
  await ctx.tx.insert(siteSettings).values([
    { key: SETTINGS_KEYS.landing, value: landing, updatedBy: rootId ?? null },
    { key: SETTINGS_KEYS.discovery, value: discovery, updatedBy: rootId ?? null },
  ]);
}

/** One premium reader and one writer payout, so the user-management columns show something. */
export async function insertBilling(ctx: SeedContext, userIds: Map<string, number>): Promise<void> {
  const reader = userIds.get("reader");
  const writer = userIds.get("writer");
  if (reader === undefined || writer === undefined) return;
  await ctx.tx.insert(subscriptions).values({
    userId: reader, plan: PremiumPlan.Premium, durationDays: 30, startsAt: daysAgo(ctx, 10), endsAt: daysAgo(ctx, -20),
  });
  await ctx.tx.insert(transactions).values([
    { userId: reader, method: "card", amount: "4.99", status: TransactionStatus.Completed, referenceId: "DEMO-SUB-0001", createdAt: daysAgo(ctx, 10) },
  ]);
}
