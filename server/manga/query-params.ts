import { z } from "zod";
import { decimalInteger, integer, MAX_ID } from "@/lib/validation/numbers";
import { GENRES, SortBy, Status, type Genre } from "@/lib/enums";
import { PAGE_SIZE } from "@/lib/constants";
import { MANGA_LANGUAGES } from "@/lib/manga-language";
import { PUBLICATION_STATUSES } from "@/lib/publication-status";
import { SEARCH_TERM_MAX } from "@/lib/search-fold";
import { imageFormatParam as imageFormat } from "@/server/media/image-format";
import { MAX_PAGE, type MangaFilters, type SortDirection } from "./list-manga";
import { remembered } from "@/lib/remembered";

/**
 * Query parameters of the /manga read calls (spec §3, §7), read the way ASP.NET model binding reads them:
 * names in any case, `Filters.Genres`, `filters.genres`, `Filters[Genres]`, `Genres[]` or plain `genres` alike,
 * lists repeated (`Filters.Genres=Action&Filters.Genres=Drama`) or comma separated, enums by number or by name,
 * empty values ignored. Paging is clamped (page 1…100000, pageSize 1…100); what cannot be understood
 * (an unknown genre, sort or status, a non-number, a bad date) is a 422 with the field named.
 */

type Raw = Record<string, unknown>;

/** Lower-case alias → the parameter's canonical (spec) name. */
const CANONICAL: Record<string, string> = {};
function alias(name: string, ...aliases: string[]) {
  for (const a of [name, ...aliases]) CANONICAL[a.toLowerCase()] = name;
}
alias("id", "mangaid");
alias("page", "pagenumber");
alias("pageSize");
alias("sortBy");
alias("mangaSortBy");
alias("chapterSortBy");
alias("sortDirection", "direction", "sortorder");
alias("searchTerm", "search", "query", "q");
alias("imageFormat");
alias("Filters.Genres", "genres", "genre");
alias("Filters.ExcludeGenres", "excludegenres", "excludegenre");
alias("Filters.Languages", "languages", "language");
alias("Filters.PublicationStatuses", "publicationstatuses", "publicationstatus");
alias("Filters.MinChapters", "minchapters");
alias("Filters.UpdatedAfter", "updatedafter");
alias("Filters.MangaStatusTypes", "mangastatustypes", "mangastatus");
alias("Filters.ChapterStatusTypes", "chapterstatustypes", "chapterstatus");
alias("Filters.MinViews", "minviews");
alias("Filters.MaxViews", "maxviews");
alias("Filters.MinFavorite", "minfavorite", "minfavorites", "filters.minfavorites");
alias("Filters.MaxFavorite", "maxfavorite", "maxfavorites", "filters.maxfavorites");
alias("Filters.CreatedAfter", "createdafter");
alias("Filters.CreatedBefore", "createdbefore");
alias("Filters.Author", "author");
alias("Filters.IsPremium", "ispremium");
alias("Filters.IsMangaApproval", "ismangaapproval");

/**
 * `Filters[Genres][]`, `filters.genres[0]`, `Genres` … → `Filters.Genres` (undefined for names we do not know). Every
 * catalogue call spells the same few names: each spelling is worked out once.
 */
export const canonicalParamName: (raw: string) => string | undefined = remembered(canonicalOf, { max: 1_000, maxKeyLength: 64 });

function canonicalOf(raw: string): string | undefined {
  let k = raw.trim().toLowerCase();
  k = k.replace(/\[\d*\]/g, "").replace(/\[([^\]]+)\]/g, ".$1");
  k = k.replace(/\.+$/, "");
  const direct = CANONICAL[k];
  if (direct) return direct;
  if (k.startsWith("filters.")) return CANONICAL[k.slice("filters.".length)];
  return undefined;
}

const LIST_PARAMS = new Set(["Filters.Genres", "Filters.ExcludeGenres", "Filters.Languages", "Filters.PublicationStatuses", "Filters.MangaStatusTypes", "Filters.ChapterStatusTypes"]);

/** Canonical names, flattened values (lists split on commas), empty values dropped; unknown names ignored. */
export function normalizeQuery(value: unknown): Raw {
  if (typeof value !== "object" || value === null) return {};
  const out: Record<string, string[]> = {};
  for (const [name, v] of Object.entries(value as Raw)) {
    const key = canonicalParamName(name);
    if (!key) continue;
    const values = (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === "string");
    const split = LIST_PARAMS.has(key) ? values.flatMap((x) => x.split(",")) : values;
    const kept = split.map((x) => x.trim()).filter((x) => x !== "");
    if (kept.length) (out[key] ??= []).push(...kept);
  }
  const result: Raw = {};
  // Scalars take the first value given (as ASP.NET does); lists keep them all.
  for (const [key, values] of Object.entries(out)) result[key] = LIST_PARAMS.has(key) ? values : values[0];
  return result;
}

const CONTROL = /[\u0000-\u001F\u007F]/g;
/** Free text: control characters become spaces (NUL cannot reach PostgreSQL), trimmed, cut to SEARCH_TERM_MAX. */
const text = z
  .string()
  .optional()
  .transform((s) => s?.replace(CONTROL, " ").trim().slice(0, SEARCH_TERM_MAX));

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** A whole number (clamped to the range when given). */
const int = (min = -MAX_ID - 1, max = MAX_ID) =>
  z
    .preprocess(decimalInteger, z.number().int())
    .transform((n) => clamp(n, min, max));

const SORT_NAMES = new Map(Object.entries(SortBy).map(([k, v]) => [k.toLowerCase(), v]));
const sortBy = z.preprocess((v) => {
  if (typeof v !== "string") return v;
  const named = SORT_NAMES.get(v.toLowerCase().replace(/[^a-z]/g, ""));
  if (named !== undefined) return named;
  return /^\d+$/.test(v) ? Number(v) : v;
}, z.union(Object.values(SortBy).map((n) => z.literal(n)) as [z.ZodLiteral<SortBy>, ...z.ZodLiteral<SortBy>[]]));

const sortDirection = z.preprocess((v) => {
  if (typeof v !== "string") return v;
  const s = v.toLowerCase();
  if (s === "asc" || s === "ascending" || s === "0") return "asc";
  if (s === "desc" || s === "descending" || s === "1") return "desc";
  return v;
}, z.enum(["asc", "desc"]));

const STATUS_NAMES = new Map(Object.entries(Status).map(([k, v]) => [k.toLowerCase(), v]));
const statusList = z.preprocess(
  (v) => (Array.isArray(v) ? v.map((s: unknown) => (typeof s === "string" ? (STATUS_NAMES.get(s.toLowerCase()) ?? (/^\d+$/.test(s) ? Number(s) : s)) : s)) : v),
  z.array(z.union([z.literal(Status.Pending), z.literal(Status.Accepted), z.literal(Status.Rejected)])),
);

const GENRE_KEYS = new Map<string, Genre>([...GENRES.map((g) => [g.toLowerCase(), g] as const), ...GENRES.map((g, i) => [String(i), g] as const)]);
/** "Action", "action", "sci-fi", "Slice of life" or the number 0–16. */
export function genreOf(value: string): Genre | undefined {
  return GENRE_KEYS.get(value.toLowerCase().replace(/[^a-z0-9]/g, ""));
}
const genreList = z.preprocess(
  (v) => (Array.isArray(v) ? v.map((g: unknown) => (typeof g === "string" ? (genreOf(g) ?? g) : g)) : v),
  z.array(z.enum(GENRES)),
);

/** en, ar, ja or other, any case (lib/manga-language.ts); the list has at most those four. */
const languageList = z.preprocess(
  (v) => (Array.isArray(v) ? [...new Set(v.map((s: unknown) => (typeof s === "string" ? s.toLowerCase() : s)))] : v),
  z.array(z.enum(MANGA_LANGUAGES)),
);

/** ongoing, completed, hiatus or cancelled, any case (lib/publication-status.ts). */
const publicationStatusList = z.preprocess(
  (v) => (Array.isArray(v) ? [...new Set(v.map((s: unknown) => (typeof s === "string" ? s.toLowerCase() : s)))] : v),
  z.array(z.enum(PUBLICATION_STATUSES)),
);

const bool = z.preprocess((v) => {
  if (typeof v !== "string") return v;
  const s = v.toLowerCase();
  if (["true", "1", "yes", "on"].includes(s)) return true;
  if (["false", "0", "no", "off"].includes(s)) return false;
  return v;
}, z.boolean());

const date = z.coerce.date();

const filterFields = {
  "Filters.MangaStatusTypes": statusList.optional(),
  "Filters.ChapterStatusTypes": statusList.optional(),
  "Filters.IsPremium": bool.optional(),
};

/** GET /api/manga/PaginatedManga */
export const paginatedMangaQuery = z.preprocess(
  normalizeQuery,
  z.object({
    page: int(1, MAX_PAGE).optional(),
    pageSize: int(1, PAGE_SIZE.max).optional(),
    sortBy: sortBy.optional(),
    mangaSortBy: sortBy.optional(),
    sortDirection: sortDirection.optional(),
    searchTerm: text,
    imageFormat,
    "Filters.Genres": genreList.optional(),
    "Filters.ExcludeGenres": genreList.optional(),
    "Filters.Languages": languageList.optional(),
    "Filters.PublicationStatuses": publicationStatusList.optional(),
    "Filters.MinChapters": int(0, MAX_ID).optional(),
    "Filters.UpdatedAfter": date.optional(),
    ...filterFields,
    "Filters.MinViews": int().optional(),
    "Filters.MaxViews": int().optional(),
    "Filters.MinFavorite": int().optional(),
    "Filters.MaxFavorite": int().optional(),
    "Filters.CreatedAfter": date.optional(),
    "Filters.CreatedBefore": date.optional(),
    "Filters.Author": text,
    "Filters.IsMangaApproval": bool.optional(),
  }),
);
export type PaginatedMangaQuery = z.output<typeof paginatedMangaQuery>;

/** The list options a PaginatedManga query asks for (mangaSortBy, when given, wins over sortBy). */
export function listOptionsOf(q: PaginatedMangaQuery): {
  page?: number;
  pageSize?: number;
  sortBy?: SortBy;
  sortDirection?: SortDirection;
  searchTerm?: string;
  filters: MangaFilters;
} {
  return {
    page: q.page,
    pageSize: q.pageSize,
    sortBy: q.mangaSortBy ?? q.sortBy,
    sortDirection: q.sortDirection,
    searchTerm: q.searchTerm,
    filters: {
      genres: q["Filters.Genres"],
      excludeGenres: q["Filters.ExcludeGenres"],
      languages: q["Filters.Languages"],
      publicationStatuses: q["Filters.PublicationStatuses"],
      minChapters: q["Filters.MinChapters"],
      updatedAfter: q["Filters.UpdatedAfter"],
      mangaStatusTypes: q["Filters.MangaStatusTypes"],
      chapterStatusTypes: q["Filters.ChapterStatusTypes"],
      minViews: q["Filters.MinViews"],
      maxViews: q["Filters.MaxViews"],
      minFavorite: q["Filters.MinFavorite"],
      maxFavorite: q["Filters.MaxFavorite"],
      createdAfter: q["Filters.CreatedAfter"],
      createdBefore: q["Filters.CreatedBefore"],
      author: q["Filters.Author"] || undefined,
      isPremium: q["Filters.IsPremium"],
      isMangaApproval: q["Filters.IsMangaApproval"],
    },
  };
}

/** GET /api/manga/GetMangaById */
export const getMangaByIdQuery = z.preprocess(
  normalizeQuery,
  z.object({
    id: integer({ min: 1 }),
    chapterSortBy: sortBy.optional(),
    sortDirection: sortDirection.optional(),
    imageFormat,
    ...filterFields,
  }),
);
export type GetMangaByIdQuery = z.output<typeof getMangaByIdQuery>;
