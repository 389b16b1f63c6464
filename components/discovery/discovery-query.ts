import { MANGA_LIST_STALE_MS, QUERY_GC_MS } from "@/lib/constants";
import type { DiscoveryParams } from "@/lib/discovery-params";
import { getQueryClient } from "@/lib/query-client";
import { discoveryKey, fetchDiscoveryPage, type CataloguePage } from "./discovery-fetch";

/**
 * The discovery catalogue's pages through TanStack Query (spec §9: fresh for 300 s, kept 60 s after last use), loaded
 * on the first page turn so the query library is not part of the page's first load. The server-rendered page is put
 * in the cache as it was read, so coming back to it costs nothing while it is fresh.
 */
export function seedDiscoveryPage(params: DiscoveryParams, page: CataloguePage, readAt: number): void {
  const client = getQueryClient();
  if (client.getQueryData(discoveryKey(params)) === undefined) client.setQueryData(discoveryKey(params), page, { updatedAt: readAt });
}

export function readDiscoveryPage(params: DiscoveryParams, locale: string): Promise<CataloguePage> {
  return getQueryClient().fetchQuery({
    queryKey: discoveryKey(params),
    queryFn: ({ signal }) => fetchDiscoveryPage(params, { signal, locale }),
    staleTime: MANGA_LIST_STALE_MS,
    gcTime: QUERY_GC_MS,
  });
}
