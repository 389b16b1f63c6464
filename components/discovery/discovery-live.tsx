"use client";

import type { ComponentProps } from "react";
import { useTexts } from "@/i18n/client";
import { hasAdvancedFilters } from "@/lib/discovery-params";
import { RotateCcw } from "@/components/icons/ui";
import { Button } from "@/components/ui/Button";
import { CatalogueResults } from "./CatalogueResults";
import { SkeletonGrid } from "./CatalogueSkeleton";

export { readDiscoveryPage } from "./discovery-query";

/**
 * What the discovery catalogue loads on its first page turn (not part of the page's first load, ADR 010): the
 * TanStack Query reader of pages, the results view for the pages the browser reads, and what shows when one could
 * not be read.
 */
export function LiveResults(props: Omit<ComponentProps<typeof CatalogueResults>, "t" | "genreName">) {
  const t = useTexts("discovery");
  const tg = useTexts("genres");
  return <CatalogueResults {...props} genreName={props.params.genres.length === 1 && !hasAdvancedFilters(props.params) ? tg(props.params.genres[0]!) : null} t={t} />;
}

/** A page that could not be read: "Failed to load manga" and a retry button; card skeletons while retrying. */
export function LiveFailure({ loading, onRetry }: { loading: boolean; onRetry: () => void }) {
  const t = useTexts("discovery");
  const tm = useTexts("manga");
  if (loading) {
    return (
      <>
        <p id="results-summary" className="mb-4 h-5 text-sm text-zinc-500" role="status">{t("loading")}</p>
        <SkeletonGrid />
      </>
    );
  }
  return (
    <div role="alert" className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-zinc-300 p-12 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
      <p id="results-summary">{tm("failed")}</p>
      <Button size="sm" onClick={onRetry} icon={<RotateCcw className="size-4" />}>
        {t("retry")}
      </Button>
    </div>
  );
}
