import { Status } from "@/lib/enums";
import { apiRequest } from "@/lib/api-client";
import { PAGE_SIZE } from "@/lib/constants";
import { apiSortBy, discoveryQuery, updatedSince, type DiscoveryParams } from "@/lib/discovery-params";
import type { MangaListItem, Paged } from "@/server/manga/list-manga";

export type CataloguePage = Paged<MangaListItem>;

/** The query key of a discovery page; shared with anything that wants to prefetch one. */
export const discoveryKey = (p: DiscoveryParams) => ["manga-list", "discovery", discoveryQuery({ ...p, page: 1 }), p.page] as const;

export function fetchDiscoveryPage(p: DiscoveryParams, options: { signal?: AbortSignal; locale?: string } = {}): Promise<CataloguePage> {
  return apiRequest<CataloguePage>("/api/manga/PaginatedManga", {
    query: {
      page: p.page,
      pageSize: PAGE_SIZE.discovery,
      sortBy: apiSortBy(p.sort),
      searchTerm: p.search || undefined,
      "Filters.Genres": p.genres.length ? p.genres.join(",") : undefined,
      "Filters.ExcludeGenres": p.exclude.length ? p.exclude.join(",") : undefined,
      "Filters.Languages": p.lang ?? undefined,
      "Filters.PublicationStatuses": p.publicationStatus ?? undefined,
      "Filters.IsPremium": p.access ? p.access === "premium" : undefined,
      "Filters.MinChapters": p.minChapters ?? undefined,
      "Filters.UpdatedAfter": p.updatedWithin ? updatedSince(p.updatedWithin).toISOString() : undefined,
      // Spec §7: public catalogues ask for accepted manga with accepted chapters.
      "Filters.MangaStatusTypes": Status.Accepted,
      "Filters.ChapterStatusTypes": Status.Accepted,
      imageFormat: "url",
    },
    signal: options.signal,
    locale: options.locale,
    session: null,
  });
}

