"use client";

import { useCallback, type Dispatch, type MouseEvent, type RefObject, type SetStateAction } from "react";
import { clampPage, tapTurn, turnAvailability, verticalReach } from "./reader-logic";
import type { ViewMode } from "./reader-utils";

interface PagingOptions {
  view: ViewMode;
  pageCount: number;
  readingDirection: number;
  savePrefs: (prefs: { view: ViewMode }) => void;
  areaRef: RefObject<HTMLElement | null>;
  quiet: () => void;
  position: {
    current: number;
    first: number;
    /** The first page of the screen before and after this one (null at the chapter's edges). */
    previous: number | null;
    next: number | null;
    atEnd: boolean;
    setCurrent: Dispatch<SetStateAction<number>>;
    setAtEnd: Dispatch<SetStateAction<boolean>>;
    setVerticalUntil: Dispatch<SetStateAction<number>>;
    requestScroll: (page: number) => void;
  };
}

/** Vertical view: scroll to a page, or ask for it to be scrolled to once the list has grown to hold it. */
function useScrollToPage(
  areaRef: RefObject<HTMLElement | null>,
  pageCount: number,
  requestScroll: (page: number) => void,
  setVerticalUntil: Dispatch<SetStateAction<number>>,
) {
  return useCallback((n: number) => {
    const el = areaRef.current?.querySelector<HTMLElement>(`[data-page="${n}"]`);
    if (el) el.scrollIntoView({ block: "start", behavior: "smooth" });
    else {
      requestScroll(n);
      setVerticalUntil((v) => Math.max(v, verticalReach(n, pageCount)));
    }
  }, [pageCount, requestScroll, areaRef, setVerticalUntil]);
}

/**
 * Page turning (owns: next and previous in each view, going back to page 1 from the end card, switching views,
 * the tap zones on the page area, and whether a turn is possible). A paged view moves a step at a time and ends
 * on the end card; the vertical view scrolls to the page, growing the list first when it is not there yet.
 */
export function usePaging(opts: PagingOptions) {
  const { view, pageCount, readingDirection, areaRef, quiet, savePrefs } = opts;
  const { current, first, previous, next, atEnd, setCurrent, setAtEnd, setVerticalUntil, requestScroll } = opts.position;

  const scrollToPage = useScrollToPage(areaRef, pageCount, requestScroll, setVerticalUntil);

  const goNext = useCallback(() => {
    quiet();
    if (view === "vertical") {
      if (current < pageCount) {
        setCurrent(current + 1);
        scrollToPage(current + 1);
      }
      return;
    }
    if (atEnd) return;
    if (next === null) setAtEnd(true);
    else setCurrent(next);
    areaRef.current?.scrollTo({ top: 0 });
  }, [quiet, view, current, pageCount, scrollToPage, atEnd, next, areaRef, setAtEnd, setCurrent]);

  const goPrevious = useCallback(() => {
    quiet();
    if (view === "vertical") {
      if (current > 1) {
        setCurrent(current - 1);
        scrollToPage(current - 1);
      }
      return;
    }
    if (atEnd) setAtEnd(false);
    else if (previous !== null) setCurrent(previous);
    areaRef.current?.scrollTo({ top: 0 });
  }, [quiet, view, current, scrollToPage, atEnd, previous, areaRef, setAtEnd, setCurrent]);

  /** Jump to a page (the jump field, the thumbnails, the slider): the screen holding it in paged views. */
  const goToPage = useCallback((n: number) => {
    quiet();
    const page = clampPage(n, pageCount);
    setAtEnd(false);
    setCurrent(page);
    if (view === "vertical") scrollToPage(page);
    else areaRef.current?.scrollTo({ top: 0 });
  }, [quiet, pageCount, view, scrollToPage, areaRef, setAtEnd, setCurrent]);

  const restart = useCallback(() => {
    setAtEnd(false);
    setCurrent(1);
    if (view === "vertical") scrollToPage(1);
    else areaRef.current?.scrollTo({ top: 0 });
  }, [view, scrollToPage, areaRef, setAtEnd, setCurrent]);

  const changeView = useCallback(
    (mode: ViewMode) => {
      quiet();
      savePrefs({ view: mode });
      setAtEnd(false);
      if (mode === "vertical") {
        requestScroll(current);
        setVerticalUntil((v) => Math.max(v, verticalReach(current, pageCount)));
      }
    },
    [quiet, current, pageCount, requestScroll, setAtEnd, setVerticalUntil, savePrefs],
  );

  // Tapping the outer thirds of the page area turns pages (phones), in the reading direction.
  const onAreaClick = (e: MouseEvent<HTMLElement>) => {
    if (view === "vertical" || atEnd || (e.target as HTMLElement).closest("button, a")) return;
    const box = e.currentTarget.getBoundingClientRect();
    const turn = tapTurn((e.clientX - box.left) / box.width, readingDirection);
    if (turn === "next") goNext();
    else if (turn === "previous") goPrevious();
  };

  return { goNext, goPrevious, goToPage, restart, changeView, onAreaClick, ...turnAvailability(view, { current, first, atEnd }, pageCount) };
}
