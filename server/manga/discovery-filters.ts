import { Status } from "@/lib/enums";
import { updatedSince, type DiscoveryParams } from "@/lib/discovery-params";
import type { MangaFilters } from "./list-manga";

/**
 * The list filters of a discovery URL's filters (lib/discovery-params.ts), as the page reads them and as the browser
 * asks the API for them (components/discovery/discovery-fetch.ts): "updated in the last N days" counts from the start
 * of the current UTC hour, so the pages and reads of one hour ask the same thing.
 */
export function discoveryFilters(p: Pick<DiscoveryParams, "genres" | "exclude" | "lang" | "publicationStatus" | "access" | "minChapters" | "updatedWithin">, now = Date.now()): MangaFilters {
  return {
    genres: p.genres.length ? p.genres : undefined,
    excludeGenres: p.exclude.length ? p.exclude : undefined,
    languages: p.lang ? [p.lang] : undefined,
    publicationStatuses: p.publicationStatus ? [p.publicationStatus] : undefined,
    isPremium: p.access ? p.access === "premium" : undefined,
    minChapters: p.minChapters ?? undefined,
    updatedAfter: p.updatedWithin ? updatedSince(p.updatedWithin, now) : undefined,
    // Spec §7: public catalogues count accepted chapters.
    chapterStatusTypes: p.access ? [Status.Accepted] : undefined,
  };
}
