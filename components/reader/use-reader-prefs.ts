"use client";

import { useSyncExternalStore } from "react";
import { ReadingDirection } from "@/lib/enums";
import { READER } from "@/lib/reader-constants";
import { batchSize, type FitMode, type ViewMode } from "./reader-utils";
import { getPrefs, getServerPrefs, subscribePrefs } from "./storage";
import { useMediaQuery } from "./use-media-query";

/**
 * The view settings (owns: reading this browser's saved preferences and the screen size into the view shown,
 * the fit, data saver and the pages per step). The title's reading direction picks the default view.
 */
export function useReaderPrefs(readingDirection: number) {
  const isMobile = useMediaQuery(`(max-width: ${READER.breakpoints.mobile}px)`);
  const prefs = useSyncExternalStore(subscribePrefs, getPrefs, getServerPrefs);
  const defaultView: ViewMode = readingDirection === ReadingDirection.Vertical ? "vertical" : "single";
  const view: ViewMode = prefs.view ?? defaultView;
  // Spec §4: double view is unavailable below 768 px, forced to single.
  const effectiveView: ViewMode = view === "double" && isMobile ? "single" : view;
  const fit: FitMode = prefs.fit ?? "height";
  const dataSaver = prefs.dataSaver ?? false;
  return { isMobile, view: effectiveView, fit, dataSaver, step: batchSize(effectiveView, isMobile) };
}
