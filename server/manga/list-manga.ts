import { and, asc, desc, eq, exists, gte, ilike, inArray, lte, notExists, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { GENRES, SortBy, Status, type Genre } from "@/db/schema/enums";
import { chapters, favorites, manga, mangaGenres, users } from "@/db/schema";
import { foldSearchText, SEARCH_TERM_MAX } from "@/lib/search-fold";
import { mediaUrl } from "@/lib/media-url";
import { paged, type Paged } from "@/lib/paged";
import { PAGE_SIZE } from "@/lib/constants";
import { chaptersVisibleTo, isRoot, isWriter, mangaVisibleTo, type Viewer } from "./visibility";

export interface MangaListItem {
  id: number;
  title: string;
  coverImageUrl: string | null;
  favorites: number;
  views: number;
  chapterCount: number;
  status: Status;
  genres: Genre[];
  user: { username: string | null };
}

export type { Paged } from "@/lib/paged";

/** The `Filters.*` of spec §3. Status lists only narrow what the viewer may see (see visibility.ts). */
export interface MangaFilters {
  genres?: readonly Genre[];
  mangaStatusTypes?: readonly Status[];
  /** Which chapters count for the chapter filters (IsPremium, IsMangaApproval); never hides a manga by itself. */
  chapterStatusTypes?: readonly Status[];
  minViews?: number;
  maxViews?: number;
  minFavorite?: number;
  maxFavorite?: number;
  createdAfter?: Date;
  createdBefore?: Date;
  /** Part of the author's username or full name, case-insensitive. */
  author?: string;
  /** true: premium manga or with a (visible) premium chapter; false: neither. */
  isPremium?: boolean;
  /** true: work waiting for review (a pending manga, or one with a pending chapter). false: no filter. */
  isMangaApproval?: boolean;
}

export type SortDirection = "asc" | "desc";

export interface ListMangaOptions {
  db: Db;
  /** Who asks; null or absent is a visitor (accepted manga only). */
  viewer?: Viewer | null;
  page?: number;
  pageSize?: number;
  sortBy?: SortBy;
  sortDirection?: SortDirection;
  searchTerm?: string;
  /** Shorthand for filters.genres (the public pages' genre chips and carousels). */
  genres?: readonly Genre[];
  filters?: MangaFilters;
  /** Only this user's favourites (the favourites page); without a sort they come most recently added first. */
  favoritedBy?: number;
}

export const MAX_PAGE = 100_000;

const SORT_COLUMNS = {
  [SortBy.CreatedDate]: manga.createdAt,
  [SortBy.Title]: sql`lower(${manga.title})`,
  [SortBy.Views]: manga.views,
  [SortBy.Favorites]: manga.favorites,
  [SortBy.ChapterCount]: manga.chapterCount,
  [SortBy.Popularity]: manga.popularity,
  [SortBy.UpdatedDate]: manga.updatedAt,
} as const;

function clampInt(value: number | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The folded search term actually used (trimmed, cut to SEARCH_TERM_MAX, folded); "" means no search. */
export function normalizeSearchTerm(raw: string | undefined): string {
  return foldSearchText((raw ?? "").trim().slice(0, SEARCH_TERM_MAX));
}

/**
 * How the page's rows are found when searching. PostgreSQL cannot estimate how many titles contain a substring,
 * so left alone it may walk the sort index testing every row: quick when matches are dense, a scan of most of the
 * catalogue when they are rare (or clustered away from the start of the sort order). Once the match count is known
 * we choose: `hits` collects the matches through the trigram index and sorts only them (cost ∝ matches); walking
 * the sort index costs about (rows needed) × total / matches. Hits win while matches² ≤ rows needed × total, with a
 * ten-fold margin for clustering, and never beyond HITS_MAX matches.
 */
export interface ListPlan {
  hits: boolean;
}
export const HITS_MAX = 10_000;
export function planFor(
  searchTerm: string | undefined,
  counts: { display: number; total: number } | undefined,
  rowsNeeded: number = PAGE_SIZE.discovery,
): ListPlan {
  if (!counts || normalizeSearchTerm(searchTerm) === "") return { hits: false };
  const { display, total } = counts;
  return { hits: display <= HITS_MAX && display * display <= 10 * rowsNeeded * Math.max(total, 1) };
}

/**
 * The list's SQL, built in one place so the route, the pages and the benchmark's bare baseline run the very same
 * statements: `rows` (one page, genres aggregated per row) and `counts` (display and total in one round trip).
 */
export function buildListMangaQueries(opts: ListMangaOptions, plan: ListPlan = { hits: false }) {
  const { db, viewer = null } = opts;
  const f: MangaFilters = { ...opts.filters, genres: opts.filters?.genres ?? opts.genres };
  const pageSize = clampInt(opts.pageSize, 1, PAGE_SIZE.max, PAGE_SIZE.discovery);
  const page = clampInt(opts.page, 1, MAX_PAGE, 1);
  const sortBy: SortBy = opts.sortBy !== undefined && opts.sortBy in SORT_COLUMNS ? opts.sortBy : SortBy.Popularity;
  const direction: SortDirection = opts.sortDirection ?? (sortBy === SortBy.Title ? "asc" : "desc");

  const visible = mangaVisibleTo(viewer);
  const filters: SQL[] = [];
  if (f.genres?.length) {
    const ids = [...new Set(f.genres.map((g) => GENRES.indexOf(g)).filter((i) => i >= 0))];
    const genreMatch = ids.length === 1 ? eq(mangaGenres.genre, ids[0]!) : inArray(mangaGenres.genre, ids);
    filters.push(exists(db.select({ one: sql`1` }).from(mangaGenres).where(and(eq(mangaGenres.mangaId, manga.id), genreMatch))));
  }
  if (f.mangaStatusTypes?.length) {
    const statuses = [...new Set(f.mangaStatusTypes)];
    filters.push(statuses.length === 1 ? eq(manga.status, statuses[0]!) : inArray(manga.status, statuses));
  }
  if (f.minViews !== undefined) filters.push(gte(manga.views, f.minViews));
  if (f.maxViews !== undefined) filters.push(lte(manga.views, f.maxViews));
  if (f.minFavorite !== undefined) filters.push(gte(manga.favorites, f.minFavorite));
  if (f.maxFavorite !== undefined) filters.push(lte(manga.favorites, f.maxFavorite));
  if (f.createdAfter) filters.push(gte(manga.createdAt, f.createdAfter));
  if (f.createdBefore) filters.push(lte(manga.createdAt, f.createdBefore));
  const author = f.author?.trim();
  if (author) {
    const pattern = `%${escapeLike(author.slice(0, SEARCH_TERM_MAX))}%`;
    filters.push(
      exists(db.select({ one: sql`1` }).from(users).where(and(eq(users.id, manga.authorId), or(ilike(users.username, pattern), ilike(users.fullName, pattern))))),
    );
  }
  const chapterScope = chaptersVisibleTo(viewer, f.chapterStatusTypes);
  const chapterWhere = (...conds: SQL[]) => and(eq(chapters.mangaId, manga.id), chapterScope, ...conds);
  if (f.isPremium !== undefined) {
    const premiumChapter = exists(db.select({ one: sql`1` }).from(chapters).where(chapterWhere(eq(chapters.isPremium, true))));
    filters.push(
      f.isPremium
        ? or(eq(manga.isPremium, true), premiumChapter)!
        : and(eq(manga.isPremium, false), notExists(db.select({ one: sql`1` }).from(chapters).where(chapterWhere(eq(chapters.isPremium, true)))))!,
    );
  }
  if (f.isMangaApproval) {
    filters.push(
      or(eq(manga.status, Status.Pending), exists(db.select({ one: sql`1` }).from(chapters).where(chapterWhere(eq(chapters.status, Status.Pending)))))!,
    );
  }
  const favoritedBy = opts.favoritedBy;
  const favoriteRow = (userId: number) => and(eq(favorites.userId, userId), eq(favorites.mangaId, manga.id));
  if (favoritedBy !== undefined) filters.push(exists(db.select({ one: sql`1` }).from(favorites).where(favoriteRow(favoritedBy))));
  const term = normalizeSearchTerm(opts.searchTerm);
  // Folded on both sides; the GIN trigram index on search_text serves the substring match.
  if (term) filters.push(sql`${manga.searchText} like ${`%${escapeLike(term)}%`}`);

  const where = and(visible, ...filters);
  const order = direction === "asc" ? asc : desc;
  const orderBy =
    favoritedBy !== undefined && opts.sortBy === undefined
      ? [desc(sql`(select ${favorites.createdAt} from ${favorites} where ${favoriteRow(favoritedBy)})`), desc(manga.id)]
      : [order(SORT_COLUMNS[sortBy]), order(manga.id)];
  const genresAgg = sql<number[]>`coalesce((select array_agg(${mangaGenres.genre} order by ${mangaGenres.genre}) from ${mangaGenres} where ${mangaGenres.mangaId} = ${manga.id}), '{}')`;

  // `hits`: an OFFSET 0 sub-select is planned on its own (through the search index) before the outer sort; it keeps
  // the table's name, so every column reference below reads from it unchanged.
  const source = plan.hits ? sql`(select * from ${manga} where ${where} offset 0) as ${sql.identifier("manga")}` : manga;
  // Columns as plain SQL: with `hits` the source is the sub-select, which Drizzle does not know as a table.
  const col = <T>(column: AnyPgColumn) => sql<T>`${column}`;
  const rows = db
    .select({
      id: col<number>(manga.id),
      title: col<string>(manga.title),
      coverImageId: col<string | null>(manga.coverImageId),
      favorites: col<number>(manga.favorites),
      views: col<number>(manga.views),
      chapterCount: col<number>(manga.chapterCount),
      status: col<number>(manga.status),
      username: users.username,
      genres: genresAgg,
    })
    .from(source)
    .leftJoin(users, eq(users.id, manga.authorId))
    .where(plan.hits ? undefined : where)
    .orderBy(...orderBy)
    .limit(pageSize)
    .offset((page - 1) * pageSize);

  // Two scalar sub-selects, so each count gets its own plan (the filtered one can use the search index).
  const displayCount = db.$count(manga, where);
  const totalCount = filters.length === 0 ? displayCount : db.$count(manga, visible);
  const counts = db.select({ display: sql<number>`${displayCount}`.mapWith(Number), total: sql<number>`${totalCount}`.mapWith(Number) }).from(sql`(select 1) as one`);

  // Counts of what anyone may see (the public scope) are the same for every caller: they may be shared for a moment,
  // keyed by what decides them (cheaper than rendering the count statement to make the key).
  const countsKey = !isRoot(viewer) && !isWriter(viewer) && favoritedBy === undefined ? JSON.stringify([f, term]) : undefined;
  return { rows, counts, page, pageSize, term, countsKey };
}

/**
 * Public catalogue counts, kept COUNT_TTL_MS in this process: counting every match is the one part of a page whose
 * cost grows with the catalogue, and "Showing 1 to 20 of 1,234" may lag a few seconds. Writes that change the
 * catalogue clear it (revalidateCatalogue). Caller-specific counts (writers, root, favourites) are never shared.
 */
export const COUNT_TTL_MS = 15_000;
const COUNT_CACHE_MAX = 1_000;
type Counts = { display: number; total: number };
const KEY = Symbol.for("manga.catalogue.counts");
const countCache: Map<string, { at: number; value: Counts }> = ((globalThis as Record<symbol, unknown>)[KEY] ??= new Map()) as Map<
  string,
  { at: number; value: Counts }
>;

export function clearCatalogueCounts(): void {
  countCache.clear();
}

function cachedCounts(key: string): Counts | undefined {
  const hit = countCache.get(key);
  if (!hit) return undefined;
  if (Date.now() - hit.at > COUNT_TTL_MS) {
    countCache.delete(key);
    return undefined;
  }
  return hit.value;
}

function rememberCounts(key: string, value: Counts): void {
  if (countCache.size >= COUNT_CACHE_MAX) {
    // Oldest first (Map keeps insertion order).
    const oldest = countCache.keys().next().value;
    if (oldest !== undefined) countCache.delete(oldest);
  }
  countCache.set(key, { at: Date.now(), value });
}

/**
 * The catalogue: what the viewer may see, filtered (genres, statuses, ranges, dates, author, premium, approval) and by
 * folded search text, sorted (7 sorts, stable by id) and paged. At most two statements whatever the page size: the
 * page's rows with their genres and authors, and both counts (often served from the short count cache).
 */
export async function listManga(opts: ListMangaOptions): Promise<Paged<MangaListItem>> {
  const built = buildListMangaQueries(opts);
  const { page, pageSize } = built;
  const key = built.countsKey;
  let counts = key ? cachedCounts(key) : undefined;
  const readCounts = async (): Promise<Counts> => {
    const [row] = await built.counts;
    const value = { display: Number(row?.display ?? 0), total: Number(row?.total ?? 0) };
    if (key) rememberCounts(key, value);
    return value;
  };
  let rows: Awaited<typeof built.rows>;
  if (!built.term) {
    // No search: the sort index serves the page whatever the counts; both statements run at once.
    [rows, counts] = await Promise.all([built.rows, counts ?? readCounts()]);
  } else {
    counts ??= await readCounts();
    const plan = planFor(opts.searchTerm, counts, page * pageSize);
    rows = await (plan.hits ? buildListMangaQueries(opts, plan).rows : built.rows);
  }

  const items = rows.map((r) => ({
    id: r.id,
    title: r.title,
    coverImageUrl: mediaUrl(r.coverImageId),
    favorites: r.favorites,
    views: r.views,
    chapterCount: r.chapterCount,
    status: r.status as Status,
    genres: (r.genres ?? []).map((g) => GENRES[g]).filter((g): g is Genre => g !== undefined),
    user: { username: r.username },
  }));
  return paged(items, page, pageSize, counts.total, counts.display);
}
