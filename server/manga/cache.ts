import "server-only";
import { unstable_cache } from "next/cache";
import { getDb } from "@/db/client";
import { SortBy, type Genre } from "@/lib/enums";
import { PAGE_SIZE } from "@/lib/constants";
import type { Locale } from "@/i18n/routing";
import { getDiscoverySettings, getLandingSettings } from "@/server/settings/get-page-settings";
import { getPublicManga } from "./get-manga";
import { catalogueGeneration, mangaGeneration } from "./changed";
import { listManga, type MangaListItem, type Paged } from "./list-manga";
import { CACHED_DISCOVERY_PAGES } from "./cache-limits";
import { LATEST } from "@/lib/latest";
import { apiSortBy, hasAdvancedFilters, type DiscoveryParams } from "@/lib/discovery-params";
import { discoveryFilters } from "./discovery-filters";
import { listLatestChapters } from "./latest-chapters";
import { listLatestUpdates } from "./latest-updates";
import { getMangaFeed } from "./manga-feed";

/**
 * What the public pages (landing, discovery, preview, sitemap) read, through Next's data cache: each read is
 * cached for CATALOGUE_REVALIDATE_SECONDS, and keyed by the catalogue's generations (./changed.ts): a use case that
 * declares `changed(uow, …)` bumps them on every process after its commit, so the next visitor anywhere reads fresh.
 * The API and the signed-in pages never go through here: they always read the database.
 * (docs/decisions: "Public catalogue pages: data cache with tags".)
 */
export const CATALOGUE_TAG = "catalogue";
export const mangaTag = (id: number) => `manga:${id}`;
export const CATALOGUE_REVALIDATE_SECONDS = 60;
export { CACHED_DISCOVERY_PAGES };

const options = (extra: string[] = []) => ({ tags: [CATALOGUE_TAG, ...extra], revalidate: CATALOGUE_REVALIDATE_SECONDS });

const landingSettings = unstable_cache(
  async (locale: Locale, _generation: number) => getLandingSettings({ db: await getDb(), locale }),
  ["catalogue:landing-settings"],
  options(),
);
export const cachedLandingSettings = (locale: Locale) => landingSettings(locale, catalogueGeneration());

const discoverySettings = unstable_cache(
  async (_generation: number) => getDiscoverySettings({ db: await getDb() }),
  ["catalogue:discovery-settings"],
  options(),
);
export const cachedDiscoverySettings = () => discoverySettings(catalogueGeneration());

/** A landing carousel: page 1, size 10 of one genre, most popular first. */
const genreRow = unstable_cache(
  async (genre: Genre, _generation: number): Promise<MangaListItem[]> =>
    (await listManga({ db: await getDb(), genres: [genre], page: 1, pageSize: PAGE_SIZE.carousel })).items,
  ["catalogue:genre-row"],
  options(),
);
export const cachedGenreRow = (genre: Genre) => genreRow(genre, catalogueGeneration());

const cachedCataloguePage = unstable_cache(
  async (page: number, sortBy: SortBy, genre: Genre | null, _generation: number) =>
    listManga({ db: await getDb(), page, pageSize: PAGE_SIZE.discovery, sortBy, genres: genre ? [genre] : undefined }),
  ["catalogue:page"],
  options(),
);

/**
 * A public discovery page. Only the pages the genre chips and the sort name are cached (a bounded set: 18 genre
 * choices × 7 sorts × CACHED_DISCOVERY_PAGES); searches, deep pages and the advanced filters (any combination of which
 * could be asked for) are read directly, as the API reads them.
 */
export async function readCataloguePage(p: DiscoveryParams): Promise<Paged<MangaListItem>> {
  if (p.search || p.page > CACHED_DISCOVERY_PAGES || hasAdvancedFilters(p)) {
    return listManga({ db: await getDb(), page: p.page, pageSize: PAGE_SIZE.discovery, sortBy: apiSortBy(p.sort), searchTerm: p.search, filters: discoveryFilters(p) });
  }
  // Without a search the order is one of the API's sorts (relevance is a search's).
  return cachedCataloguePage(p.page, apiSortBy(p.sort) ?? SortBy.Popularity, p.genres[0] ?? null, catalogueGeneration());
}

/** The public preview's manga (accepted, accepted chapters), fresh after a change to it or to the catalogue. */
export function cachedPublicManga(id: number) {
  return unstable_cache(
    async () => getPublicManga({ db: await getDb(), id }),
    ["catalogue:manga", String(id), String(mangaGeneration(id)), String(catalogueGeneration())],
    options([mangaTag(id)]),
  )();
}

/** A page of the latest updates (/latest and the landing's section: page 1), fresh after any catalogue change. */
const latestPage = unstable_cache(
  async (page: number, pageSize: number, _generation: number) => listLatestUpdates({ db: await getDb(), page, pageSize }),
  ["catalogue:latest-page"],
  options(),
);
export const cachedLatestPage = (page: number, pageSize: number = LATEST.pageSize) => latestPage(page, pageSize, catalogueGeneration());

/** The latest-updates feed's entries. */
const latestChapters = unstable_cache(
  async (_generation: number) => listLatestChapters({ db: await getDb() }),
  ["catalogue:latest-chapters"],
  options(),
);
export const cachedLatestChapters = () => latestChapters(catalogueGeneration());

/** One manga's feed (undefined: missing or not public), fresh after a change to it or to the catalogue. */
export function cachedMangaFeed(id: number) {
  return unstable_cache(
    async () => (await getMangaFeed({ db: await getDb(), mangaId: id })) ?? null,
    ["catalogue:manga-feed", String(id), String(mangaGeneration(id)), String(catalogueGeneration())],
    options([mangaTag(id)]),
  )();
}
