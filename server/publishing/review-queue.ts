import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { chapters, manga, users } from "@/db/schema";
import { Status } from "@/lib/enums";
import { mediaUrl } from "@/lib/media-url";
import { foldSearchText, SEARCH_TERM_MAX } from "@/lib/search-fold";
import type { Executor } from "@/server/core/unit-of-work";
import { type Processing } from "./managed";
import { type SignedInViewer, isRoot } from "@/server/core/viewer";

/**
 * The review queue of /dashboard/manga-approval (docs/decisions/013): root sees every manga, a writer their own. An
 * item is "pending" (needs review) when the manga itself is pending or any of its chapters is, so an accepted manga
 * with a new chapter comes back to the queue; otherwise it is "accepted" or "rejected" as the manga is. Pending items
 * come first, the longest waiting first; the others follow, the most recently changed first.
 */

export const QUEUE_STATES = ["pending", "accepted", "rejected", "all"] as const;
export type QueueState = (typeof QUEUE_STATES)[number];
export type ItemState = Exclude<QueueState, "all">;

export const QUEUE_PAGE_SIZE = 20;
/** Chapters listed per item (the ones needing attention); the counts cover the rest. */
export const QUEUE_CHAPTERS_SHOWN = 12;

export interface QueueChapter {
  id: number;
  number: number;
  title: string;
  status: Status;
  reviewNote: string | null;
  processing: Processing;
  processingError: string | null;
}

export interface QueueItem {
  id: number;
  title: string;
  status: Status;
  reviewNote: string | null;
  coverImageUrl: string | null;
  author: { id: number | null; username: string | null };
  state: ItemState;
  /** When the oldest thing still waiting for review was submitted (null when nothing is pending). */
  waitingSince: string | null;
  createdAt: string;
  updatedAt: string;
  chapterCounts: { total: number; pending: number; accepted: number; rejected: number; processing: number; failed: number };
  /** Pending, rejected, not-ready and annotated chapters, pending first (at most QUEUE_CHAPTERS_SHOWN). */
  chapters: QueueChapter[];
}

export interface ReviewQueue {
  items: QueueItem[];
  state: QueueState;
  search: string;
  page: number;
  pageSize: number;
  totalPages: number;
  /** Items of each state (and all), for the filter's counts, within the search. */
  counts: Record<QueueState, number>;
}

export interface ReviewQueueOptions {
  db: Executor;
  actor: SignedInViewer;
  state?: QueueState;
  search?: string;
  page?: number;
  pageSize?: number;
}

const STATE_CODE: Record<ItemState, number> = { pending: 0, accepted: 1, rejected: 2 };
const STATE_OF: readonly ItemState[] = ["pending", "accepted", "rejected"];

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function isQueueState(value: unknown): value is QueueState {
  return typeof value === "string" && (QUEUE_STATES as readonly string[]).includes(value);
}

/**
 * The actor's manga with their queue state and when they started waiting. Pending chapters are found through the
 * (status, created_at) index, so the queue costs one pass over the (few) pending chapters plus the manga scanned.
 */
function queueBase(db: Executor, actor: SignedInViewer, search: string) {
  const pending = db
    .$with("pending_chapters")
    .as(
      db
        .select({
          mangaId: chapters.mangaId,
          count: sql<number>`count(*)::int`.as("pending_count"),
          since: sql<Date>`min(${chapters.updatedAt})`.as("pending_since"),
        })
        .from(chapters)
        .where(eq(chapters.status, Status.Pending))
        .groupBy(chapters.mangaId),
    );
  const conditions: SQL[] = [];
  if (!isRoot(actor)) conditions.push(eq(manga.authorId, actor.userId));
  const term = foldSearchText(search.trim().slice(0, SEARCH_TERM_MAX));
  if (term) {
    const pattern = `%${escapeLike(term)}%`;
    const byText = sql`${manga.searchText} like ${pattern}`;
    // Root also finds a writer's submissions by their username.
    conditions.push(isRoot(actor) ? (or(byText, ilike(users.username, `%${escapeLike(search.trim().slice(0, SEARCH_TERM_MAX))}%`)) as SQL) : byText);
  }
  // For a writer, a rejected chapter of an otherwise accepted manga is something to act on: it counts as rejected.
  // (For root it is decided work; the manga stays under its own state.)
  const rejectedChapter = isRoot(actor)
    ? sql`false`
    : sql`exists (select 1 from ${chapters} rc where rc.manga_id = ${manga.id} and rc.status = ${Status.Rejected})`;
  const state = sql<number>`case when ${manga.status} = ${Status.Pending} or ${pending.count} is not null then 0
    when ${manga.status} = ${Status.Rejected} or ${rejectedChapter} then ${Status.Rejected} else ${manga.status} end`;
  const waiting = sql<Date | null>`least(case when ${manga.status} = ${Status.Pending} then ${manga.updatedAt} end, ${pending.since})`;
  const queue = db.$with("queue").as(
    db
      .with(pending)
      .select({
        id: sql<number>`${manga.id}`.as("queue_id"),
        state: state.as("queue_state"),
        waitingSince: waiting.as("waiting_since"),
        updatedAt: sql<Date>`${manga.updatedAt}`.as("queue_updated_at"),
        pendingChapters: sql<number>`coalesce(${pending.count}, 0)`.as("pending_chapters"),
      })
      .from(manga)
      .leftJoin(pending, eq(pending.mangaId, manga.id))
      .leftJoin(users, eq(users.id, manga.authorId))
      .where(conditions.length ? and(...conditions) : undefined),
  );
  return queue;
}

type Queue = ReturnType<typeof queueBase>;

/** Queue order: pending first, the longest waiting first; then the most recently changed. Stable by id. */
const queueOrder = (q: Queue) => [
  sql`(${q.state} = 0) desc`,
  asc(q.waitingSince),
  desc(q.updatedAt),
  asc(q.id),
];

function clampInt(value: number | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

/** One page of the queue and the counts per state: two statements, whatever the page size. */
export async function listReviewQueue(opts: ReviewQueueOptions): Promise<ReviewQueue> {
  const { db, actor } = opts;
  const state: QueueState = opts.state ?? "pending";
  const search = (opts.search ?? "").slice(0, SEARCH_TERM_MAX);
  const pageSize = clampInt(opts.pageSize, 1, 100, QUEUE_PAGE_SIZE);
  const requested = clampInt(opts.page, 1, 100_000, 1);

  const queue = queueBase(db, actor, search);
  const countsQuery = db
    .with(queue)
    .select({
      pending: sql<number>`count(*) filter (where ${queue.state} = 0)::int`,
      accepted: sql<number>`count(*) filter (where ${queue.state} = 1)::int`,
      rejected: sql<number>`count(*) filter (where ${queue.state} = 2)::int`,
      all: sql<number>`count(*)::int`,
    })
    .from(queue);
  const [countRow] = await countsQuery;
  const counts: Record<QueueState, number> = {
    pending: Number(countRow?.pending ?? 0),
    accepted: Number(countRow?.accepted ?? 0),
    rejected: Number(countRow?.rejected ?? 0),
    all: Number(countRow?.all ?? 0),
  };
  const total = counts[state];
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(requested, totalPages);
  if (total === 0) return { items: [], state, search, page, pageSize, totalPages, counts };

  // The page's manga with their authors, chapter counts and the chapters worth showing, in one statement.
  const shown = sql`(
    select coalesce(json_agg(json_build_object(
      'id', c.id, 'number', c.number, 'title', c.title, 'status', c.status, 'reviewNote', c.review_note,
      'processing', c.processing, 'processingError', c.processing_error
    ) order by (c.status = ${Status.Pending}) desc, (c.status = ${Status.Rejected}) desc, c.number), '[]'::json)
    from (
      select * from ${chapters} c
      where c.manga_id = ${manga.id} and (c.status <> ${Status.Accepted} or c.processing <> 0 or c.review_note is not null)
      order by (c.status = ${Status.Pending}) desc, (c.status = ${Status.Rejected}) desc, c.number
      limit ${QUEUE_CHAPTERS_SHOWN}
    ) c
  )`;
  const chapterCounts = sql`(
    select json_build_object(
      'total', count(*), 'pending', count(*) filter (where c.status = ${Status.Pending}),
      'accepted', count(*) filter (where c.status = ${Status.Accepted}), 'rejected', count(*) filter (where c.status = ${Status.Rejected}),
      'processing', count(*) filter (where c.processing = 1), 'failed', count(*) filter (where c.processing = 2)
    ) from ${chapters} c where c.manga_id = ${manga.id}
  )`;
  const rows = await db
    .with(queue)
    .select({
      id: manga.id,
      title: manga.title,
      status: manga.status,
      reviewNote: manga.reviewNote,
      coverImageId: manga.coverImageId,
      authorId: manga.authorId,
      username: users.username,
      createdAt: manga.createdAt,
      updatedAt: manga.updatedAt,
      state: queue.state,
      waitingSince: queue.waitingSince,
      chapterCounts: sql<QueueItem["chapterCounts"] | string>`${chapterCounts}`,
      chapters: sql<QueueChapter[] | string>`${shown}`,
    })
    .from(queue)
    .innerJoin(manga, eq(manga.id, queue.id))
    .leftJoin(users, eq(users.id, manga.authorId))
    .where(state === "all" ? undefined : eq(queue.state, STATE_CODE[state]))
    .orderBy(...queueOrder(queue))
    .limit(pageSize)
    .offset((page - 1) * pageSize);

  const items = rows.map((r): QueueItem => {
    const counts = parseJson(r.chapterCounts) as Record<string, unknown>;
    const num = (k: string) => Number(counts[k] ?? 0);
    return {
      id: r.id,
      title: r.title,
      status: r.status as Status,
      reviewNote: r.reviewNote,
      coverImageUrl: mediaUrl(r.coverImageId),
      author: { id: r.authorId, username: r.username },
      state: STATE_OF[Number(r.state)] ?? "pending",
      waitingSince: toIso(r.waitingSince),
      createdAt: toIso(r.createdAt) ?? "",
      updatedAt: toIso(r.updatedAt) ?? "",
      chapterCounts: {
        total: num("total"), pending: num("pending"), accepted: num("accepted"), rejected: num("rejected"),
        processing: num("processing"), failed: num("failed"),
      },
      chapters: (parseJson(r.chapters) as QueueChapter[]).map((c) => ({
        id: Number(c.id),
        number: Number(c.number),
        title: c.title,
        status: Number(c.status) as Status,
        reviewNote: c.reviewNote ?? null,
        processing: Number(c.processing) as Processing,
        processingError: c.processingError ?? null,
      })),
    };
  });
  return { items, state, search, page, pageSize, totalPages, counts };
}

/**
 * The pending item to review after `currentId` in queue order (wrapping round to the first), never `currentId`
 * itself; null when nothing else is pending. When `currentId` is not pending it has no place in the queue and the
 * first pending item is next. (The review page asks while showing an item, so "next" survives deciding it.)
 */
export async function nextPendingMangaId({
  db,
  actor,
  currentId,
}: {
  db: Executor;
  actor: SignedInViewer;
  currentId?: number;
}): Promise<number | null> {
  const queue = queueBase(db, actor, "");
  const current = currentId ?? 0;
  const position = db.$with("position").as(
    db.with(queue).select({ since: sql<Date>`${queue.waitingSince}`.as("position_since"), id: sql<number>`${queue.id}`.as("position_id") }).from(queue).where(and(eq(queue.id, current), eq(queue.state, 0))),
  );
  // Items after the current one's place come first; without a place (not pending), plain queue order.
  const after = sql`case when exists (select 1 from ${position}) and (${queue.waitingSince}, ${queue.id}) < (select position_since, position_id from ${position}) then 1 else 0 end`;
  const [row] = await db
    .with(queue, position)
    .select({ id: queue.id })
    .from(queue)
    .where(and(eq(queue.state, 0), sql`${queue.id} <> ${current}`))
    .orderBy(after, asc(queue.waitingSince), asc(queue.id))
    .limit(1);
  return row ? Number(row.id) : null;
}

function parseJson(value: unknown): unknown {
  return typeof value === "string" ? JSON.parse(value) : (value ?? {});
}

function toIso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
