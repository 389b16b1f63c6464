import { GENRES, SortBy, type Genre } from "@/lib/enums";
import { isMangaLanguage, type MangaLanguage } from "@/lib/manga-language";
import { isPublicationStatus, type PublicationStatus } from "@/lib/publication-status";

/** Where a card leads: the public preview, or the dashboard's for signed-in pages. */
export type PreviewBase = "/discovery/manga" | "/dashboard/discovery/manga";

/** Free or premium: whether a manga (or one of its chapters) is for subscribers (the API's Filters.IsPremium). */
export type Access = "free" | "premium";

/** "Updated in the last N days": the choices offered, and the only ones read (so a URL cannot ask for any number). */
export const UPDATED_WITHIN_DAYS = [7, 30, 90, 365] as const;
export type UpdatedWithin = (typeof UPDATED_WITHIN_DAYS)[number];

/** "At least N chapters": the choices offered; a URL may give any whole number up to MIN_CHAPTERS_MAX. */
export const MIN_CHAPTER_CHOICES = [5, 10, 25, 50, 100] as const;
export const MIN_CHAPTERS_MAX = 10_000;

/** At most this many genres to include, and as many to exclude (docs/decisions/008, "Filters"). */
export const GENRE_FILTER_MAX = 5;

/**
 * The catalogue's order: one of the API's sorts, or "relevance" (title matches first, then the other matches, the
 * popular first among equals: server/manga/list-manga.ts), the default order of a search and only offered with one.
 */
export const RELEVANCE = "relevance";
export type DiscoverySort = SortBy | typeof RELEVANCE;

/** The order a discovery page has when its URL names none: relevance for a search, else the most popular first. */
export const defaultSort = (search: string): DiscoverySort => (search ? RELEVANCE : SortBy.Popularity);

/** The API's sortBy for an order (none for relevance: the API ranks a search by relevance when it is not given). */
export const apiSortBy = (sort: DiscoverySort): SortBy | undefined => (sort === RELEVANCE ? undefined : sort);

export interface DiscoveryParams {
  search: string;
  sort: DiscoverySort;
  page: number;
  /** Genres a manga must have one of (`genre`, repeated); empty: every genre. */
  genres: readonly Genre[];
  /** Genres a manga must have none of (`exclude`, repeated). */
  exclude: readonly Genre[];
  /** The language it is written in (`lang`). */
  lang: MangaLanguage | null;
  /** Ongoing, completed, on hiatus or cancelled (`status`; not the review status, always accepted here). */
  publicationStatus: PublicationStatus | null;
  access: Access | null;
  /** At least this many public chapters (`chapters`). */
  minChapters: number | null;
  /** A public chapter or an edit in the last N days (`updated`). */
  updatedWithin: UpdatedWithin | null;
}

type Raw = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";
const all = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

/** Known genres only, each once, at most GENRE_FILTER_MAX (the first ones given), in the catalogue's genre order. */
function genreList(v: string | string[] | undefined, without: readonly Genre[] = []): Genre[] {
  const given = all(v)
    .flatMap((s) => s.split(","))
    .filter((g): g is Genre => (GENRES as readonly string[]).includes(g) && !without.includes(g as Genre));
  const kept = [...new Set(given)].slice(0, GENRE_FILTER_MAX);
  return GENRES.filter((g) => kept.includes(g));
}

/**
 * Reads the discovery URL (?search=&sort=&page=&genre=&exclude=&lang=&status=&access=&chapters=&updated=) leniently: anything
 * odd falls back to the default, lists are capped (a genre both included and excluded is only included).
 */
export function parseDiscoveryParams(raw: Raw): DiscoveryParams {
  const search = first(raw.search).trim().slice(0, 100);
  const sortText = first(raw.sort);
  const sortNum = Number(sortText);
  const sort = (Object.values(SortBy) as number[]).includes(sortNum) && sortText !== "" ? (sortNum as SortBy) : defaultSort(search);
  const pageNum = Number.parseInt(first(raw.page), 10);
  const page = Number.isFinite(pageNum) && pageNum >= 1 ? Math.min(pageNum, 100_000) : 1;
  const genres = genreList(raw.genre);
  const exclude = genreList(raw.exclude, genres);
  const lang = first(raw.lang);
  const status = first(raw.status);
  const access = first(raw.access);
  const chaptersText = first(raw.chapters);
  const chapters = /^\d{1,6}$/.test(chaptersText) ? Math.min(Number(chaptersText), MIN_CHAPTERS_MAX) : 0;
  const updated = Number(first(raw.updated));
  return {
    search,
    sort,
    page,
    genres,
    exclude,
    lang: isMangaLanguage(lang) ? lang : null,
    publicationStatus: isPublicationStatus(status) ? status : null,
    access: access === "free" || access === "premium" ? access : null,
    minChapters: chapters >= 1 ? chapters : null,
    updatedWithin: (UPDATED_WITHIN_DAYS as readonly number[]).includes(updated) ? (updated as UpdatedWithin) : null,
  };
}

export const DEFAULT_DISCOVERY_PARAMS: DiscoveryParams = parseDiscoveryParams({});

/** Whether any filter beyond the genre chips is set: such pages are read directly, not cached (server/manga/cache.ts). */
export function hasAdvancedFilters(p: Pick<DiscoveryParams, "genres" | "exclude" | "lang" | "publicationStatus" | "access" | "minChapters" | "updatedWithin">): boolean {
  return p.genres.length > 1 || p.exclude.length > 0 || p.lang !== null || p.publicationStatus !== null || p.access !== null || p.minChapters !== null || p.updatedWithin !== null;
}

/** How many filters are set (the phone's "Filters (n)" button). */
export function activeFilterCount(p: DiscoveryParams): number {
  return p.genres.length + p.exclude.length + [p.lang, p.publicationStatus, p.access, p.minChapters, p.updatedWithin].filter((v) => v !== null).length;
}

/** The query string for a discovery URL, leaving defaults out so URLs stay short and canonical. */
export function discoveryQuery(p: Partial<DiscoveryParams>): string {
  const q = new URLSearchParams();
  if (p.search) q.set("search", p.search);
  for (const g of p.genres ?? []) q.append("genre", g);
  for (const g of p.exclude ?? []) q.append("exclude", g);
  if (p.lang) q.set("lang", p.lang);
  if (p.publicationStatus) q.set("status", p.publicationStatus);
  if (p.access) q.set("access", p.access);
  if (p.minChapters) q.set("chapters", String(p.minChapters));
  if (p.updatedWithin) q.set("updated", String(p.updatedWithin));
  // The default order is left out: relevance with a search, the most popular without (relevance is never written).
  if (p.sort !== undefined && p.sort !== RELEVANCE && p.sort !== defaultSort(p.search ?? "")) q.set("sort", String(p.sort));
  if (p.page && p.page > 1) q.set("page", String(p.page));
  const s = q.toString();
  return s ? `?${s}` : "";
}

/**
 * `current` changed by `next`. A new search keeps an order the visitor chose, but one that was only the default
 * (most popular without a search, relevance with one) becomes the new search's default.
 */
export function withDiscoveryParams(current: DiscoveryParams, next: Partial<DiscoveryParams>): DiscoveryParams {
  const merged = { ...current, ...next };
  if (next.search !== undefined && next.sort === undefined && current.sort === defaultSort(current.search)) merged.sort = defaultSort(merged.search);
  return merged;
}

export function sameDiscoveryParams(a: DiscoveryParams, b: DiscoveryParams): boolean {
  return discoveryQuery(a) === discoveryQuery(b);
}

/** The catalogue's address for these params: /discovery (or /dashboard/discovery for its preview base) with the query. */
export function discoveryPath(previewBase: PreviewBase, p: Partial<DiscoveryParams>): string {
  return `${previewBase.replace(/\/manga$/, "")}${discoveryQuery(p)}`;
}

const HOUR_MS = 60 * 60 * 1000;

/** N days before the start of the current UTC hour ("updated in the last N days"; the same for a whole hour). */
export function updatedSince(days: number, now = Date.now()): Date {
  return new Date(Math.floor(now / HOUR_MS) * HOUR_MS - days * 24 * HOUR_MS);
}
