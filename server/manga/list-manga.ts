import { and, asc, desc, eq, exists, fillPlaceholders, gte, ilike, inArray, lte, notExists, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { GENRES, SortBy, Status, type Genre } from "@/lib/enums";
import { chapters, favorites, manga, mangaGenres, users } from "@/db/schema";
import { SEARCH_PREFIX_CHARS } from "@/db/schema/manga";
import { foldSearchText, SEARCH_TERM_MAX } from "@/lib/search-fold";
import { MatchRank } from "@/lib/search-match";
import type { MangaLanguage } from "@/lib/manga-language";
import { isPublicationStatus, type PublicationStatus } from "@/lib/publication-status";
import { mediaUrl } from "@/lib/media-url";
import { paged, type Paged } from "@/lib/paged";
import { PAGE_SIZE } from "@/lib/constants";
import { ratingMean } from "@/lib/rating";
import { chaptersVisibleTo, isWriter, mangaVisibleTo } from "@/server/visibility";
import { isRoot, type Viewer } from "@/server/core/viewer";

export interface MangaListItem {
  id: number;
  title: string;
  coverImageUrl: string | null;
  favorites: number;
  views: number;
  chapterCount: number;
  status: Status;
  /** Whether it is still coming out (lib/publication-status.ts). */
  publicationStatus: PublicationStatus;
  genres: Genre[];
  user: { username: string | null };
  /** The counted ratings' mean (one decimal; null: none yet) and count (docs/decisions/028), read with the row. */
  rating: MangaRating;
}

/** A manga's ratings as the catalogue shows them (issue 34, item 3). */
export interface MangaRating {
  mean: number | null;
  count: number;
}

export const mangaRating = (sum: number, count: number): MangaRating => ({ mean: ratingMean(sum, count), count });

export type { Paged } from "@/lib/paged";

/** The `Filters.*` of spec §3. Status lists only narrow what the viewer may see (see visibility.ts). */
export interface MangaFilters {
  /** Any of these genres. */
  genres?: readonly Genre[];
  /** None of these genres. */
  excludeGenres?: readonly Genre[];
  /** Written in one of these languages (lib/manga-language.ts). */
  languages?: readonly MangaLanguage[];
  /** In one of these publication statuses (lib/publication-status.ts). */
  publicationStatuses?: readonly PublicationStatus[];
  /** At least this many public chapters (manga.chapter_count). */
  minChapters?: number;
  /** Updated (edited, or a chapter published) at or after this moment (manga.updated_at). */
  updatedAfter?: Date;
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
  // Beyond the spec (docs/decisions/028): the Bayesian mean PostgreSQL keeps (manga_walk_rating_score_idx).
  [SortBy.TopRated]: manga.ratingScore,
} as const;

function clampInt(value: number | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The LIKE pattern the trigram index is searched with. For a term of several words each of at least 3 characters,
 * the words alone in order (`%shadow%blade%`): pg_trgm then skips the word-boundary trigrams ("  b", "ow "), whose
 * long posting lists made up most of the index's work (2.5 → 1.1 ms at 100k manga), and the term itself is checked
 * on each candidate (`exact`). A shorter word keeps the whole term, as its boundary trigram ("  7" of "phoenix 7")
 * may be all that makes it selective.
 */
function searchPattern(term: string): { pattern: string; exact: boolean } {
  const words = term.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (words.length > 1 && words.every((w) => [...w].length >= 3)) return { pattern: `%${words.map(escapeLike).join("%")}%`, exact: true };
  return { pattern: `%${escapeLike(term)}%`, exact: false };
}

/** The folded search term actually used (trimmed, cut to SEARCH_TERM_MAX, folded); "" means no search. */
export function normalizeSearchTerm(raw: string | undefined): string {
  return foldSearchText((raw ?? "").trim().slice(0, SEARCH_TERM_MAX));
}

/**
 * How the page's rows are found when searching. PostgreSQL cannot estimate how many texts contain a substring, so
 * the match count (known first, often from the count cache) decides:
 * - walking the sort order: the sort index carries search_prefix, so each entry is tested without reading its row;
 *   it passes about rowsNeeded × total / matches entries before the page is full (all `total` when fewer match);
 * - `hits`: the matches are collected through the trigram index, their rows read and only they sorted: cost ∝ matches.
 * Measured at 100k manga (bench, EXPLAIN ANALYZE), an entry walked costs about WALK_COST of a match collected
 * (≈ 0.3 µs against 1.5–2 µs). Walks also pay for matches that cluster late in the sort order, which counts
 * cannot show, so the walk's estimate gets a 25% margin (CLUSTERING). Never `hits` beyond HITS_MAX matches.
 * For 20 rows that is `hits` up to ~670 matches of 90,000, ~67 of 900.
 */
export interface ListPlan {
  hits: boolean;
  /**
   * Ranked by relevance: the title ranks (0–3) whose best rows are found by walking the sort index, each on its own;
   * absent, the title matches are collected through search_title's trigram index and ranked (see titlePlan).
   */
  titleWalks?: readonly number[];
  /** Ranked by relevance: the title matches fill the rows needed, so other matches need not be looked for. */
  titlesSuffice?: boolean;
}
export const HITS_MAX = 10_000;
const WALK_COST = 0.2;
const CLUSTERING = 1.25;
export function planFor(
  searchTerm: string | undefined,
  counts: { display: number; total: number; ranks?: readonly number[] } | undefined,
  rowsNeeded: number = PAGE_SIZE.discovery,
): ListPlan {
  if (!counts || normalizeSearchTerm(searchTerm) === "") return { hits: false };
  const { display, total } = counts;
  const titles = counts.ranks ? titlePlan(counts as Counts & { ranks: readonly number[] }, rowsNeeded) : {};
  if (display > HITS_MAX) return { hits: false, ...titles };
  const walked = display <= rowsNeeded ? total : (rowsNeeded * total) / display;
  return { hits: display <= WALK_COST * CLUSTERING * Math.min(total, walked), ...titles };
}

/**
 * Ranked by relevance, the rows needed are the best title matches by rank then sort, then other matches. How many
 * matches each title rank has is counted with the total (`ranks`), so only the ranks that can reach the page are looked
 * at. Their rows are either collected (every title match through search_title's trigram index, ranked and sorted: cost
 * ∝ title matches) or, rank by rank, found by walking the sort index: each entry tested on search_prefix in the index
 * (which begins with the folded title), and only the entries that pass it checked for their rank on the table row
 * (cost ∝ entries walked × WALK_COST + entries checked). The cheaper is taken, with the walk's CLUSTERING margin.
 */
function titlePlan(counts: { display: number; total: number; ranks: readonly number[] }, rowsNeeded: number): Pick<ListPlan, "titleWalks" | "titlesSuffice"> {
  const { display, total, ranks } = counts;
  let before = 0;
  let walkCost = 0;
  const needed: number[] = [];
  for (const [rank, count] of ranks.entries()) {
    if (before >= rowsNeeded) break;
    if (count > 0) {
      const need = rowsNeeded - before;
      needed.push(rank);
      walkCost += count <= need ? WALK_COST * total + display : (need * (WALK_COST * total + display)) / count;
    }
    before += count;
  }
  const collectCost = ranks.reduce((a, b) => a + b, 0);
  return { titlesSuffice: before >= rowsNeeded, ...(needed.length > 0 && CLUSTERING * walkCost < collectCost ? { titleWalks: needed } : {}) };
}

/** Filters whose values are statement parameters (so they key prepared shapes by presence, not by value). */
const VALUE_FILTERS = ["author", "minViews", "maxViews", "minFavorite", "maxFavorite", "createdAfter", "createdBefore", "minChapters", "updatedAfter"] as const satisfies ReadonlyArray<
  keyof MangaFilters
>;

/**
 * The request-specific values of a list, passed to PostgreSQL as statement parameters. Each is present only when
 * it takes part in the statement (`offset` from page 2, `pattern` with a search, the filters that are set). The
 * value filters keep their types; `author` becomes a LIKE pattern.
 */
interface ListValues extends Pick<MangaFilters, (typeof VALUE_FILTERS)[number]> {
  limit: number;
  offset?: number;
  pattern?: string;
  /** The folded search term itself (a walk looks for it with strpos, cheaper than LIKE). */
  needle?: string;
  /** Ranked by relevance: how many rows each candidate set brings (offset + limit). */
  reach?: number;
  favoritedBy?: number;
}

/**
 * The options normalized once: the parameter values, what decides the statements' shape, and the two cache keys.
 * `shape` must change whenever the SQL text would: every option that is not a ListValues entry is in it by value
 * (a new option must be added to it too; list-manga.test.ts compares both paths' SQL).
 */
function listInputs(opts: ListMangaOptions) {
  const { viewer = null } = opts;
  const f: MangaFilters = { ...opts.filters, genres: opts.filters?.genres ?? opts.genres };
  const pageSize = clampInt(opts.pageSize, 1, PAGE_SIZE.max, PAGE_SIZE.discovery);
  const page = clampInt(opts.page, 1, MAX_PAGE, 1);
  const sortBy: SortBy = opts.sortBy !== undefined && opts.sortBy in SORT_COLUMNS ? opts.sortBy : SortBy.Popularity;
  const direction: SortDirection = opts.sortDirection ?? (sortBy === SortBy.Title ? "asc" : "desc");
  const term = normalizeSearchTerm(opts.searchTerm);
  const search = term ? searchPattern(term) : undefined;
  const author = f.author?.trim();
  // A search without a sort of the caller's choosing is ranked by relevance (title matches first), the default sort
  // (popularity) breaking ties; an explicit sort is kept as asked (docs/decisions/008, "Relevance").
  const relevance = term !== "" && opts.sortBy === undefined && opts.favoritedBy === undefined;
  const values: ListValues = {
    limit: pageSize,
    offset: page > 1 ? (page - 1) * pageSize : undefined,
    // Folded on both sides; the GIN trigram index on search_text serves the substring match.
    pattern: search?.pattern,
    needle: term || undefined,
    reach: relevance ? page * pageSize : undefined,
    author: author ? `%${escapeLike(author.slice(0, SEARCH_TERM_MAX))}%` : undefined,
    minViews: f.minViews,
    maxViews: f.maxViews,
    minFavorite: f.minFavorite,
    maxFavorite: f.maxFavorite,
    createdAfter: f.createdAfter || undefined,
    createdBefore: f.createdBefore || undefined,
    minChapters: f.minChapters,
    updatedAfter: f.updatedAfter || undefined,
    favoritedBy: opts.favoritedBy,
  };
  // Everything else that reaches the builder is part of the shape by value: the viewer (visibility.ts may put who it
  // is into the SQL), the other filters, the sort.
  const byValue: Record<string, unknown> = { ...f };
  for (const name of VALUE_FILTERS) delete byValue[name];
  const present = Object.keys(values).filter((name) => values[name as keyof ListValues] !== undefined);
  const shape = JSON.stringify([viewer && [viewer.role, viewer.userId], byValue, present, search?.exact, opts.sortBy === undefined, sortBy, direction, relevance]);
  // Counts of what anyone may see (the public scope) are the same for every caller: they may be shared for a moment,
  // keyed by what decides them (cheaper than rendering the count statement to make the key).
  const countsKey = !isRoot(viewer) && !isWriter(viewer) && opts.favoritedBy === undefined ? JSON.stringify([f, term, relevance]) : undefined;
  return { viewer, f, page, pageSize, sortBy, direction, term, exact: search?.exact ?? false, values, shape, countsKey, favoritedBy: opts.favoritedBy, sortGiven: opts.sortBy !== undefined, relevance };
}
type ListInputs = ReturnType<typeof listInputs>;

/** Stand-ins for every ListValues entry in a prepared shape, filled per execution (fillValues). */
const PLACEHOLDERS: { [K in keyof ListValues]-?: Placeholder } = {
  limit: sql.placeholder("limit"),
  offset: sql.placeholder("offset"),
  pattern: sql.placeholder("pattern"),
  needle: sql.placeholder("needle"),
  reach: sql.placeholder("reach"),
  author: sql.placeholder("author"),
  minViews: sql.placeholder("minViews"),
  maxViews: sql.placeholder("maxViews"),
  minFavorite: sql.placeholder("minFavorite"),
  maxFavorite: sql.placeholder("maxFavorite"),
  createdAfter: sql.placeholder("createdAfter"),
  createdBefore: sql.placeholder("createdBefore"),
  minChapters: sql.placeholder("minChapters"),
  updatedAfter: sql.placeholder("updatedAfter"),
  favoritedBy: sql.placeholder("favoritedBy"),
};

/** Placeholder values: as the columns store them (dates are encoded by the column, as they are when bound directly). */
function fillValues(values: ListValues): Record<string, unknown> {
  return {
    ...values,
    createdAfter: values.createdAfter && manga.createdAt.mapToDriverValue(values.createdAfter),
    createdBefore: values.createdBefore && manga.createdAt.mapToDriverValue(values.createdBefore),
    updatedAfter: values.updatedAfter && manga.updatedAt.mapToDriverValue(values.updatedAfter),
  };
}

/**
 * How well a match's folded title matches the folded term: 0 the whole title, 1 its beginning, 2 the beginning of one
 * of its words (after a space: search_title is folded, single-spaced; an Arabic word also after its article, so
 * "قمر" starts a word of "رحلة إلى القمر"), 3 anywhere in it, 4 not in it (the match was in another field: the
 * description): MatchRank of lib/search-match.ts, which the header search uses to say why a result matched.
 */
export function relevanceRank(title: AnyPgColumn, needle: unknown): SQL<number> {
  return sql<number>`(case when ${title} = ${needle} then 0 when starts_with(${title}, ${needle}) then 1 when strpos(' ' || ${title}, ' ' || cast(${needle} as text)) > 0 or strpos(' ' || ${title}, ' ال' || cast(${needle} as text)) > 0 then 2 when strpos(${title}, ${needle}) > 0 then 3 else 4 end)`;
}

/** manga again, for the full-text check of a walk (a sub-select of its own). */
const fullText = alias(manga, "manga_full");
/** manga again, for the title check of a walk by relevance rank. */
const checked = alias(manga, "manga_checked");

/**
 * The list's SQL, built in one place so the route, the pages and the benchmark's bare baseline run the very same
 * statements: `rows` (one page, genres aggregated per row) and `counts` (display and total in one round trip).
 * With `placeholders` the request's values (ListValues) are left as placeholders, making a statement shared by every
 * request of the same shape (preparedList).
 */
function buildQueries(db: Db, input: ListInputs, plan: ListPlan, placeholders: boolean) {
  const { viewer, f, values, sortBy, direction, favoritedBy, exact } = input;
  const bind = <K extends keyof ListValues>(name: K): NonNullable<ListValues[K]> | Placeholder => (placeholders ? PLACEHOLDERS[name] : values[name]!);

  const visible = mangaVisibleTo(viewer);
  const filters: SQL[] = [];
  if (f.genres?.length) {
    const ids = [...new Set(f.genres.map((g) => GENRES.indexOf(g)).filter((i) => i >= 0))];
    const genreMatch = ids.length === 1 ? eq(mangaGenres.genre, ids[0]!) : inArray(mangaGenres.genre, ids);
    filters.push(exists(db.select({ one: sql`1` }).from(mangaGenres).where(and(eq(mangaGenres.mangaId, manga.id), genreMatch))));
  }
  if (f.excludeGenres?.length) {
    const ids = [...new Set(f.excludeGenres.map((g) => GENRES.indexOf(g)).filter((i) => i >= 0))];
    const genreMatch = ids.length === 1 ? eq(mangaGenres.genre, ids[0]!) : inArray(mangaGenres.genre, ids);
    filters.push(notExists(db.select({ one: sql`1` }).from(mangaGenres).where(and(eq(mangaGenres.mangaId, manga.id), genreMatch))));
  }
  if (f.languages?.length) {
    const languages = [...new Set(f.languages)];
    filters.push(languages.length === 1 ? eq(manga.language, languages[0]!) : inArray(manga.language, languages));
  }
  if (f.publicationStatuses?.length) {
    const statuses = [...new Set(f.publicationStatuses)];
    filters.push(statuses.length === 1 ? eq(manga.publicationStatus, statuses[0]!) : inArray(manga.publicationStatus, statuses));
  }
  if (values.minChapters !== undefined) filters.push(gte(manga.chapterCount, bind("minChapters")));
  if (values.updatedAfter) filters.push(gte(manga.updatedAt, bind("updatedAfter")));
  if (f.mangaStatusTypes?.length) {
    const statuses = [...new Set(f.mangaStatusTypes)];
    filters.push(statuses.length === 1 ? eq(manga.status, statuses[0]!) : inArray(manga.status, statuses));
  }
  if (values.minViews !== undefined) filters.push(gte(manga.views, bind("minViews")));
  if (values.maxViews !== undefined) filters.push(lte(manga.views, bind("maxViews")));
  if (values.minFavorite !== undefined) filters.push(gte(manga.favorites, bind("minFavorite")));
  if (values.maxFavorite !== undefined) filters.push(lte(manga.favorites, bind("maxFavorite")));
  if (values.createdAfter) filters.push(gte(manga.createdAt, bind("createdAfter")));
  if (values.createdBefore) filters.push(lte(manga.createdAt, bind("createdBefore")));
  if (values.author !== undefined) {
    const pattern = bind("author");
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
  const favoriteRow = () => and(eq(favorites.userId, bind("favoritedBy")), eq(favorites.mangaId, manga.id));
  if (favoritedBy !== undefined) filters.push(exists(db.select({ one: sql`1` }).from(favorites).where(favoriteRow())));
  // The search, as the counts and the `hits` plan test it: through the trigram index (searchPattern)…
  const textMatch = (text: AnyPgColumn) =>
    exact ? sql`${text} like ${bind("pattern")} and strpos(${text}, ${bind("needle")}) > 0` : sql`${text} like ${bind("pattern")}`;
  const searchFull = values.pattern !== undefined ? sql`(${textMatch(manga.searchText)})` : undefined;
  // …and as a walk tests it: on search_prefix, which the sort indexes carry, so the walk stays in the index. Only
  // a text longer than the prefix that does not contain the term in its prefix needs its full text, looked up in the
  // set of all full-text matches (an uncorrelated sub-select: PostgreSQL hashes it once, and only if such a row comes
  // up). The byte length is tested first, as it costs nothing (a prefix of fewer bytes cannot have been cut).
  const prefixChars = sql.raw(String(SEARCH_PREFIX_CHARS));
  const searchWalk =
    values.pattern !== undefined
      ? sql`(strpos(${manga.searchPrefix}, ${bind("needle")}) > 0 or (octet_length(${manga.searchPrefix}) >= ${prefixChars} and length(${manga.searchPrefix}) = ${prefixChars} and ${inArray(
          manga.id,
          db.select({ id: fullText.id }).from(fullText).where(textMatch(fullText.searchText)),
        )}))`
      : undefined;

  const where = and(visible, ...filters, searchFull);
  const order = direction === "asc" ? asc : desc;
  const [sortKey, sortOrder] =
    favoritedBy !== undefined && !input.sortGiven
      ? [sql`(select ${favorites.createdAt} from ${favorites} where ${favoriteRow()})`, desc]
      : [sql`${SORT_COLUMNS[sortBy]}`, order];

  // The page in two steps. First its ids and sort keys alone (`page`): walking a sort index (with the search tested
  // on the prefix it carries, mostly without reading the table) or, with `hits`, collecting the matches through the
  // trigram index (an OFFSET 0 sub-select is planned on its own; it keeps the table's name, so every column reference
  // reads from it unchanged) and sorting only them. Then the page's 20 or so rows are read by id with their author
  // and genres, in the same order.
  const source = plan.hits ? sql`(select * from ${manga} where ${where} offset 0) as ${sql.identifier("manga")}` : manga;
  const sortWhere = plan.hits ? undefined : and(visible, ...filters, searchWalk);
  // (Drizzle refers to these by their alias alone, so the aliases must not be column names of the other tables.)
  const pageId = sql<number>`${manga.id}`.as("page_id");
  let page;
  if (!input.relevance) {
    page = db
      .select({ id: pageId, key: sortKey.as("page_key") })
      .from(source)
      .where(sortWhere)
      .orderBy(sortOrder(sortKey), sortOrder(manga.id))
      .limit(bind("limit"))
      // From page 2 only: page 1's statement has no OFFSET at all.
      .offset(values.offset !== undefined ? bind("offset") : 0)
      .as("page");
  } else {
    // Ranked by relevance (docs/decisions/008): the page is among candidate sets of `reach` (offset + limit) rows
    // each: the best title matches by rank and sort, and the first matches of any kind in sort order (found as above,
    // by a walk or from the hits). Every row of the first `reach` by (rank, sort) is in one of them: a title match that
    // is not among the best title matches has `reach` better ones before it, and a match of another field has before
    // it at most all the title matches and the matches of other fields that come earlier in sort order. The best title
    // matches are collected through search_title's trigram index, or found rank by rank by walking the sort index
    // (titlePlan). The candidates are then ranked and sorted by id.
    const rank = (title: AnyPgColumn) => relevanceRank(title, bind("needle"));
    const sets: SQL[] = [];
    if (!plan.titleWalks) {
      sets.push(
        db
          .select({ id: manga.id })
          .from(manga)
          .where(and(visible, ...filters, textMatch(manga.searchTitle)))
          .orderBy(rank(manga.searchTitle), sortOrder(sortKey), sortOrder(manga.id))
          .limit(bind("reach"))
          .getSQL(),
      );
    } else {
      // One walk per rank: in the index, search_prefix (the folded title, then the description) must hold the term
      // where that rank would put it; each entry passing is checked on its row. The titles (≤ 200 characters) lie
      // within search_prefix's 256.
      const needle = bind("needle");
      const inPrefix: Record<number, SQL> = {
        [MatchRank.exactTitle]: sql`starts_with(${manga.searchPrefix}, ${needle})`,
        [MatchRank.titlePrefix]: sql`starts_with(${manga.searchPrefix}, ${needle})`,
        [MatchRank.titleWord]: sql`(strpos(${manga.searchPrefix}, ' ' || cast(${needle} as text)) > 0 or strpos(${manga.searchPrefix}, ' ال' || cast(${needle} as text)) > 0)`,
        [MatchRank.titleSubstring]: sql`strpos(${manga.searchPrefix}, ${needle}) > 0`,
      };
      for (const r of plan.titleWalks) {
        // The rank is read from the row in a lateral sub-select by id (OFFSET 0 keeps it one), so the walk itself stays
        // index-only and PostgreSQL reads rows only for the entries that pass the prefix test (and plans the row reads
        // per passing entry: as a filter on the walk they would be costed per entry walked, enough to turn on JIT).
        const rankOfRow = sql`(select 1 from ${manga} as ${sql.identifier("manga_checked")} where ${checked.id} = ${manga.id} and ${rank(checked.searchTitle)} = ${sql.raw(String(r))} offset 0) as ${sql.identifier("checked")}`;
        sets.push(
          sql`select ${manga.id} from ${manga} cross join lateral ${rankOfRow} where ${and(visible, ...filters, inPrefix[r])} order by ${sortOrder(sortKey)}, ${sortOrder(manga.id)} limit ${bind("reach")}`,
        );
      }
    }
    if (!plan.titlesSuffice) {
      sets.push(
        db.select({ id: sql<number>`${manga.id}`.as("top_id") }).from(source).where(sortWhere).orderBy(sortOrder(sortKey), sortOrder(manga.id)).limit(bind("reach")).getSQL(),
      );
    }
    page = db
      .select({ id: pageId, key: sortKey.as("page_key"), rank: rank(manga.searchTitle).as("page_rank") })
      .from(manga)
      .where(sql`${manga.id} in (${sql.join(
        sets.map((set) => sql`(${set})`),
        sql` union `,
      )})`)
      .orderBy(rank(manga.searchTitle), sortOrder(sortKey), sortOrder(manga.id))
      .limit(bind("limit"))
      .offset(values.offset !== undefined ? bind("offset") : 0)
      .as("page");
  }
  // Each row of the page by id: a lateral sub-select (LIMIT 1 keeps it one), so PostgreSQL looks the 20 or so rows up
  // by primary key rather than hashing a small catalogue whole; author and genres likewise, as sub-selects.
  const row = db
    .select({
      id: manga.id,
      title: manga.title,
      coverImageId: manga.coverImageId,
      favorites: manga.favorites,
      views: manga.views,
      chapterCount: manga.chapterCount,
      status: manga.status,
      authorId: manga.authorId,
      publicationStatus: manga.publicationStatus,
      ratingSum: manga.ratingSum,
      ratingCount: manga.ratingCount,
    })
    .from(manga)
    .where(eq(manga.id, page.id))
    .limit(1)
    .as("row");
  const rows = db
    .select({
      id: row.id,
      title: row.title,
      coverImageId: row.coverImageId,
      favorites: row.favorites,
      views: row.views,
      chapterCount: row.chapterCount,
      status: row.status,
      username: sql<string | null>`(select ${users.username} from ${users} where ${users.id} = ${row.authorId} and ${users.deletedAt} is null)`,
      genres: sql<number[]>`coalesce((select array_agg(${mangaGenres.genre} order by ${mangaGenres.genre}) from ${mangaGenres} where ${mangaGenres.mangaId} = ${row.id}), '{}')`,
      publicationStatus: row.publicationStatus,
      ratingSum: row.ratingSum,
      ratingCount: row.ratingCount,
    })
    .from(page)
    .crossJoinLateral(row)
    .orderBy(...(input.relevance ? [asc((page as unknown as { rank: SQL.Aliased<number> }).rank)] : []), sortOrder(page.key), sortOrder(page.id));

  // Two scalar sub-selects, so each count gets its own plan (the filtered one can use the search index).
  const displayCount = db.$count(manga, where);
  const totalCount = filters.length === 0 && !searchFull ? displayCount : db.$count(manga, visible);
  const counts = input.relevance
    ? // Ranked by relevance, the matches of each title rank are counted in the same pass as all matches (titlePlan).
      (() => {
        const rankOf = relevanceRank(manga.searchTitle, bind("needle"));
        const byRank = (r: number) => sql<number>`count(*) filter (where ${rankOf} = ${sql.raw(String(r))})`.mapWith(Number);
        const c = db
          .select({ n: sql<number>`count(*)`.as("n"), r0: byRank(0).as("r0"), r1: byRank(1).as("r1"), r2: byRank(2).as("r2"), r3: byRank(3).as("r3") })
          .from(manga)
          .where(where)
          .as("c");
        return db
          .select({ display: sql<number>`${c.n}`.mapWith(Number), total: sql<number>`${totalCount}`.mapWith(Number), r0: c.r0, r1: c.r1, r2: c.r2, r3: c.r3 })
          .from(c);
      })()
    : db.select({ display: sql<number>`${displayCount}`.mapWith(Number), total: sql<number>`${totalCount}`.mapWith(Number) }).from(sql`(select 1) as one`);
  return { rows, counts };
}

/** The counts as planFor takes them, from a row of buildListMangaQueries' `counts` (tests and the bench). */
export function countsOf(row: Record<string, unknown> | undefined): { display: number; total: number; ranks?: number[] } {
  const counts = { display: Number(row?.display ?? 0), total: Number(row?.total ?? 0) };
  return row && "r0" in row ? { ...counts, ranks: [row.r0, row.r1, row.r2, row.r3].map(Number) } : counts;
}

/** The list's statements with the request's values in place (tests, and the bench's capture of what listManga runs). */
export function buildListMangaQueries(opts: ListMangaOptions, plan: ListPlan = { hits: false }) {
  const input = listInputs(opts);
  const { page, pageSize, term, countsKey } = input;
  return { ...buildQueries(opts.db, input, plan, false), page, pageSize, term, countsKey };
}

/**
 * Rendering the SQL costs more CPU than the rest of a list request (issue 4), and it is the same for every request
 * of one shape (viewer, sort, which filters; not the values). So each shape's statements are rendered once, with
 * placeholders, and kept (per database handle, the last PREPARED_MAX shapes). They are still sent as unnamed
 * statements, parsed and planned with the request's values like any other query (named server-side statements
 * could switch to a generic plan blind to how selective a search term is). They run on the driver itself with rows as
 * arrays, read by position below (ROW_COLUMNS): Drizzle's per-row mapping of twenty rows cost a tenth of a catalogue
 * read's CPU (issue 30, item 1), and these columns need none (integers, text, a smallint array).
 */
interface Rendered {
  text: string;
  /** Values and placeholders, in order (drizzle-orm's fillPlaceholders fills them). */
  params: unknown[];
}
type Prepared = { rows: Rendered; counts: Rendered };
const PREPARED_MAX = 500;
const preparedByDb = new WeakMap<Db, Map<string, Prepared>>();

/** The order of the rows statement's columns (buildQueries' `rows` select), as the driver returns them. */
const ROW_COLUMNS = ["id", "title", "coverImageId", "favorites", "views", "chapterCount", "status", "username", "genres", "publicationStatus", "ratingSum", "ratingCount"] as const;

function render(query: { toSQL(): { sql: string; params: unknown[] } }): Rendered {
  const { sql: text, params } = query.toSQL();
  return { text, params };
}

/** A rendered statement run with the request's values: rows as arrays of column values. */
async function runRendered(db: Db, statement: Rendered, values: Record<string, unknown>): Promise<unknown[][]> {
  const params = fillPlaceholders(statement.params, values);
  const client = (db as unknown as { $client?: RawClient }).$client;
  if (!client) throw new Error("listManga reads through the database handle (getDb), not a transaction");
  // PGlite (the embedded database) takes the text and values apart; node-postgres one config object.
  const result = "waitReady" in client ? await client.query(statement.text, params, { rowMode: "array" }) : await client.query({ text: statement.text, values: params, rowMode: "array" });
  return result.rows as unknown[][];
}
type RawClient = { query(...args: unknown[]): Promise<{ rows: unknown[] }> };

function preparedList(db: Db, input: ListInputs, plan: ListPlan): Prepared {
  let cache = preparedByDb.get(db);
  if (!cache) preparedByDb.set(db, (cache = new Map()));
  const key = `${plan.hits ? "h" : "w"}${plan.titleWalks?.join("") ?? "c"}${plan.titlesSuffice ? "s" : ""}${input.shape}`;
  let prepared = cache.get(key);
  if (prepared) return prepared;
  const built = buildQueries(db, input, plan, true);
  if (Object.keys(built.rows._.selectedFields).join() !== ROW_COLUMNS.join()) throw new Error("list-manga: the rows statement's columns are not ROW_COLUMNS");
  prepared = { rows: render(built.rows), counts: render(built.counts) };
  if (cache.size >= PREPARED_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, prepared);
  return prepared;
}

/** The statements listManga sends for these options and plan, as SQL text and parameters (tests and the bench). */
export function listMangaStatements(opts: ListMangaOptions, plan: ListPlan = { hits: false }) {
  const input = listInputs(opts);
  const built = buildQueries(opts.db, input, plan, true);
  const filled = (q: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { text, params } = render(q);
    return { sql: text, params: fillPlaceholders(params, fillValues(input.values)) };
  };
  return { rows: filled(built.rows), counts: filled(built.counts), page: input.page, pageSize: input.pageSize, search: input.term !== "" };
}

/**
 * Public catalogue counts, kept COUNT_TTL_MS in this process: counting every match is the one part of a page whose
 * cost grows with the catalogue, and "Showing 1 to 20 of 1,234" may lag a few seconds. Writes that change the
 * catalogue clear it (changed(uow, { catalogue: true }), server/manga/changed.ts). Caller-specific counts (writers, root, favourites) are never shared.
 */
export const COUNT_TTL_MS = 15_000;
const COUNT_CACHE_MAX = 1_000;
/** `ranks`: ranked by relevance, the matches of each title rank (0–3), for titlePlan. */
type Counts = { display: number; total: number; ranks?: number[] };
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
  const input = listInputs(opts);
  const { page, pageSize, countsKey: key } = input;
  const values = fillValues(input.values);
  let counts = key ? cachedCounts(key) : undefined;
  const readCounts = async (): Promise<Counts> => {
    const [row] = await runRendered(opts.db, preparedList(opts.db, input, { hits: false }).counts, values);
    const value: Counts = { display: Number(row?.[0] ?? 0), total: Number(row?.[1] ?? 0) };
    if (input.relevance) value.ranks = [2, 3, 4, 5].map((i) => Number(row?.[i] ?? 0));
    if (key) rememberCounts(key, value);
    return value;
  };
  const readRows = (plan: ListPlan) => runRendered(opts.db, preparedList(opts.db, input, plan).rows, values);
  let rows: unknown[][];
  if (!input.term) {
    // No search: the sort index serves the page whatever the counts; both statements run at once.
    [rows, counts] = await Promise.all([readRows({ hits: false }), counts ?? readCounts()]);
  } else {
    counts ??= await readCounts();
    rows = await readRows(planFor(opts.searchTerm, counts, page * pageSize));
  }

  // By position, in ROW_COLUMNS' order.
  const items = rows.map(([id, title, coverImageId, favorites, views, chapterCount, status, username, genres, publicationStatus, ratingSum, ratingCount]) => ({
    id: id as number,
    title: title as string,
    coverImageUrl: mediaUrl(coverImageId as string | null),
    favorites: favorites as number,
    views: views as number,
    chapterCount: chapterCount as number,
    status: status as Status,
    publicationStatus: isPublicationStatus(publicationStatus) ? publicationStatus : "ongoing",
    genres: ((genres as number[] | null) ?? []).map((g) => GENRES[g]).filter((g): g is Genre => g !== undefined),
    user: { username: username as string | null },
    rating: mangaRating(Number(ratingSum), Number(ratingCount)),
  }));
  return paged(items, page, pageSize, counts.total, counts.display);
}
