"use client";

import { useCallback, type Dispatch, type MouseEvent, type RefObject, type SetStateAction } from "react";
import { sideOf, tapZoneAction } from "@/lib/reader-keys";
import { clampPage, turnAvailability, verticalReach } from "./reader-logic";
import type { ViewMode } from "./reader-utils";

interface PagingOptions {
  view: ViewMode;
  pageCount: number;
  readingDirection: number;
  savePrefs: (prefs: { view: ViewMode }) => void;
  areaRef: RefObject<HTMLElement | null>;
  quiet: () => void;
  /** Issue 32: whether taps on the page turn pages (and the middle opens the menu), and what the middle does. */
  tapZones: boolean;
  onMenu: () => void;
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
 * the tap zones on the page area (issue 32: configurable), and whether a turn is possible). A paged view moves a step at a time and ends
 * on the end card; the vertical view scrolls to the page, growing the list first when it is not there yet.
 */
export function usePaging(opts: PagingOptions) {
  const { view, pageCount, readingDirection, areaRef, quiet, savePrefs, tapZones, onMenu } = opts;
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

  // Tap zones (issue 32): the outer thirds of the page area turn pages in the reading direction (previous / next, mirrored
  // right to left); a finger's tap on the middle opens the reader's menu (the settings). A mouse's click on the middle does nothing.
  const onAreaClick = (e: MouseEvent<HTMLElement>) => {
    if (!tapZones || view === "vertical" || atEnd || (e.target as HTMLElement).closest("button, a")) return;
    const box = e.currentTarget.getBoundingClientRect();
    const action = tapZoneAction((e.clientX - box.left) / box.width, sideOf(readingDirection));
    const pointer = (e.nativeEvent as PointerEvent).pointerType;
    if (action === "next") goNext();
    else if (action === "previous") goPrevious();
    else if (pointer === "touch" || pointer === "pen") onMenu();
  };

  return { goNext, goPrevious, goToPage, restart, changeView, onAreaClick, ...turnAvailability(view, { current, first, atEnd }, pageCount) };
}
