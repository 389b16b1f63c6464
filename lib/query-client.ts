import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "@/lib/api-client";
import { QUERY_GC_MS } from "@/lib/constants";

/**
 * TanStack Query, the client data layer (DESIGN §2). Public pages load it only when they first need client data
 * (a signed-in heart, a header search, a discovery page turn), so it is not part of their first-load JavaScript;
 * the dashboard and the auth pages provide it through components/providers/QueryProvider.tsx.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Spec §9: cached query data is kept 60 seconds after its last use.
        gcTime: QUERY_GC_MS,
        refetchOnWindowFocus: false,
        // HTTP answers (401 is handled by the client, 4xx are final) are not retried; network trouble once.
        retry: (failures, error) => !(isApiError(error) && error.kind === "HTTP") && failures < 1,
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/** One client per browser tab, shared by every island and provider; a new one per server render (never shared). */
export function getQueryClient(): QueryClient {
  if (typeof window === "undefined") return makeQueryClient();
  return (browserClient ??= makeQueryClient());
}
