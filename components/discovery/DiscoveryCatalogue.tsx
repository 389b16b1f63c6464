"use client";

import { useRef, useState, type MouseEvent, type ReactNode, type SyntheticEvent } from "react";
import { useTexts } from "@/i18n/client";
import type { CardTexts, PreviewBase } from "@/components/manga/MangaCard";
import type { DiscoveryParams } from "@/lib/discovery-params";
import { isPlainClick, type EarlyMoves, type LiveView } from "./catalogue-dom";

type Live = typeof import("./catalogue-live");

/**
 * The discovery catalogue (spec §2): the controls (server-rendered CatalogueControls), the advanced filters beside the
 * results on wide screens, and the results, whose first page the server rendered (`children`). After that the browser
 * turns pages, sorts and searches itself (./catalogue-live.tsx: TanStack Query, spec §9 cache times), keeping page,
 * sort, search and genre in the URL so every state can be shared, reloaded and indexed.
 *
 * This shell is all of it in the page's first load (ADR 010): the live code loads with the visitor's first move over
 * the catalogue (a pointer over it, a focus, a key, a touch) and takes over the controls where they are, so nothing
 * is swapped under a finger or a caret. What is done before it has loaded waits for it: a submitted search, a page
 * turn, a cleared box; text typed and an order chosen are read from the controls themselves when it starts.
 */
export function DiscoveryCatalogue({ initialParams, cardTexts, previewBase = "/discovery/manga", controls, panel, children }: {
  /** The page the server rendered (`children`). */
  initialParams: DiscoveryParams;
  cardTexts: CardTexts;
  previewBase?: PreviewBase;
  /** The search, sort, genre chips and the filters in force (server-rendered CatalogueControls). */
  controls: ReactNode;
  /** The advanced filters (server-rendered FilterPanel), beside the results on wide screens. */
  panel?: ReactNode;
  children: ReactNode;
}) {
  const t = useTexts("discovery");
  const root = useRef<HTMLDivElement>(null);
  const [live, setLive] = useState<Live | null>(null);
  const [view, setView] = useState<LiveView>({ server: true, loading: false });
  const early = useRef<EarlyMoves>({});
  const waking = useRef(false);
  const wake = () => {
    if (waking.current) return;
    waking.current = true;
    void import("./catalogue-live").then(
      (module) => setLive(() => module),
      () => (waking.current = false),
    );
  };
  const takeEarlyMoves = () => {
    const moves = early.current;
    early.current = {};
    return moves;
  };
  // Before the live code runs, the moves it cannot pick up from the controls are kept for it.
  const onSubmit = (e: SyntheticEvent) => {
    if (live || !(e.target as Element).matches('[data-catalogue="search"]')) return;
    e.preventDefault();
    early.current.submitted = true;
    wake();
  };
  const onClick = (e: MouseEvent) => {
    wake();
    if (live || !isPlainClick(e)) return;
    const target = e.target as Element;
    const page = target.closest?.<HTMLAnchorElement>("section a[data-page]");
    if (page && page.dataset.allGenres === undefined) {
      e.preventDefault();
      if (page.getAttribute("aria-disabled") !== "true") early.current.page = Number(page.dataset.page);
    } else if (target.closest?.('[data-catalogue="clear-search"]')) {
      const box = root.current?.querySelector<HTMLInputElement>('[data-catalogue="search"] input[name="search"]');
      if (box) box.value = "";
    }
  };

  return (
    <div ref={root} className="flex flex-col gap-8" onPointerOverCapture={wake} onTouchStartCapture={wake} onFocusCapture={wake} onKeyDownCapture={wake} onChangeCapture={wake} onSubmitCapture={onSubmit} onClickCapture={onClick}>
      {controls}
      <div className={panel ? "px-4 sm:px-6 lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:items-start lg:gap-8 lg:px-8" : "px-4 sm:px-6 lg:px-8"}>
        {panel && (
          <aside aria-labelledby="filters-heading" className="hidden rounded-2xl border border-zinc-200 p-5 lg:sticky lg:top-24 lg:block dark:border-zinc-800">
            <h2 id="filters-heading" className="mb-4 text-lg font-bold">{t("filters.title")}</h2>
            {panel}
          </aside>
        )}
        <section aria-labelledby="results-summary" aria-busy={view.loading} className="min-w-0">
          <div data-catalogue="list-top" className="scroll-mt-24" aria-hidden />
          <div className="relative">
            <div className={`transition-opacity ${view.loading ? "opacity-40" : ""}`}>
              {view.server && children}
              {live && <live.LiveCatalogue root={root} initialParams={initialParams} cardTexts={cardTexts} previewBase={previewBase} takeEarlyMoves={takeEarlyMoves} onView={setView} />}
            </div>
            {view.loading && (
              <div role="status" className="absolute inset-x-0 top-8 flex justify-center">
                <span className="flex items-center gap-3 rounded-full bg-white/95 px-4 py-2 text-sm font-semibold text-zinc-700 shadow-lg ring-1 ring-zinc-900/5 dark:bg-zinc-900/95 dark:text-zinc-200">
                  <span aria-hidden className="size-5 animate-spin rounded-full border-[3px] border-zinc-200 border-t-brand-600 dark:border-zinc-700 dark:border-t-brand-500" />
                  {t("loading")}
                </span>
              </div>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
