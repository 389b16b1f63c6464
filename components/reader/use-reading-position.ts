"use client";

import { useCallback, useMemo, useState } from "react";
import { clampPage, progressRange, spreadOf, verticalReach } from "./reader-logic";
import type { ViewMode } from "./reader-utils";
import { loadLocalProgress } from "./storage";

export type ScrollRequest = { page: number; seq: number };

/**
 * Where the reader is (owns: the page being read, the end card, how far the vertical list reaches, pending
 * scroll requests, and a visitor's saved page restored once hydrated), and what follows from it for the view:
 * the pages on screen and their position in percent.
 */
export function useReadingPosition(opts: {
  chapterId: number;
  pageCount: number;
  /** The signed-in user's saved page, else 1. */
  initialPage: number;
  restoreLocally: boolean;
  hydrated: boolean;
  view: ViewMode;
  /** Double view's screens (doubleScreens). */
  screens: readonly number[][];
}) {
  const { chapterId, pageCount, initialPage, hydrated, view, screens } = opts;
  const [current, setCurrent] = useState(() => clampPage(initialPage, pageCount));
  const [atEnd, setAtEnd] = useState(false);
  const [verticalUntil, setVerticalUntil] = useState(() => verticalReach(Math.max(initialPage, 1), pageCount));
  const [restored, setRestored] = useState(!opts.restoreLocally);
  // Vertical view: a page to scroll to once it is on the page (restore, keys, view switch); `seq` makes each request new.
  const [scrollRequest, setScrollRequest] = useState<ScrollRequest | null>(() => (initialPage > 1 ? { page: initialPage, seq: 1 } : null));
  const requestScroll = useCallback((page: number) => setScrollRequest((r) => ({ page, seq: (r?.seq ?? 1) + 1 })), []);

  // Visitors: this browser's saved page for the chapter, once hydrated (derived state, no effect needed).
  if (hydrated && !restored) {
    setRestored(true);
    const saved = loadLocalProgress(chapterId);
    if (saved !== null && saved > 1) {
      setCurrent(clampPage(saved, pageCount));
      setVerticalUntil(verticalReach(saved, pageCount));
      requestScroll(saved);
    }
  }

  const { first, last, spread, previous, next } = spreadOf(current, view, pageCount, screens);
  const range = useMemo(() => progressRange(first, last, pageCount, atEnd), [atEnd, first, last, pageCount]);

  return {
    current, setCurrent, atEnd, setAtEnd, verticalUntil, setVerticalUntil, restored, scrollRequest, requestScroll,
    first, last, spread, previous, next, range,
  };
}
