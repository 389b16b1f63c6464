import type { Translate } from "@/i18n/format";
import { discoveryPath, type DiscoveryParams } from "@/lib/discovery-params";
import { GRID_COVER_SIZES } from "@/lib/media-url";
import { shownRange } from "@/lib/pagination";
import { MangaCard, type CardTexts, type PreviewBase } from "@/components/manga/MangaCard";
import type { CataloguePage } from "./discovery-fetch";
import { Pagination } from "./Pagination";

/**
 * One page of the discovery catalogue (spec §2): "Showing X to Y of Z results" (and "(filtered from Z total)"), the
 * grid and the pagination, or the empty text. No hooks and no handlers: the server renders the first page with it
 * and the browser the pages it turns to (./discovery-live.tsx); DiscoveryCatalogue handles the pagination's clicks.
 */
export function CatalogueResults({ data, params, previewBase, cardTexts, t }: {
  data: CataloguePage;
  /** What was asked for (its search text is quoted by the empty text). */
  params: DiscoveryParams;
  previewBase: PreviewBase;
  cardTexts: CardTexts;
  /** Over the "discovery" namespace. */
  t: Translate;
}) {
  if (data.totalDisplayRecords === 0) {
    return (
      <p id="results-summary" className="rounded-2xl border border-dashed border-zinc-300 p-12 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
        {params.search ? t("noResults", { query: params.search }) : t("noManga")}
      </p>
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
