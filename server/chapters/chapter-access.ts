import { and, eq, gt, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chapters, manga, subscriptions } from "@/db/schema";
import { Status } from "@/lib/enums";
import { forbidden, notFound } from "@/server/core/errors";
import { isAdFree } from "@/lib/premium";
import { chapterPremiumNow, isChapterPublic, publicChapter } from "@/server/visibility";
import type { Viewer } from "./types";
import { isRoot, mayManage } from "@/server/core/viewer";
import { isRowId } from "@/lib/validation/numbers";

/**
 * Who may read a chapter (spec §6, issue 5; the row rules are server/visibility.ts):
 * - accepted (and released: no future publishAt) chapters of accepted manga are public;
 * - pending or rejected chapters, and every chapter of a manga that is not accepted, only for the manga's
 *   author and root (to anyone else they do not exist: 404, as in the public catalogue);
 * - premium chapters only for an active subscription of either plan (started, not ended, not cancelled), the author
 *   or root: anyone else gets 403 with the premiumRequired message. A premium chapter whose `freeAt` has come is free
 *   for everyone (a timed premium window, checked in SQL against the database clock: no job, every process agrees).
 * - the plan matters where plans differ: PremiumPlus reads without the sponsored overlay (`adFree`); no plan opens a
 *   scheduled chapter early (lib/premium.ts, docs/decisions/015).
 * Staff and admin have a member's rights only (server/core/access-table.ts).
 */

export interface ChapterRow {
  id: number;
  mangaId: number;
  title: string;
  number: number;
  status: number;
  isPremium: boolean;
  sourceType: number;
  pageCount: number;
  views: number;
  reviewNote: string | null;
  publishAt: Date | null;
  /** A timed premium window: free for everyone from this moment (null: premium for good, or not premium). */
  freeAt: Date | null;
  /** Page processing: 0 ready, 1 processing (a PDF in the background), 2 failed (processingError: the code). */
  processing: number;
  processingError: string | null;
  createdAt: Date;
  updatedAt: Date;
  manga: {
    id: number;
    title: string;
    status: number;
    authorId: number | null;
    readingDirection: number;
    coverImageId: string | null;
  };
}

/**
 * `plan`: the viewer's best running plan (0 Premium, 1 PremiumPlus; null: none); `premiumNow`: the chapter is premium
 * at this moment (flagged and not yet free); `adFree`: the reader shows no sponsored overlay (PremiumPlus).
 */
export type ChapterAccess =
  | { kind: "ok"; chapter: ChapterRow; privileged: boolean; hasPremium: boolean; plan: number | null; premiumNow: boolean; adFree: boolean }
  | { kind: "premium"; chapter: ChapterRow; privileged: false; hasPremium: false; plan: null; premiumNow: true; adFree: false }
  | { kind: "notFound" };

/** SQL: a subscription row of this user running now (started, not ended, not cancelled; database clock). */
function running(userId: number): SQL {
  return and(
    eq(subscriptions.userId, userId),
    lte(subscriptions.startsAt, sql`now()`),
    gt(subscriptions.endsAt, sql`now()`),
    isNull(subscriptions.cancelledAt),
  )!;
}

/** SQL: the user has a subscription running now. */
export function activeSubscription(userId: number): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${subscriptions} where ${running(userId)})`;
}

/** SQL: the best plan among the user's running subscriptions (PremiumPlus over Premium), null without one. */
export function activePlan(userId: number): SQL<number | null> {
  return sql<number | null>`(select max(${subscriptions.plan})::int from ${subscriptions} where ${running(userId)})`;
}

/** SQL: a chapter (joined with its manga) is visible to this viewer in lists. */
export function chapterVisibleTo(viewer: Viewer): SQL | undefined {
  if (isRoot(viewer)) return undefined;
  const isPublic = and(publicChapter(), eq(manga.status, Status.Accepted));
  return viewer ? or(isPublic, eq(manga.authorId, viewer.userId)) : isPublic;
}

/** One query: the chapter with its manga and whether the viewer has premium; then the rules above. */
export async function resolveChapterAccess({ db, chapterId, viewer }: { db: Db; chapterId: number; viewer: Viewer }): Promise<ChapterAccess> {
  if (!isRowId(chapterId)) return { kind: "notFound" };
  const [row] = await db
    .select({
      id: chapters.id,
      mangaId: chapters.mangaId,
      title: chapters.title,
      number: chapters.number,
      status: chapters.status,
      isPremium: chapters.isPremium,
      sourceType: chapters.sourceType,
      pageCount: chapters.pageCount,
      views: chapters.views,
      reviewNote: chapters.reviewNote,
      publishAt: chapters.publishAt,
      freeAt: chapters.freeAt,
      processing: chapters.processing,
      processingError: chapters.processingError,
      createdAt: chapters.createdAt,
      updatedAt: chapters.updatedAt,
      manga: {
        id: manga.id,
        title: manga.title,
        status: manga.status,
        authorId: manga.authorId,
        readingDirection: manga.readingDirection,
        coverImageId: manga.coverImageId,
      },
      plan: viewer ? activePlan(viewer.userId) : sql<number | null>`null::int`,
      premiumNow: chapterPremiumNow(),
    })
    .from(chapters)
    .innerJoin(manga, eq(manga.id, chapters.mangaId))
    .where(eq(chapters.id, chapterId))
    .limit(1);
  if (!row) return { kind: "notFound" };
  const { plan: planRaw, premiumNow: premiumRaw, ...chapter } = row;
  const plan = planRaw === null || planRaw === undefined ? null : Number(planRaw);
  const premiumNow = premiumRaw === true || String(premiumRaw) === "true";
  const hasPremium = plan !== null;
  const privileged = mayManage(viewer, chapter.manga.authorId);
  const isPublic = isChapterPublic(chapter) && chapter.manga.status === Status.Accepted;
  if (!isPublic && !privileged) return { kind: "notFound" };
  if (premiumNow && !privileged && !hasPremium) return { kind: "premium", chapter, privileged: false, hasPremium: false, plan: null, premiumNow: true, adFree: false };
  return { kind: "ok", chapter, privileged, hasPremium, plan, premiumNow, adFree: isAdFree(plan) };
}

/** The chapter if the viewer may read it; otherwise 404 (hidden or missing) or 403 (premium). */
export async function requireChapterAccess(opts: { db: Db; chapterId: number; viewer: Viewer }) {
  const access = await resolveChapterAccess(opts);
  if (access.kind === "notFound") throw notFound("chapterNotFound");
  if (access.kind === "premium") {
    throw forbidden("premiumRequired", { code: "premiumRequired", data: { freeAt: access.chapter.freeAt?.toISOString() ?? null } });
  }
  return access;
}
