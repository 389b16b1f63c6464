"use client";

import { useCallback, useEffect, useRef } from "react";
import { READER } from "@/lib/reader-constants";
import type { MenuChapter } from "./ChapterMenu";
import { sourcesFor, type FitMode, type ReaderPage, type ViewMode } from "./reader-utils";
import type { ReaderApi } from "./use-reader-api";

type Layout = { fit: FitMode; perRow: number; span?: number };

/**
 * Image preloading (owns: the images already asked for, so each candidate the page will show is downloaded once).
 * The image chosen is exactly the one the page will pick: the same `<picture>` sources, srcset and sizes (see sourcesFor).
 */
export function useImagePreload(zoom: number, dataSaver: boolean) {
  const preloaded = useRef(new Map<string, HTMLImageElement>());
  return useCallback(
    (page: ReaderPage, layout: Layout) => {
      const sources = sourcesFor(page, { zoom, dataSaver, ...layout });
      const key = `${sources.avifSrcSet ?? ""}|${sources.srcSet ?? sources.src}|${sources.sizes ?? ""}`;
      if (preloaded.current.has(key)) return;
      const img = new Image();
      // A detached <picture> chooses like the page's: its AVIF source first when the browser takes AVIF.
      if (sources.avifSrcSet) {
        const picture = document.createElement("picture");
        const source = document.createElement("source");
        source.type = "image/avif";
        source.srcset = sources.avifSrcSet;
        if (sources.sizes) source.sizes = sources.sizes;
        picture.append(source, img);
      }
      img.decoding = "async";
      if (sources.sizes) img.sizes = sources.sizes;
      if (sources.srcSet) img.srcset = sources.srcSet;
      img.src = sources.src;
      preloaded.current.set(key, img);
    },
    [zoom, dataSaver],
  );
}

/**
 * Paged views (owns: loading what is on screen now, and fetching the next step and preloading its images after
 * 300 ms, spec §7).
 */
export function usePagedPrefetch(opts: {
  view: ViewMode;
  atEnd: boolean;
  /** The pages on screen, and those of the next screen (none at the chapter's end). */
  first: number;
  last: number;
  nextScreen: readonly number[] | null;
  step: number;
  /** How a page lays out on its screen (pages side by side, a spread's span). */
  layoutOf: (pageNumber: number, screen: readonly number[]) => Layout;
  loadPages: (from: number, to: number, size: number) => Promise<ReaderPage[]>;
  preload: (page: ReaderPage, layout: Layout) => void;
}) {
  const { view, atEnd, first, last, nextScreen, step, layoutOf, loadPages, preload } = opts;
  const nextFrom = nextScreen?.[0] ?? 0;
  const nextTo = nextScreen?.[nextScreen.length - 1] ?? 0;
  useEffect(() => {
    if (view === "vertical" || atEnd) return;
    void loadPages(first, last, step);
    if (!nextScreen) return;
    const timer = window.setTimeout(() => {
      void loadPages(nextFrom, nextTo, step).then((next) => next.forEach((p) => preload(p, layoutOf(p.pageNumber, nextScreen))));
    }, READER.prefetchDelayMs);
    return () => window.clearTimeout(timer);
    // nextScreen is new on every render; its first and last page say what it is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view, atEnd, first, last, nextFrom, nextTo, step, layoutOf, loadPages, preload]);
}

/**
 * The next chapter (owns: fetching and preloading its first page near the end of this one, unless it is premium;
 * its route is prefetched by the end card's link).
 */
export function useNextChapterPreload(opts: {
  api: ReaderApi;
  nextChapter: MenuChapter | undefined;
  nearEnd: boolean;
  view: ViewMode;
  fit: FitMode;
  preload: (page: ReaderPage, layout: Layout) => void;
}) {
  const { api, nextChapter, nearEnd, view, fit, preload } = opts;
  useEffect(() => {
    if (!nearEnd || !nextChapter || nextChapter.isPremium) return;
    let cancelled = false;
    void api
      .fetchPages(nextChapter.id, 0, 1, 1)
      .then((items) => {
        if (!cancelled) items.forEach((p) => preload(p, { fit: view === "vertical" ? "width" : fit, perRow: view === "double" ? 2 : 1 }));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [nearEnd, nextChapter, api, preload, view, fit]);
}
