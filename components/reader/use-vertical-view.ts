"use client";

import { useEffect, useRef, type Dispatch, type RefObject, type SetStateAction } from "react";
import { READER } from "@/lib/reader-constants";
import type { ReaderPage, ViewMode } from "./reader-utils";
import type { ScrollRequest } from "./use-reading-position";

/**
 * The page being read is the last one whose top passed a third of the screen (after 200 ms of calm),
 * or the last page once scrolled to the very end.
 */
function useReadPageOnScroll(
  view: ViewMode,
  areaRef: RefObject<HTMLElement | null>,
  pageCount: number,
  setCurrent: Dispatch<SetStateAction<number>>,
  verticalUntilRef: RefObject<number>,
) {
  useEffect(() => {
    const area = areaRef.current;
    if (view !== "vertical" || !area) return;
    let timer: number | undefined;
    const onScroll = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const limit = area.getBoundingClientRect().top + area.clientHeight / 3;
        let seen = 1;
        for (const el of area.querySelectorAll<HTMLElement>("[data-page]")) {
          if (el.getBoundingClientRect().top <= limit) seen = Number(el.dataset.page);
          else break;
        }
        const bottom = area.scrollTop + area.clientHeight >= area.scrollHeight - 4;
        setCurrent(bottom && verticalUntilRef.current >= pageCount ? pageCount : seen);
      }, READER.scrollSettleMs);
    };
    area.addEventListener("scroll", onScroll, { passive: true });
    // Pages added or sized below do not scroll, but can change which page is read (e.g. at the bottom).
    const resize = new ResizeObserver(onScroll);
    if (area.firstElementChild) resize.observe(area.firstElementChild);
    return () => {
      area.removeEventListener("scroll", onScroll);
      resize.disconnect();
      window.clearTimeout(timer);
    };
  }, [view, pageCount, areaRef, setCurrent, verticalUntilRef]);
}

/**
 * The vertical view (owns: loading the listed pages' data in batches, growing the list when its end comes within
 * 300 px, the page being read while scrolling, and scrolling to a page asked for before it was listed).
 * Returns the ref for the sentinel at the end of the list. Does nothing in the paged views.
 */
export function useVerticalView(opts: {
  view: ViewMode;
  areaRef: RefObject<HTMLElement | null>;
  pageCount: number;
  step: number;
  verticalUntil: number;
  setVerticalUntil: Dispatch<SetStateAction<number>>;
  setCurrent: Dispatch<SetStateAction<number>>;
  scrollRequest: ScrollRequest | null;
  /** Page data: new pages can bring a requested page onto the list. */
  pages: Record<number, ReaderPage>;
  loadPages: (from: number, to: number, size: number) => Promise<ReaderPage[]>;
}) {
  const { view, areaRef, pageCount, step, verticalUntil, setVerticalUntil, setCurrent, scrollRequest, pages, loadPages } = opts;
  const sentinelRef = useRef<HTMLDivElement>(null);
  const handledScroll = useRef(0);
  const verticalUntilRef = useRef(verticalUntil);
  useEffect(() => {
    verticalUntilRef.current = verticalUntil;
  }, [verticalUntil]);

  // Pages 1…verticalUntil are on the page; their data is loaded in batches.
  useEffect(() => {
    if (view !== "vertical") return;
    void loadPages(1, verticalUntil, step);
  }, [view, verticalUntil, step, loadPages]);

  // Load the next batch when the end of the list comes within 300 px.
  useEffect(() => {
    if (view !== "vertical") return;
    const target = sentinelRef.current;
    if (!target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVerticalUntil((v) => Math.min(pageCount, v + step));
      },
      { root: areaRef.current, rootMargin: `0px 0px ${READER.loadMoreWithinPx}px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [view, pageCount, step, verticalUntil, areaRef, setVerticalUntil]);

  useReadPageOnScroll(view, areaRef, pageCount, setCurrent, verticalUntilRef);

  // Scroll to a page asked for before it was on the page (restore, keys, view switch).
  useEffect(() => {
    if (view !== "vertical" || !scrollRequest || handledScroll.current === scrollRequest.seq) return;
    const el = areaRef.current?.querySelector<HTMLElement>(`[data-page="${scrollRequest.page}"]`);
    if (el) {
      el.scrollIntoView({ block: "start" });
      handledScroll.current = scrollRequest.seq;
    }
  }, [view, scrollRequest, verticalUntil, pages, areaRef]);

  return sentinelRef;
}
