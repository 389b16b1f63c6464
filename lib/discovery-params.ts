import { GENRES, SortBy, type Genre } from "@/lib/enums";

/** Where a card leads: the public preview, or the dashboard's for signed-in pages. */
export type PreviewBase = "/discovery/manga" | "/dashboard/discovery/manga";

export interface DiscoveryParams {
  search: string;
  sort: SortBy;
  page: number;
  genre: Genre | null;
}

type Raw = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

/** Reads the discovery URL (?search=&sort=&page=&genre=) leniently: anything odd falls back to the default. */
export function parseDiscoveryParams(raw: Raw): DiscoveryParams {
  const search = first(raw.search).trim().slice(0, 100);
  const sortNum = Number(first(raw.sort));
  const sort = (Object.values(SortBy) as number[]).includes(sortNum) && first(raw.sort) !== "" ? (sortNum as SortBy) : SortBy.Popularity;
  const pageNum = Number.parseInt(first(raw.page), 10);
  const page = Number.isFinite(pageNum) && pageNum >= 1 ? Math.min(pageNum, 100_000) : 1;
  const g = first(raw.genre);
  const genre = (GENRES as readonly string[]).includes(g) ? (g as Genre) : null;
  return { search, sort, page, genre };
}

/** The query string for a discovery URL, leaving defaults out so URLs stay short and canonical. */
export function discoveryQuery(p: Partial<DiscoveryParams>): string {
  const q = new URLSearchParams();
  if (p.search) q.set("search", p.search);
  if (p.genre) q.set("genre", p.genre);
  if (p.sort !== undefined && p.sort !== SortBy.Popularity) q.set("sort", String(p.sort));
  if (p.page && p.page > 1) q.set("page", String(p.page));
  const s = q.toString();
  return s ? `?${s}` : "";
}

export function sameDiscoveryParams(a: DiscoveryParams, b: DiscoveryParams): boolean {
  return a.page === b.page && a.sort === b.sort && a.search === b.search && a.genre === b.genre;
}

/** The catalogue's address for these params: /discovery (or /dashboard/discovery for its preview base) with the query. */
export function discoveryPath(previewBase: PreviewBase, p: Partial<DiscoveryParams>): string {
  return `${previewBase.replace(/\/manga$/, "")}${discoveryQuery(p)}`;
}
