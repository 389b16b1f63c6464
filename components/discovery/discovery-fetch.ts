import { Status } from "@/lib/enums";
import { apiRequest } from "@/lib/api-client";
import { PAGE_SIZE } from "@/lib/constants";
import type { DiscoveryParams } from "@/lib/discovery-params";
import type { MangaListItem, Paged } from "@/server/manga/list-manga";

export type CataloguePage = Paged<MangaListItem>;

/** The query key of a discovery page; shared with anything that wants to prefetch one. */
export const discoveryKey = (p: DiscoveryParams) => ["manga-list", "discovery", p.page, p.sort, p.search, p.genre] as const;

export function fetchDiscoveryPage(p: DiscoveryParams, options: { signal?: AbortSignal; locale?: string } = {}): Promise<CataloguePage> {
  return apiRequest<CataloguePage>("/api/manga/PaginatedManga", {
    query: {
      page: p.page,
      pageSize: PAGE_SIZE.discovery,
      sortBy: p.sort,
      searchTerm: p.search || undefined,
      "Filters.Genres": p.genre ?? undefined,
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

