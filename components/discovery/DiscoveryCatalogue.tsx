"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { GENRES } from "@/lib/enums";
import { useLocale, useTexts } from "@/i18n/client";
import { Link } from "@/i18n/navigation";
import { Search, X } from "@/components/icons/ui";
import { SEARCH_DEBOUNCE_MS } from "@/lib/constants";
import { defaultSort, discoveryPath, discoveryQuery, parseDiscoveryParams, sameDiscoveryParams, withDiscoveryParams, type DiscoveryParams } from "@/lib/discovery-params";
import type { CataloguePage } from "./discovery-fetch";
import type { CardTexts, PreviewBase } from "@/components/manga/MangaCard";
import { SortSelect } from "./SortSelect";
import { rawSearchParams } from "./raw-params";

// Off the kit on purpose: the kit's Button module would add ~600 B gzip to every public page's first load (issue 29; every public page is within a few hundred bytes of its budget, tests/e2e/page-weight.spec.ts).

type Live = typeof import("./discovery-live");

/** A plain left click (not a new tab or window): the client may handle it without a page load. */
function isPlainClick(e: MouseEvent): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

type Navigate = (next: Partial<DiscoveryParams>, mode?: "push" | "replace") => void;
type Shown = { params: DiscoveryParams; data?: CataloguePage | null };

/**
 * What is shown: the server-rendered page (`children`) whenever the URL asks for it, otherwise the pages the browser
 * reads (TanStack Query and the results view load with the first turn: ./discovery-live.tsx). The page shown stays,
 * dimmed, while the next one loads; a page that could not be read is `null` (with a retry button).
 */
function useShownPage(params: DiscoveryParams, initialParams: DiscoveryParams) {
  const locale = useLocale();
  const [live, setLive] = useState<Live | null>(null);
  const [shown, setShown] = useState<Shown>({ params: initialParams });
  const [attempt, setAttempt] = useState(0);
  // The server's page cannot fail and is not read again (retries and reconnects are for the pages read here).
  const serverPage = sameDiscoveryParams(params, initialParams);
  // Back on the server's page: it is what stays on screen (dimmed) while the next page loads.
  if (serverPage && shown.data !== undefined) setShown({ params: initialParams });
  const loading = !serverPage && (!sameDiscoveryParams(params, shown.params) || attempt > 0);
  useEffect(() => {
    if (serverPage || (sameDiscoveryParams(params, shown.params) && attempt === 0)) return;
    let current = true;
    void import("./discovery-live")
      .then((module) => {
        if (current) setLive(() => module);
        return module.readDiscoveryPage(params, locale);
      })
      .then(
        (data) => current && setShown({ params, data }),
        () => current && setShown({ params, data: null }),
      )
      .finally(() => current && setAttempt(0));
    return () => {
      current = false;
    };
    // Only a change of the wanted page (or a retry) reads again; `shown` is what the read updates.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params, attempt]);
  // Spec §7: lists are read again on reconnect when they are no longer fresh.
  useEffect(() => {
    const onOnline = () => setAttempt((n) => n + 1);
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, []);
  const retry = () => setAttempt((n) => n + 1);
  return [live, shown, serverPage, loading, retry] as const;
}

/**
 * Clicks in the results, and the scroll of a page turn: it puts the top of the list (`listTop`) in view at once, and
 * again once the new page is in place (a no-op unless the swap of the results moved it). Both are instant: a smooth
 * scroll still running when the results are swapped kept animating toward a stale position (Chromium), now and then
 * ending near the top of the page (CI's paging test).
 */
function useResultsClicks(page: number, navigate: Navigate, shown: Shown, loading: boolean) {
  const listTop = useRef<HTMLDivElement>(null);
  const showListTop = () => listTop.current?.scrollIntoView({ behavior: "instant", block: "start" });
  const scrollToList = useRef(false);
  const goToPage = (next: number) => {
    if (next !== page) {
      navigate({ page: next });
      scrollToList.current = true;
    }
    showListTop();
  };
  useEffect(() => {
    if (!scrollToList.current || loading) return;
    scrollToList.current = false;
    showListTop();
  }, [shown, loading]);
  // The pagination's links (server-rendered or not) carry data-page; a plain click turns the page here instead of
  // loading it (capture phase: before next/link would navigate). The empty text's "every genre" link (data-all-genres)
  // is left to next/link: a change of filters is rendered by the server, filter panel included.
  const onResultsClick = (e: MouseEvent) => {
    const link = (e.target as Element).closest?.<HTMLAnchorElement>("a[data-page]");
    if (!link || !isPlainClick(e) || link.dataset.allGenres !== undefined) return;
    e.preventDefault();
    if (link.getAttribute("aria-disabled") !== "true") goToPage(Number(link.dataset.page));
  };
  return [listTop, onResultsClick] as const;
}

/**
 * The discovery catalogue (spec §2): search box, sort, genre chips and the results. The server renders the first
 * page (`children`, CatalogueResults); after that the browser turns pages, sorts, filters and searches itself through
 * PaginatedManga (TanStack Query, spec §9 cache times, loaded with the first change: ./discovery-live.tsx), keeping
 * page, sort, search and genre in the URL so every state can be shared, reloaded and indexed.
 */
export function DiscoveryCatalogue({
  initialParams,
  cardTexts,
  previewBase = "/discovery/manga",
  panel,
  sheet,
  activeFilters,
  children,
}: {
  /** The page the server rendered (`children`). */
  initialParams: DiscoveryParams;
  cardTexts: CardTexts;
  previewBase?: PreviewBase;
  /** The advanced filters (server-rendered FilterPanel): beside the results on wide screens… */
  panel?: ReactNode;
  /** …and in a sheet below that (FiltersSheet, with its opening button). */
  sheet?: ReactNode;
  /** The filters in force as removable chips (server-rendered ActiveFilters). */
  activeFilters?: ReactNode;
  children: ReactNode;
}) {
  const t = useTexts("discovery");
  const tg = useTexts("genres");
  const searchParams = useSearchParams();
  const params = useMemo(() => parseDiscoveryParams(rawSearchParams(searchParams)), [searchParams]);
  // Updates the URL without a server round trip; Next keeps useSearchParams in step (and Back works).
  const navigate = useCallback(
    (next: Partial<DiscoveryParams>, mode: "push" | "replace" = "push") => {
      const merged = withDiscoveryParams(params, next);
      const url = `${window.location.pathname}${discoveryQuery(merged)}`;
      if (mode === "push") window.history.pushState(null, "", url);
      else window.history.replaceState(null, "", url);
    },
    [params],
  );
  const [live, shown, serverPage, loading, retry] = useShownPage(params, initialParams);
  const [listTop, onResultsClick] = useResultsClicks(params.page, navigate, shown, loading);
  const hrefFor = (p: Partial<DiscoveryParams>) => discoveryPath(previewBase, { ...params, ...p });
  // The filter chips and "Clear all" are the server's links for the page as it loaded; the search and the order may
  // have changed here since, and a click keeps the ones in force now (as the filter panel's form does).
  const router = useRouter();
  const onChipsClick = (e: MouseEvent) => {
    const link = (e.target as Element).closest?.<HTMLAnchorElement>("a[href]");
    if (!link || !isPlainClick(e)) return;
    e.preventDefault();
    const chosen = parseDiscoveryParams(rawSearchParams(new URLSearchParams(link.search)));
    router.push(`${link.pathname}${discoveryQuery({ ...chosen, search: params.search, sort: params.sort })}`, { scroll: false });
  };

  return (
    <div className="flex flex-col gap-8">
      <div className="px-4 sm:px-6 lg:px-8">
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <SearchForm params={params} navigate={navigate} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            {sheet}
            <SortSelect value={params.sort} searching={params.search !== ""} busy={loading} onChange={(sort) => navigate({ sort, page: 1 })} />
          </div>
        </div>
        {/* The genre chips: real links (shareable, indexable), opened by client navigation so the server renders the
            filter panel for the new URL too (one genre, keeping the other filters). */}
        <nav aria-label={t("genreLabel")} className="scroll-row -mx-4 mt-4 flex gap-2 overflow-x-auto px-4 pb-1">
          {[null, ...GENRES].map((g) => {
            const on = g ? params.genres.length === 1 && params.genres[0] === g : params.genres.length === 0;
            return (
              <Link key={String(g)} href={hrefFor({ genres: g ? [g] : [], exclude: params.exclude.filter((x) => x !== g), page: 1 })} scroll={false} className={`${chip} ${on ? chipOn : chipOff}`} aria-current={on ? "page" : undefined}>
                {g ? tg(g) : t("allGenres")}
              </Link>
            );
          })}
        </nav>
        {activeFilters && <div onClickCapture={onChipsClick}>{activeFilters}</div>}
      </div>

      <div className={panel ? "px-4 sm:px-6 lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:items-start lg:gap-8 lg:px-8" : "px-4 sm:px-6 lg:px-8"}>
      {panel && (
        <aside aria-labelledby="filters-heading" className="hidden rounded-2xl border border-zinc-200 p-5 lg:sticky lg:top-24 lg:block dark:border-zinc-800">
          <h2 id="filters-heading" className="mb-4 text-lg font-bold">{t("filters.title")}</h2>
          {panel}
        </aside>
      )}
      <section aria-labelledby="results-summary" aria-busy={loading} onClickCapture={onResultsClick} className="min-w-0">
        <div ref={listTop} className="scroll-mt-24" aria-hidden />
        {shown.data === null && !serverPage && live ? (
          <live.LiveFailure loading={loading} onRetry={retry} />
        ) : (
          <div className="relative">
            <div className={`transition-opacity ${loading ? "opacity-40" : ""}`}>
              {serverPage || !shown.data || !live ? (
                children
              ) : (
                <live.LiveResults data={shown.data} params={shown.params} previewBase={previewBase} cardTexts={cardTexts} />
              )}
            </div>
            {loading && (
              <div role="status" className="absolute inset-x-0 top-8 flex justify-center">
                <span className="flex items-center gap-3 rounded-full bg-white/95 px-4 py-2 text-sm font-semibold text-zinc-700 shadow-lg ring-1 ring-zinc-900/5 dark:bg-zinc-900/95 dark:text-zinc-200">
                  <span aria-hidden className="size-5 animate-spin rounded-full border-[3px] border-zinc-200 border-t-brand-600 dark:border-zinc-700 dark:border-t-brand-500" />
                  {t("loading")}
                </span>
              </div>
            )}
          </div>
        )}
      </section>
      </div>
    </div>
  );
}

/**
 * The search box (typed text is applied 300 ms after the last key stroke, trimmed, from page 1: spec §2, §5, §9), its
 * submit magnifier and clear button, and the genre and sort kept for a plain GET.
 */
function SearchForm({ params, navigate }: { params: DiscoveryParams; navigate: Navigate }) {
  const t = useTexts("discovery");
  const ts = useTexts("search");
  const [text, setText] = useState(params.search);
  const applied = useRef(params.search);
  useEffect(() => {
    // The URL changed from outside (Back, a header search): show its search text.
    if (params.search !== applied.current) {
      applied.current = params.search;
      setText(params.search);
    }
  }, [params.search]);
  const apply = (term: string) => {
    applied.current = term;
    navigate({ search: term, page: 1 }, "replace");
  };
  useEffect(() => {
    const term = text.trim().slice(0, 100);
    if (term === applied.current) return;
    const timer = setTimeout(() => apply(term), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // `apply` changes with `navigate`, which the text's timer follows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, navigate]);
  return (
    <form
      role="search"
      method="get"
      className="relative w-full sm:max-w-md"
      onSubmit={(e) => {
        e.preventDefault();
        apply(text.trim().slice(0, 100));
      }}
    >
      <input
        type="search"
        name="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={100}
        autoComplete="off"
        placeholder={t("searchPlaceholder")}
        aria-label={t("searchPlaceholder")}
        className="h-11 w-full rounded-full border border-zinc-200 bg-white ps-11 pe-10 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 dark:border-zinc-700 dark:bg-zinc-900 [&::-webkit-search-cancel-button]:hidden"
      />
      {/* A real submit button (HTML_CodeSniffer H32; Enter works too): the magnifier, a 44 px target. */}
      <button type="submit" aria-label={ts("submit")} className="absolute start-0 top-0 grid size-11 place-items-center rounded-full text-zinc-500 hover:text-brand-600">
        <Search className="size-4" aria-hidden />
      </button>
      {text && (
        <button
          type="button"
          aria-label={t("clearSearch")}
          onClick={() => setText("")}
          className="absolute end-2 top-1/2 grid size-7 -translate-y-1/2 place-items-center rounded-full text-zinc-500 hover:bg-zinc-100 dark:hover:bg-zinc-800"
        >
          <X className="size-4" aria-hidden />
        </button>
      )}
      {params.genres.map((g) => <input key={g} type="hidden" name="genre" value={g} />)}
      {params.exclude.map((g) => <input key={`x-${g}`} type="hidden" name="exclude" value={g} />)}
      {params.lang && <input type="hidden" name="lang" value={params.lang} />}
      {params.access && <input type="hidden" name="access" value={params.access} />}
      {params.minChapters && <input type="hidden" name="chapters" value={params.minChapters} />}
      {params.updatedWithin && <input type="hidden" name="updated" value={params.updatedWithin} />}
      {/* An order the visitor chose; the default one (most popular, or best match) is the new search's default. */}
      {params.sort !== defaultSort(params.search) && <input type="hidden" name="sort" value={params.sort} />}
    </form>
  );
}

const chip = "shrink-0 rounded-full border px-3 py-1.5 text-sm font-semibold transition";
const chipOn = "border-brand-600 bg-brand-600 text-white";
const chipOff = "border-zinc-200 hover:border-brand-500 hover:text-brand-600 dark:border-zinc-700 dark:hover:text-brand-400";

