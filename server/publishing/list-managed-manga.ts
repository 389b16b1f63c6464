import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { chapters, manga, users } from "@/db/schema";
import { Status } from "@/lib/enums";
import { mediaUrl } from "@/lib/media-url";
import { paged, type Paged } from "@/lib/paged";
import { foldSearchText, SEARCH_TERM_MAX } from "@/lib/search-fold";
import type { Executor } from "@/server/core/unit-of-work";
import { type SignedInViewer, isRoot } from "@/server/core/viewer";

/**
 * The manga of /dashboard/manga-management (docs/decisions/013): a writer's own works, or for root everyone's with
 * their author; searchable, filterable by status, paged on the server, the most recently changed first.
 */

export const MANAGED_PAGE_SIZE = 10;

export interface ManagedMangaRow {
  id: number;
  title: string;
  status: Status;
  reviewNote: string | null;
  coverImageUrl: string | null;
  views: number;
  favorites: number;
  /** Public chapters (accepted and released). */
  chapterCount: number;
  /** Every chapter, whatever its state. */
  totalChapters: number;
  pendingChapters: number;
  /** Chapters root rejected (issue 31, 6b): the writer sees them and why. */
  rejectedChapters: number;
  /** The most recently rejected chapter and root's note (null without one); the others' notes are in the editor. */
  lastRejected: { id: number; title: string; note: string | null } | null;
  /** Chapters whose pages are still being prepared. */
  processingChapters: number;
  author: { id: number | null; username: string | null };
  createdAt: string;
  updatedAt: string;
}

export interface ListManagedMangaOptions {
  db: Executor;
  actor: SignedInViewer;
  /** Folded substring of the title or description (root: also part of the author's username). */
  search?: string;
  status?: Status;
  page?: number;
  pageSize?: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function clampInt(value: number | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

/**
 * One page of the actor's manga in one statement: the rows, their author, their chapter counts (one aggregate per
 * row over the chapters index) and the total (a window count). A page past the end answers the last page.
 */
export async function listManagedManga(opts: ListManagedMangaOptions): Promise<Paged<ManagedMangaRow>> {
  const { db, actor } = opts;
  const pageSize = clampInt(opts.pageSize, 1, 100, MANAGED_PAGE_SIZE);
  const requested = clampInt(opts.page, 1, 100_000, 1);

  const conditions: SQL[] = [];
  if (!isRoot(actor)) conditions.push(eq(manga.authorId, actor.userId));
  if (opts.status !== undefined) conditions.push(eq(manga.status, opts.status));
  const raw = (opts.search ?? "").trim().slice(0, SEARCH_TERM_MAX);
  const term = foldSearchText(raw);
  if (term) {
    const byText = sql`${manga.searchText} like ${`%${escapeLike(term)}%`}`;
    conditions.push(isRoot(actor) ? (or(byText, ilike(users.username, `%${escapeLike(raw)}%`)) as SQL) : byText);
  }
  const where = conditions.length ? and(...conditions) : undefined;

  const counts = sql<{ total: number; pending: number; rejected: number; processing: number }>`(
    select json_build_object(
      'total', count(*),
      'pending', count(*) filter (where c.status = ${Status.Pending}),
      'rejected', count(*) filter (where c.status = ${Status.Rejected}),
      'processing', count(*) filter (where c.processing = 1)
    ) from ${chapters} c where c.manga_id = ${manga.id}
  )`;
  // The latest rejection (chapters' updated_at moves with the review) and its note, over the (manga, status) index.
  const lastRejected = sql<{ id: number; title: string; note: string | null } | null>`(
    select json_build_object('id', r.id, 'title', r.title, 'note', r.review_note)
    from ${chapters} r where r.manga_id = ${manga.id} and r.status = ${Status.Rejected}
    order by r.updated_at desc, r.id desc limit 1
  )`;

  const select = (page: number) =>
    db
      .select({
        id: manga.id,
        title: manga.title,
        status: manga.status,
        reviewNote: manga.reviewNote,
        coverImageId: manga.coverImageId,
        views: manga.views,
        favorites: manga.favorites,
        chapterCount: manga.chapterCount,
        createdAt: manga.createdAt,
        updatedAt: manga.updatedAt,
        authorId: manga.authorId,
        username: users.username,
        counts,
        lastRejected,
        total: sql<number>`count(*) over ()`,
      })
      .from(manga)
      .leftJoin(users, eq(users.id, manga.authorId))
      .where(where)
      .orderBy(desc(manga.updatedAt), desc(manga.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);

  let page = requested;
  let rows = await select(page);
  let total = rows.length ? Number(rows[0]!.total) : 0;
  if (rows.length === 0 && page > 1) {
    // Past the end (a deleted row, an edited URL): count once and answer the last page.
    const [row] = await db.select({ n: sql<number>`count(*)` }).from(manga).leftJoin(users, eq(users.id, manga.authorId)).where(where);
    total = Number(row?.n ?? 0);
    page = Math.max(1, Math.ceil(total / pageSize));
    rows = total > 0 ? await select(page) : [];
  }

  const items = rows.map((r): ManagedMangaRow => {
    const c = typeof r.counts === "string" ? (JSON.parse(r.counts) as typeof r.counts) : r.counts;
    return {
      id: r.id,
      title: r.title,
      status: r.status as Status,
      reviewNote: r.reviewNote,
      coverImageUrl: mediaUrl(r.coverImageId),
      views: r.views,
      favorites: r.favorites,
      chapterCount: r.chapterCount,
      totalChapters: Number(c?.total ?? 0),
      pendingChapters: Number(c?.pending ?? 0),
      rejectedChapters: Number(c?.rejected ?? 0),
      lastRejected: (typeof r.lastRejected === "string" ? JSON.parse(r.lastRejected) : r.lastRejected) ?? null,
      processingChapters: Number(c?.processing ?? 0),
      author: { id: r.authorId, username: r.username },
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
  return paged(items, page, pageSize, total);
}
