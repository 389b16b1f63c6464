import "server-only";
import { revalidateTag, unstable_cache } from "next/cache";
import { getDb } from "@/db/client";
import type { Genre, SortBy } from "@/db/schema/enums";
import { PAGE_SIZE } from "@/lib/constants";
import type { Locale } from "@/i18n/routing";
import { getDiscoverySettings, getLandingSettings } from "@/server/settings/get-page-settings";
import { getPublicManga, listPublicMangaIds } from "./get-manga";
import { clearCatalogueCounts, listManga, type MangaListItem, type Paged } from "./list-manga";

/**
 * What the public pages (landing, discovery, preview, sitemap) read, through Next's data cache: each read is
 * cached for CATALOGUE_REVALIDATE_SECONDS and tagged, so a write anywhere calls revalidateCatalogue() and the next
 * visitor sees the change at once on this instance; other instances catch up within the revalidate time.
 * The API and the signed-in pages never go through here: they always read the database.
 * (docs/decisions: "Public catalogue pages: data cache with tags".)
 */
export const CATALOGUE_TAG = "catalogue";
export const mangaTag = (id: number) => `manga:${id}`;
export const CATALOGUE_REVALIDATE_SECONDS = 60;
/** Discovery pages past this one (and every search) are read directly: they are rare and would only fill the cache. */
export const CACHED_DISCOVERY_PAGES = 20;

const options = (extra: string[] = []) => ({ tags: [CATALOGUE_TAG, ...extra], revalidate: CATALOGUE_REVALIDATE_SECONDS });

export const cachedLandingSettings = unstable_cache(
  async (locale: Locale) => getLandingSettings({ db: await getDb(), locale }),
  ["catalogue:landing-settings"],
  options(),
);

export const cachedDiscoverySettings = unstable_cache(
  async () => getDiscoverySettings({ db: await getDb() }),
  ["catalogue:discovery-settings"],
  options(),
);

/** A landing carousel: page 1, size 10 of one genre, most popular first. */
export const cachedGenreRow = unstable_cache(
  async (genre: Genre): Promise<MangaListItem[]> => (await listManga({ db: await getDb(), genres: [genre], page: 1, pageSize: PAGE_SIZE.carousel })).items,
  ["catalogue:genre-row"],
  options(),
);

const cachedCataloguePage = unstable_cache(
  async (page: number, sortBy: SortBy, genre: Genre | null) =>
    listManga({ db: await getDb(), page, pageSize: PAGE_SIZE.discovery, sortBy, genres: genre ? [genre] : undefined }),
  ["catalogue:page"],
  options(),
);

/** A public discovery page; searches and deep pages skip the cache. */
export async function readCataloguePage(p: { page: number; sortBy: SortBy; genre: Genre | null; search: string }): Promise<Paged<MangaListItem>> {
  if (p.search || p.page > CACHED_DISCOVERY_PAGES) {
    return listManga({ db: await getDb(), page: p.page, pageSize: PAGE_SIZE.discovery, sortBy: p.sortBy, searchTerm: p.search, genres: p.genre ? [p.genre] : undefined });
  }
  return cachedCataloguePage(p.page, p.sortBy, p.genre);
}

/** The public preview's manga (accepted, accepted chapters), tagged with its own id as well. */
export function cachedPublicManga(id: number) {
  return unstable_cache(async () => getPublicManga({ db: await getDb(), id }), ["catalogue:manga", String(id)], options([mangaTag(id)]))();
}

export const cachedPublicMangaIds = unstable_cache(
  async () => (await listPublicMangaIds({ db: await getDb() })).map((m) => ({ ...m, updatedAt: m.updatedAt.toISOString() })),
  ["catalogue:sitemap"],
  options(),
);

/**
 * Call after any write that changes what the public catalogue shows (a manga or chapter submitted, edited,
 * approved, rejected or deleted; page settings): the pages' data cache and this process's shared list counts are
 * refreshed. Safe to call outside a request (the data cache part then does nothing).
 */
export function revalidateCatalogue(mangaId?: number): void {
  clearCatalogueCounts();
  expireTags(mangaId === undefined ? [CATALOGUE_TAG] : [CATALOGUE_TAG, mangaTag(mangaId)]);
}

/**
 * After a change that only one manga's page shows exactly (its favourite count): that page is refreshed at once,
 * lists (counts on cards, popularity order) follow within CATALOGUE_REVALIDATE_SECONDS, so a busy heart button
 * does not empty the whole catalogue cache.
 */
export function revalidateManga(mangaId: number): void {
  expireTags([mangaTag(mangaId)]);
}

function expireTags(tags: string[]): void {
  try {
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
  } catch {
    // Outside a Next request (scripts, tests) there is no cache to invalidate.
  }
}
