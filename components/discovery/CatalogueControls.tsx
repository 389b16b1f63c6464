import type { ReactNode } from "react";
import type { Translate } from "@/i18n/format";
import { Link } from "@/i18n/navigation";
import { ArrowDownUp, ChevronDown, Search, X } from "@/components/icons/ui";
import { GENRES, SortBy, type Genre } from "@/lib/enums";
import { escapeHtml } from "@/lib/escape-html";
import { defaultSort, discoveryPath, RELEVANCE, type DiscoveryParams, type DiscoverySort, type PreviewBase } from "@/lib/discovery-params";

// Off the kit on purpose: the kit's Button module would add ~600 B gzip to every public page's first load (issue 29; every public page is within a few hundred bytes of its budget, tests/e2e/page-weight.spec.ts).

const SORTS: DiscoverySort[] = Object.values(SortBy);

/**
 * The catalogue's controls above the results (spec §2): the search box, the filters' sheet button, the sort and the
 * genre chips, then the filters in force. Server-rendered plain HTML that works without JavaScript (a GET search form,
 * links); the browser's behaviour (search as you type, sort, client paging) is ./catalogue-live.tsx, loaded with the
 * visitor's first move over the catalogue (./DiscoveryCatalogue.tsx), so none of it is in the page's first load.
 * The live code finds the controls by their `data-catalogue` names.
 */
export function CatalogueControls({ params, previewBase, sheet, activeFilters, t, ts, tg }: {
  params: DiscoveryParams;
  previewBase: PreviewBase;
  sheet?: ReactNode;
  activeFilters?: ReactNode;
  t: Translate;
  /** The "search" texts (the submit button's name). */
  ts: Translate;
  tg: (genre: Genre) => string;
}) {
  const hrefFor = (p: Partial<DiscoveryParams>) => discoveryPath(previewBase, { ...params, ...p });
  return (
    <div className="px-4 sm:px-6 lg:px-8">
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchForm params={params} t={t} ts={ts} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          {sheet}
          <SortSelect params={params} t={t} />
        </div>
      </div>
      {/* The genre chips: real links (shareable, indexable), opened by client navigation so the server renders the
          filter panel for the new URL too (one genre, keeping the other filters). */}
      <nav aria-label={t("genreLabel")} data-catalogue="genres" className="scroll-row -mx-4 mt-4 flex gap-2 overflow-x-auto px-4 pb-1">
        {[null, ...GENRES].map((g) => {
          const on = g ? params.genres.length === 1 && params.genres[0] === g : params.genres.length === 0;
          return (
            <Link key={String(g)} href={hrefFor({ genres: g ? [g] : [], exclude: params.exclude.filter((x) => x !== g), page: 1 })} scroll={false} className={`${chip} ${on ? chipOn : chipOff}`} aria-current={on ? "page" : undefined}>
              {g ? tg(g) : t("allGenres")}
            </Link>
          );
        })}
      </nav>
      {activeFilters && <div data-catalogue="active-filters">{activeFilters}</div>}
    </div>
  );
}

/**
 * The search box (with JavaScript, typed text is applied 300 ms after the last key stroke, trimmed, from page 1: spec
 * §2, §5, §9), its submit magnifier and clear button (shown while there is text), and the filters and the order kept
 * for a plain GET.
 */
function SearchForm({ params, t, ts }: { params: DiscoveryParams; t: Translate; ts: Translate }) {
  return (
    <form role="search" method="get" data-catalogue="search" className="relative w-full sm:max-w-md">
      <input
        type="search"
        name="search"
        defaultValue={params.search}
        maxLength={100}
        autoComplete="off"
        placeholder={t("searchPlaceholder")}
        aria-label={t("searchPlaceholder")}
        className="peer h-11 w-full rounded-full border border-zinc-200 bg-white ps-11 pe-10 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 dark:border-zinc-700 dark:bg-zinc-900 [&::-webkit-search-cancel-button]:hidden"
      />
      {/* A real submit button (HTML_CodeSniffer H32; Enter works too): the magnifier, a 44 px target. */}
      <button type="submit" aria-label={ts("submit")} className="absolute start-0 top-0 grid size-11 place-items-center rounded-full text-zinc-500 hover:text-brand-600">
        <Search className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        data-catalogue="clear-search"
        aria-label={t("clearSearch")}
        className="absolute end-2 top-1/2 grid size-7 -translate-y-1/2 place-items-center rounded-full text-zinc-500 peer-placeholder-shown:hidden hover:bg-zinc-100 dark:hover:bg-zinc-800"
      >
        <X className="size-4" aria-hidden />
      </button>
      {params.genres.map((g) => <input key={g} type="hidden" name="genre" value={g} />)}
      {params.exclude.map((g) => <input key={`x-${g}`} type="hidden" name="exclude" value={g} />)}
      {params.lang && <input type="hidden" name="lang" value={params.lang} />}
      {params.publicationStatus && <input type="hidden" name="status" value={params.publicationStatus} />}
      {params.access && <input type="hidden" name="access" value={params.access} />}
      {params.minChapters && <input type="hidden" name="chapters" value={params.minChapters} />}
      {params.updatedWithin && <input type="hidden" name="updated" value={params.updatedWithin} />}
      {/* An order the visitor chose; the default one (most popular, or best match) is the new search's default. */}
      {params.sort !== defaultSort(params.search) && <input type="hidden" name="sort" value={params.sort} />}
    </form>
  );
}

/**
 * The order: a native select, so it closes on choice, works with the keyboard and fits every phone. With a search it
 * offers "Best match" (relevance) first, the search's default order (the live code adds and removes that option as
 * the search changes).
 */
function SortSelect({ params, t }: { params: DiscoveryParams; t: Translate }) {
  return (
    <label className="relative inline-flex items-center gap-2 text-sm font-semibold">
      <span className="text-zinc-500 dark:text-zinc-400">{t("sortLabel")}</span>
      <span className="relative">
        <ArrowDownUp className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
        {/* The options are HTML the live code may change (it adds and removes "Best match"), not React's children. */}
        <select
          name="sort"
          data-catalogue="sort"
          data-relevance-label={t("sort.relevance")}
          className="h-10 appearance-none rounded-full border border-zinc-200 bg-white ps-9 pe-9 font-semibold outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 dark:border-zinc-700 dark:bg-zinc-900"
          dangerouslySetInnerHTML={{ __html: sortOptions(params, t) }}
        />
        <ChevronDown className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
      </span>
    </label>
  );
}

/** The order's options as HTML, the page's one selected. */
function sortOptions(params: DiscoveryParams, t: Translate): string {
  const values: DiscoverySort[] = params.search ? [RELEVANCE, ...SORTS] : SORTS;
  return values
    .map((o) => `<option value="${o}"${o === params.sort ? " selected" : ""}>${escapeHtml(t(o === RELEVANCE ? "sort.relevance" : `sort.${o}`))}</option>`)
    .join("");
}

const chip = "shrink-0 rounded-full border px-3 py-1.5 text-sm font-semibold transition";
const chipOn = "border-brand-600 bg-brand-600 text-white";
const chipOff = "border-zinc-200 hover:border-brand-500 hover:text-brand-600 dark:border-zinc-700 dark:hover:text-brand-400";
