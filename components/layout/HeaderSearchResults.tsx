"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale, useTexts } from "@/i18n/client";
import { Status } from "@/lib/enums";
import { apiRequest } from "@/lib/api-client";
import { MANGA_LIST_STALE_MS, QUERY_GC_MS, SEARCH_DEBOUNCE_MS } from "@/lib/constants";
import { mediaVariantUrl } from "@/lib/media-url";
import { getQueryClient } from "@/lib/query-client";
import type { MangaListItem, Paged } from "@/server/manga/list-manga";
import { PreviewLink } from "@/components/manga/PreviewLink";
import { useDebounced } from "@/components/ui/use-debounced";
import { Badge } from "@/components/ui/Badge";
import { matchedField } from "@/lib/search-match";
import { resultsBoxClass, Searching } from "./search-status";

/**
 * Spec §2, §7, §9: results for the trimmed text 300 ms after the last key stroke, page 1 with as many items as
 * the box shows, accepted manga with accepted chapters; nothing is asked for empty text.
 */
function useHeaderSearch(text: string, limit: number) {
  const locale = useLocale();
  const typed = text.trim().slice(0, 100);
  const term = useDebounced(typed, SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ["manga-list", "header-search", term, limit],
    queryFn: ({ signal }) =>
      apiRequest<Paged<MangaListItem>>("/api/manga/PaginatedManga", {
        query: {
          page: 1,
          pageSize: limit,
          searchTerm: term,
          "Filters.MangaStatusTypes": Status.Accepted,
          "Filters.ChapterStatusTypes": Status.Accepted,
          imageFormat: "url",
        },
        signal,
        locale,
        session: null,
      }),
    enabled: term !== "",
    staleTime: MANGA_LIST_STALE_MS,
    gcTime: QUERY_GC_MS,
    refetchOnReconnect: true,
  }, getQueryClient());
  const settled = typed === term;
  return {
    typed,
    term,
    searching: typed !== "" && (!settled || query.isPending || (query.isFetching && !query.data)),
    items: settled && query.data ? query.data.items.slice(0, limit) : [],
    empty: settled && typed !== "" && query.isSuccess && query.data.items.length === 0,
    failed: settled && query.isError,
  };
}

/** Why a result whose title does not hold the term is listed: its author's name or its description. */
function MatchHint({ title, author, term }: { title: string; author: string | null; term: string }) {
  const t = useTexts("search");
  const field = matchedField(title, author, term);
  if (field === "title") return null;
  return (
    <Badge className="mt-1" testId="search-match-hint">
      {t(field === "author" ? "matchedAuthor" : "matchedDescription")}
    </Badge>
  );
}

/**
 * The results under the header's search box (loaded with TanStack Query on the first key stroke, so neither is part
 * of a page's first load).
 */
export default function SearchResults({ text, limit, onPick, id, fill = false }: { text: string; limit: number; onPick: () => void; id: string; fill?: boolean }) {
  const t = useTexts("search");
  const tm = useTexts("manga");
  const state = useHeaderSearch(text, limit);
  if (state.typed === "") return null;
  return (
    <div id={id} className={resultsBoxClass(fill)} aria-live="polite" data-testid="search-results">
      {state.searching ? (
        <Searching />
      ) : state.failed ? (
        <p role="status" className="px-4 py-3 text-sm text-zinc-500">{tm("failed")}</p>
      ) : state.empty ? (
        <p role="status" className="px-4 py-3 text-sm text-zinc-500">{t("noResults", { query: state.typed })}</p>
      ) : (
        <ul aria-label={t("results")}>
          {state.items.map((m) => (
            <li key={m.id}>
              <PreviewLink
                mangaId={m.id}
                onClick={onPick}
                data-search-result
                className="flex items-center gap-3 px-4 py-2 outline-none transition hover:bg-zinc-100 focus-visible:bg-zinc-100 dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-800"
              >
                <span className="relative h-14 w-10 shrink-0 overflow-hidden rounded-md bg-zinc-200 dark:bg-zinc-800">
                  {m.coverImageUrl && (
                    // eslint-disable-next-line @next/next/no-img-element -- immutable media URL, thumbnail size
                    <img src={mediaVariantUrl(m.coverImageUrl, 160)} alt="" width={40} height={56} loading="lazy" decoding="async" className="size-full object-cover" />
                  )}
                </span>
                <span className="min-w-0">
                  <span className="block truncate text-sm font-semibold">{m.title}</span>
                  <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{tm("by", { author: m.user.username ?? tm("unknownAuthor") })}</span>
                  <MatchHint title={m.title} author={m.user.username} term={state.term} />
                </span>
              </PreviewLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

