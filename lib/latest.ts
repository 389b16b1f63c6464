/**
 * The "Latest updates" list and its feeds (docs/decisions/025), shared by the server reads, the pages, the page cache
 * and the feed routes.
 */
export const LATEST = {
  /** Manga (cards) on a page of /latest. */
  pageSize: 12,
  /** Manga on the landing's section. */
  landingSize: 6,
  /** Newest chapters shown on each card. */
  chaptersPerManga: 3,
  /** Pages of /latest that exist (deeper history is in each manga's preview): bounds the query and the page cache. */
  maxPages: 20,
  /** Entries in a feed. */
  feedEntries: 50,
} as const;

/** The public address of the list in a language. */
export const latestPath = (locale: string, page = 1) => `${locale === "ar" ? "/ar" : ""}/latest${page > 1 ? `?page=${page}` : ""}`;

/** The feeds' addresses (site-relative): the whole list's and one manga's, in a language (`?lang=ar` for Arabic). */
export const latestFeedPath = (locale: string) => `/feeds/latest.xml${locale === "ar" ? "?lang=ar" : ""}`;
export const mangaFeedPath = (mangaId: number, locale: string) => `/feeds/manga/${mangaId}.xml${locale === "ar" ? "?lang=ar" : ""}`;

/** The page number of a `?page=` value: a whole number from 1 to LATEST.maxPages, else undefined. */
export function parseLatestPage(value: string | string[] | undefined): number | undefined {
  if (value === undefined) return 1;
  if (typeof value !== "string" || !/^[1-9]\d{0,2}$/.test(value)) return undefined;
  const n = Number(value);
  return n <= LATEST.maxPages ? n : undefined;
}

/** The shapes of the list (server/manga/latest-updates.ts), which the pages and cards render. */
export interface LatestChapter {
  id: number;
  number: number;
  title: string;
  releasedAt: string;
  /** Premium now (a lock on the row); its free date, if any, not yet come. */
  premium: boolean;
}

export interface LatestGroup {
  mangaId: number;
  title: string;
  coverImageUrl: string | null;
  latestAt: string;
  chapters: LatestChapter[];
}

export interface LatestPage {
  items: LatestGroup[];
  pageNumber: number;
  pageSize: number;
  totalRecords: number;
  totalPages: number;
}
