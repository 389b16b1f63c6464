"use client";

import { useCallback, useSyncExternalStore } from "react";
import { ReadingDirection } from "@/lib/enums";
import { READER } from "@/lib/reader-constants";
import { batchSize, type FitMode, type ViewMode } from "./reader-utils";
import { getServerPrefs, getPrefs, setPrefs, subscribePrefs, type DirectionChoice, type ReaderPrefs } from "./storage";
import { useMediaQuery } from "./use-media-query";

/**
 * The view settings (owns: reading this browser's saved preferences for the series and the screen size into the view
 * shown, the fit, the reading direction (the title's unless the reader chose another), double view's cover-alone and
 * shift, data saver and the pages per step; and saving a change for the series, storage.ts). The title's reading
 * direction picks the default view.
 */
export function useReaderPrefs(mangaId: number, titleDirection: number) {
  const isMobile = useMediaQuery(`(max-width: ${READER.breakpoints.mobile}px)`);
  const prefs = useSyncExternalStore(subscribePrefs, () => getPrefs(mangaId), getServerPrefs);
  const defaultView: ViewMode = titleDirection === ReadingDirection.Vertical ? "vertical" : "single";
  const view: ViewMode = prefs.view ?? defaultView;
  // Spec §4: double view is unavailable below 768 px, forced to single.
  const effectiveView: ViewMode = view === "double" && isMobile ? "single" : view;
  const fit: FitMode = prefs.fit ?? "height";
  const dataSaver = prefs.dataSaver ?? false;
  const save = useCallback((patch: ReaderPrefs) => setPrefs(patch, mangaId), [mangaId]);
  return {
    isMobile,
    view: effectiveView,
    fit,
    dataSaver,
    step: batchSize(effectiveView, isMobile),
    /** The direction pages turn in: the reader's choice, else the title's. */
    direction: prefs.direction ?? titleDirection,
    directionOverride: (prefs.direction ?? null) as DirectionChoice | null,
    coverAlone: prefs.coverAlone ?? true,
    shift: prefs.shift ?? false,
    allSeries: prefs.allSeries ?? false,
    save,
  };
}
