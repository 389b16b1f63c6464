import type { Translate } from "@/i18n/format";
import { Link } from "@/i18n/navigation";
import { discoveryPath, hasAdvancedFilters, type DiscoveryParams } from "@/lib/discovery-params";
import { GRID_COVER_SIZES } from "@/lib/media-url";
import { shownRange } from "@/lib/pagination";
import { MangaCard, type CardTexts, type PreviewBase } from "@/components/manga/MangaCard";
import type { CataloguePage } from "./discovery-fetch";
import { Pagination } from "@/components/ui/Pagination";
import { buttonClass } from "@/components/ui/Button";

const emptyBox = "flex flex-col items-center gap-4 rounded-2xl border border-dashed border-zinc-300 p-12 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400";
const emptyAction = buttonClass({ size: "sm", pill: true });

/**
 * One page of the discovery catalogue (spec §2): "Showing X to Y of Z results" (and "(filtered from Z total)"), the
 * grid and the pagination, or the empty text (naming the genre filter, with a link to every genre), or, for a page
 * past the last one, a link to the last page. No hooks and no handlers: the server renders the first page with it
 * and the browser the pages it turns to (./discovery-live.tsx); DiscoveryCatalogue handles the pagination's clicks.
 */
export function CatalogueResults({ data, params, previewBase, cardTexts, genreName, t }: {
  data: CataloguePage;
  /** What was asked for (its search text is quoted by the empty text). */
  params: DiscoveryParams;
  previewBase: PreviewBase;
  cardTexts: CardTexts;
  /** The chosen genre's name in the page's language (null: all genres). */
  genreName: string | null;
  /** Over the "discovery" namespace. */
  t: Translate;
}) {
  if (data.totalDisplayRecords === 0) {
    const { search } = params;
    const text = genreName
      ? search
        ? t("noResultsInGenre", { genre: genreName, query: search })
        : t("noMangaInGenre", { genre: genreName })
      : hasAdvancedFilters(params)
        ? t("noFiltered")
        : search
          ? t("noResults", { query: search })
          : t("noManga");
    return (
      <div className={emptyBox}>
        <p id="results-summary">{text}</p>
        {/* Nothing in this genre: the same search (or browsing) over every genre is one click away. */}
        {genreName && (
          <Link href={discoveryPath(previewBase, { ...params, genres: [], page: 1 })} scroll={false} data-page={1} data-all-genres="" className={emptyAction}>
            {t(search ? "searchAllGenres" : "showAllGenres")}
          </Link>
        )}
      </div>
    );
  }
  if (data.items.length === 0) {
    // A page number past the last page (an old link, a hand-edited URL): say so and offer the last page.
    const last = Math.max(1, data.totalPages);
    return (
      <div className={emptyBox}>
        <p id="results-summary">{t("pastEnd")}</p>
        <Link href={discoveryPath(previewBase, { ...params, page: last })} scroll={false} data-page={last} className={emptyAction}>
          {t("goToPage", { page: last })}
        </Link>
      </div>
    );
  }
  const { from, to } = shownRange(data.pageNumber, data.pageSize, data.totalDisplayRecords);
  return (
    <>
      <p id="results-summary" className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
        {t("showing", { from, to, total: data.totalDisplayRecords })}
        {data.totalDisplayRecords < data.totalRecords && <> {t("filtered", { total: data.totalRecords })}</>}
      </p>
      <div className="catalogue-grid grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
        {data.items.map((m) => (
          <MangaCard key={m.id} manga={m} texts={cardTexts} previewBase={previewBase} sizes={GRID_COVER_SIZES} />
        ))}
      </div>
      <div className="mt-10">
        <Pagination page={data.pageNumber} totalPages={data.totalPages} hrefFor={(page) => discoveryPath(previewBase, { ...params, page })} t={t} />
      </div>
    </>
  );
}
