"use client";

import { useCallback, useMemo, useState } from "react";
import { clampPage, progressRange, spreadOf, verticalReach } from "./reader-logic";
import type { ViewMode } from "./reader-utils";
import { loadLocalAnchor, loadLocalProgress, type ReadingAnchor } from "./storage";

/** A place to scroll the vertical view to: a page, and how far down it (0 its top); `seq` makes each request new. */
export type ScrollRequest = { page: number; seq: number; offset?: number };

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
  /** Signed in: the account's exact place in the vertical view (issue 32), saved by any browser; null when none. */
  accountAnchor?: ReadingAnchor | null;
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
  const requestScroll = useCallback((page: number, offset?: number) => setScrollRequest((r) => ({ page, seq: (r?.seq ?? 1) + 1, offset })), []);
  const [anchorChecked, setAnchorChecked] = useState(false);

  // Visitors: this browser's saved page for the chapter, once hydrated (derived state, no effect needed).
  // The vertical view resumes at the exact place this browser saved (issue 32): the page at the top edge and how far down it.
  if (hydrated && !restored) {
    setRestored(true);
    setAnchorChecked(true);
    const saved = loadLocalProgress(chapterId);
    const anchor = loadLocalAnchor(chapterId);
    if (saved !== null && (saved > 1 || anchor)) {
      setCurrent(clampPage(saved, pageCount));
      setVerticalUntil(verticalReach(saved, pageCount));
      if (anchor) requestScroll(clampPage(anchor.page, pageCount), anchor.offset);
      else requestScroll(saved);
    }
  } else if (hydrated && !anchorChecked) {
    // Signed in: the account's page at the account's exact place (any browser's last save, issue 32); else this
    // browser's place within it when it saved the same page.
    setAnchorChecked(true);
    const anchor = opts.accountAnchor ?? loadLocalAnchor(chapterId);
    const fromAccount = Boolean(opts.accountAnchor);
    if (anchor && (fromAccount || (loadLocalProgress(chapterId) === initialPage && anchor.offset > 0))) requestScroll(clampPage(anchor.page, pageCount), anchor.offset);
  }

  const { first, last, spread, previous, next } = spreadOf(current, view, pageCount, screens);
  const range = useMemo(() => progressRange(first, last, pageCount, atEnd), [atEnd, first, last, pageCount]);

  return {
    current, setCurrent, atEnd, setAtEnd, verticalUntil, setVerticalUntil, restored, scrollRequest, requestScroll,
    first, last, spread, previous, next, range,
  };
}
