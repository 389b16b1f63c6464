"use client";

import { RotateCcw, Search, X } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from "react";
import { GENRES, SortBy } from "@/db/schema/enums";
import { Link } from "@/i18n/navigation";
import { SEARCH_DEBOUNCE_MS } from "@/lib/constants";
import { GRID_COVER_SIZES } from "@/lib/media-url";
import { discoveryQuery, parseDiscoveryParams, sameDiscoveryParams, type DiscoveryParams } from "@/lib/discovery-params";
import { type CataloguePage } from "./discovery-fetch";
import { shownRange } from "@/lib/pagination";
import { MangaCard, MangaCardSkeleton, type PreviewBase } from "@/components/manga/MangaCard";
import { Pagination, isPlainClick } from "./Pagination";
import { SortSelect } from "./SortSelect";

/**
 * The discovery catalogue (spec §2). The server renders the first page into the HTML; after that the browser turns
 * pages, sorts, filters and searches itself through PaginatedManga (TanStack Query, spec §9 cache times, loaded on the
 * first change: ./discovery-query.ts), keeping
 * page, sort, search and genre in the URL so every state can be shared, reloaded and indexed.
 */
export function DiscoveryCatalogue({
  initial,
  initialParams,
  renderedAt,
  previewBase = "/discovery/manga",
}: {
  initial: CataloguePage;
  initialParams: DiscoveryParams;
  renderedAt: number;
  previewBase?: PreviewBase;
}) {
  const t = useTranslations("discovery");
  const tm = useTranslations("manga");
  const tg = useTranslations("genres");
  const locale = useLocale();
  const searchParams = useSearchParams();
  const params = useMemo(() => parseDiscoveryParams(Object.fromEntries(searchParams.entries())), [searchParams]);
  const listTop = useRef<HTMLDivElement>(null);

  /** Updates the URL without a server round trip; Next keeps useSearchParams in step (and Back works). */
  const navigate = useCallback(
    (next: Partial<DiscoveryParams>, mode: "push" | "replace" = "push") => {
      const merged = { ...params, ...next };
      const url = `${window.location.pathname}${discoveryQuery(merged)}`;
      if (mode === "push") window.history.pushState(null, "", url);
      else window.history.replaceState(null, "", url);
    },
    [params],
  );

  // Search box: typed text is applied 300 ms after the last key stroke, trimmed, from page 1 (spec §2, §5, §9).
  const [text, setText] = useState(params.search);
  const applied = useRef(params.search);
  useEffect(() => {
    // The URL changed from outside (Back, a header search): show its search text.
    if (params.search !== applied.current) {
      applied.current = params.search;
      setText(params.search);
    }
  }, [params.search]);
  useEffect(() => {
    const term = text.trim().slice(0, 100);
    if (term === applied.current) return;
    const timer = setTimeout(() => {
      applied.current = term;
      navigate({ search: term, page: 1 }, "replace");
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, navigate]);

  // The page shown: the server's until the URL asks for another, then each page as it arrives (the previous one stays,
  // dimmed, meanwhile). `failed` keeps the params that could not be read, for the retry button.
  const [shown, setShown] = useState<{ params: DiscoveryParams; data: CataloguePage | null }>({ params: initialParams, data: initial });
  const [attempt, setAttempt] = useState(0);
  const wanted = sameDiscoveryParams(params, shown.params);
  const loading = !wanted || attempt > 0;
  useEffect(() => {
    if (sameDiscoveryParams(params, shown.params) && attempt === 0) return;
    let live = true;
    void import("./discovery-query")
      .then((q) => {
        q.seedDiscoveryPage(initialParams, initial, renderedAt);
        return q.readDiscoveryPage(params, locale);
      })
      .then(
        (data) => live && setShown({ params, data }),
        () => live && setShown({ params, data: null }),
      )
      .finally(() => live && setAttempt(0));
    return () => {
      live = false;
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
  const data = shown.data;

  const goToPage = (page: number) => {
    navigate({ page });
    listTop.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };
  const chipClick = (genre: DiscoveryParams["genre"]) => (e: MouseEvent) => {
    if (!isPlainClick(e)) return;
    e.preventDefault();
    navigate({ genre, page: 1 });
  };
  const hrefFor = (p: Partial<DiscoveryParams>) => `${previewBase.replace(/\/manga$/, "")}${discoveryQuery({ ...params, ...p })}`;

  const chip = "shrink-0 rounded-full border px-3 py-1.5 text-sm font-semibold transition";
  const chipOn = "border-brand-600 bg-brand-600 text-white";
  const chipOff = "border-zinc-200 hover:border-brand-500 hover:text-brand-600 dark:border-zinc-700 dark:hover:text-brand-400";

  return (
    <div className="flex flex-col gap-8">
      <div className="px-4 sm:px-6 lg:px-8">
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <form
            role="search"
            method="get"
            className="relative w-full sm:max-w-md"
            onSubmit={(e) => {
              e.preventDefault();
              const term = text.trim().slice(0, 100);
              applied.current = term;
              navigate({ search: term, page: 1 }, "replace");
            }}
          >
            <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
            <input
              type="search"
              name="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={100}
              autoComplete="off"
              placeholder={t("searchPlaceholder")}
              aria-label={t("searchPlaceholder")}
              className="h-11 w-full rounded-full border border-zinc-200 bg-white ps-9 pe-10 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 dark:border-zinc-700 dark:bg-zinc-900 [&::-webkit-search-cancel-button]:hidden"
            />
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
            {params.genre && <input type="hidden" name="genre" value={params.genre} />}
            {params.sort !== SortBy.Popularity && <input type="hidden" name="sort" value={params.sort} />}
          </form>
          <SortSelect value={params.sort} busy={loading} onChange={(sort) => navigate({ sort, page: 1 })} />
        </div>
        <nav aria-label={t("genreLabel")} className="scroll-row -mx-4 mt-4 flex gap-2 overflow-x-auto px-4 pb-1">
          <Link href={hrefFor({ genre: null, page: 1 })} onClick={chipClick(null)} scroll={false} className={`${chip} ${params.genre ? chipOff : chipOn}`} aria-current={params.genre ? undefined : "page"}>
            {t("allGenres")}
          </Link>
          {GENRES.map((g) => (
            <Link key={g} href={hrefFor({ genre: g, page: 1 })} onClick={chipClick(g)} scroll={false} className={`${chip} ${params.genre === g ? chipOn : chipOff}`} aria-current={params.genre === g ? "page" : undefined}>
              {tg(g)}
            </Link>
          ))}
        </nav>
      </div>

      <section aria-labelledby="results-summary" aria-busy={loading} className="px-4 sm:px-6 lg:px-8">
        <div ref={listTop} className="scroll-mt-24" aria-hidden />
        {!data ? (
          !loading ? (
            <div role="alert" className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-zinc-300 p-12 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
              <p id="results-summary">{tm("failed")}</p>
              <button type="button" onClick={() => setAttempt((n) => n + 1)} className="inline-flex items-center gap-2 rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
                <RotateCcw className="size-4" aria-hidden />
                {t("retry")}
              </button>
            </div>
          ) : (
            <>
              <p id="results-summary" className="mb-4 h-5 text-sm text-zinc-500" role="status">{t("loading")}</p>
              <div className="grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
                {Array.from({ length: 10 }, (_, i) => <MangaCardSkeleton key={i} />)}
              </div>
            </>
          )
        ) : data.totalDisplayRecords === 0 ? (
          <p id="results-summary" className="rounded-2xl border border-dashed border-zinc-300 p-12 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
            {params.search ? t("noResults", { query: params.search }) : t("noManga")}
          </p>
        ) : (
          <Results data={data} loading={loading} previewBase={previewBase} onNavigate={goToPage} hrefFor={(page) => hrefFor({ page })} />
        )}
      </section>
    </div>
  );
}

function Results({
  data,
  loading,
  previewBase,
  onNavigate,
  hrefFor,
}: {
  data: CataloguePage;
  loading: boolean;
  previewBase: PreviewBase;
  onNavigate: (page: number) => void;
  hrefFor: (page: number) => string;
}) {
  const t = useTranslations("discovery");
  const { from, to } = shownRange(data.pageNumber, data.pageSize, data.totalDisplayRecords);
  return (
    <>
      <p id="results-summary" className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
        {t("showing", { from, to, total: data.totalDisplayRecords })}
        {data.totalDisplayRecords < data.totalRecords && <> {t("filtered", { total: data.totalRecords })}</>}
      </p>
      <div className="relative">
        <div className={`catalogue-grid grid grid-cols-2 gap-x-4 gap-y-6 transition-opacity sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5 ${loading ? "opacity-40" : ""}`}>
          {data.items.map((m) => (
            <MangaCard key={m.id} manga={m} previewBase={previewBase} sizes={GRID_COVER_SIZES} />
          ))}
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
      <div className="mt-10">
        <Pagination page={data.pageNumber} totalPages={data.totalPages} hrefFor={hrefFor} onNavigate={onNavigate} />
      </div>
    </>
  );
}
