import { MANGA_LIST_STALE_MS, QUERY_GC_MS } from "@/lib/constants";
import type { DiscoveryParams } from "@/lib/discovery-params";
import { getQueryClient } from "@/lib/query-client";
import { discoveryKey, fetchDiscoveryPage, type CataloguePage } from "./discovery-fetch";

/**
 * The discovery catalogue's pages through TanStack Query (spec §9: fresh for 300 s, kept 60 s after last use), loaded
 * with the first page turn (./discovery-live.tsx) so the query library is not part of the page's first load. The
 * server-rendered page needs no entry: DiscoveryCatalogue shows it whenever the URL asks for it.
 */
export function readDiscoveryPage(params: DiscoveryParams, locale: string): Promise<CataloguePage> {
  return getQueryClient().fetchQuery({
    queryKey: discoveryKey(params),
    queryFn: ({ signal }) => fetchDiscoveryPage(params, { signal, locale }),
    staleTime: MANGA_LIST_STALE_MS,
    gcTime: QUERY_GC_MS,
  });
}
