import { and, eq, gt, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { chapters, manga } from "@/db/schema";
import { Role, Status } from "@/lib/enums";
import { isRoot, type SignedInViewer, type Viewer } from "@/server/core/viewer";

/**
 * THE row-level visibility rules of manga and chapters (one module; every read that filters by status uses it).
 *
 * Who is looking: the server's one `Viewer` (server/core/viewer.ts; null: a visitor). Visibility rules of the catalogue:
 * - visitors, readers (and staff and admin, who have a member's rights only) see accepted manga and their accepted chapters;
 * - writers also see their own manga and every chapter of them, whatever the status;
 * - root sees everything.
 * - an accepted chapter with a future `publishAt` (a scheduled release) is public only from that moment: checked at
 *   query time against the database clock, so every process agrees without a job (docs/decisions/013).
 * Status filters a caller passes can only narrow this, never widen it.
 *
 * Premium (issue 16): a premium chapter stays listed for everyone who may see it (with a lock), but only an active
 * subscription (either plan), its author and root may read it while it is premium: until its `freeAt` (a timed
 * premium window), checked at query time against the database clock like publishAt, so every process agrees without
 * a job. No plan widens visibility: a scheduled chapter is hidden from subscribers too (lib/premium.ts).
 */
/** SQL: the chapter's scheduled release (if any) has come. */
export const chapterReleased = (): SQL => or(isNull(chapters.publishAt), lte(chapters.publishAt, sql`now()`))!;

/** SQL: the chapter is public on its own (accepted and released); its manga must be accepted too. */
export const publicChapter = (): SQL => and(eq(chapters.status, Status.Accepted), chapterReleased())!;

/** Whether a loaded chapter row is public on its own (accepted and released), at `now`. */
export function isChapterPublic(row: { status: number; publishAt: Date | null }, now = Date.now()): boolean {
  return row.status === Status.Accepted && (row.publishAt === null || row.publishAt.getTime() <= now);
}

/** SQL: the chapter is premium now (flagged, and its free date, if any, not yet come). */
export const chapterPremiumNow = (): SQL => and(eq(chapters.isPremium, true), or(isNull(chapters.freeAt), gt(chapters.freeAt, sql`now()`)))!;

const ALL_STATUSES: readonly Status[] = [Status.Pending, Status.Accepted, Status.Rejected];

export const isWriter = (viewer: Viewer | undefined): viewer is SignedInViewer => viewer?.role === Role.writer;

/** The manga rows the viewer may see at all (undefined: no restriction). */
export function mangaVisibleTo(viewer: Viewer | undefined): SQL | undefined {
  if (isRoot(viewer)) return undefined;
  if (isWriter(viewer)) return or(eq(manga.status, Status.Accepted), eq(manga.authorId, viewer.userId));
  return eq(manga.status, Status.Accepted);
}

/**
 * The chapter rows (of the manga in the outer query) the viewer may see, narrowed to `statuses` when given.
 * Writers see every chapter of their own manga and the accepted chapters of everyone else's.
 */
export function chaptersVisibleTo(viewer: Viewer | undefined, statuses?: readonly Status[]): SQL | undefined {
  const wanted = statuses && statuses.length > 0 ? statuses : undefined;
  const byStatus = (list: readonly Status[]) => (list.length === 0 ? sql`false` : inArray(chapters.status, [...list]));
  if (isRoot(viewer)) return wanted ? byStatus(wanted) : undefined;
  const publicOnes = (wanted ?? ALL_STATUSES).includes(Status.Accepted) ? publicChapter() : sql`false`;
  if (isWriter(viewer)) {
    const own = eq(manga.authorId, viewer.userId);
    return wanted ? or(and(own, byStatus(wanted)), publicOnes) : or(own, publicOnes);
  }
  return publicOnes;
}

/** Whether a single manga row is visible (used after loading it by id). */
export function canSeeManga(viewer: Viewer | undefined, row: { status: number; authorId: number | null }): boolean {
  if (isRoot(viewer)) return true;
  if (row.status === Status.Accepted) return true;
  return isWriter(viewer) && row.authorId === viewer.userId;
}

/** Whether the viewer sees every chapter of a manga by this author (its author and root do). */
export function seesAllChaptersOf(viewer: Viewer | undefined, authorId: number | null): boolean {
  return isRoot(viewer) || (isWriter(viewer) && authorId === viewer.userId);
}

/** The chapter statuses the viewer may see in one manga (by its author), narrowed to `statuses` when given. */
export function chapterStatusesFor(
  viewer: Viewer | undefined,
  authorId: number | null,
  statuses?: readonly Status[],
): Status[] {
  const wanted = statuses && statuses.length > 0 ? [...new Set(statuses)] : [...ALL_STATUSES];
  return seesAllChaptersOf(viewer, authorId) ? wanted : wanted.filter((s) => s === Status.Accepted);
}
