"use client";

import { useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from "react";
import { READER } from "@/lib/reader-constants";
import type { ReaderPage, ViewMode } from "./reader-utils";
import type { ReadingAnchor } from "./storage";
import type { ScrollRequest } from "./use-reading-position";

/**
 * Where the reader is in the list, measured after 200 ms of calm: the page being read is the last one whose top passed
 * a third of the screen, or the last page once scrolled to the very end (every page is on the list, so a fast scroll to
 * the end lands on the last page, issue 32); the anchor is the page at the list's top edge and how far down it that
 * edge is, so the place can be resumed exactly.
 */
function useReadPageOnScroll(
  view: ViewMode,
  areaRef: RefObject<HTMLElement | null>,
  pageCount: number,
  setCurrent: Dispatch<SetStateAction<number>>,
  setAnchor: Dispatch<SetStateAction<ReadingAnchor | null>>,
) {
  useEffect(() => {
    const area = areaRef.current;
    if (view !== "vertical" || !area) return;
    let timer: number | undefined;
    const onScroll = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const box = area.getBoundingClientRect();
        const limit = box.top + area.clientHeight / 3;
        let seen = 1;
        let anchor: ReadingAnchor | null = null;
        for (const el of area.querySelectorAll<HTMLElement>("figure[data-page]")) {
          const r = el.getBoundingClientRect();
          if (!anchor && r.bottom > box.top && r.height > 0) anchor = { page: Number(el.dataset.page), offset: Math.min(1, Math.max(0, (box.top - r.top) / r.height)) };
          if (r.top <= limit) seen = Number(el.dataset.page);
          else break;
        }
        const bottom = area.scrollTop + area.clientHeight >= area.scrollHeight - 4;
        setCurrent(bottom ? pageCount : seen);
        setAnchor((a) => (anchor && (a?.page !== anchor.page || Math.abs(a.offset - anchor.offset) > 0.0005) ? anchor : a));
      }, READER.scrollSettleMs);
    };
    area.addEventListener("scroll", onScroll, { passive: true });
    // Pages sized below do not scroll, but can change which page is read (e.g. at the bottom).
    const resize = new ResizeObserver(onScroll);
    if (area.firstElementChild) resize.observe(area.firstElementChild);
    return () => {
      area.removeEventListener("scroll", onScroll);
      resize.disconnect();
      window.clearTimeout(timer);
    };
  }, [view, pageCount, areaRef, setCurrent, setAnchor]);
}

/**
 * The vertical view (owns: loading page data by distance to the viewport, the page being read and the exact place while
 * scrolling, and scrolling to a place asked for). Every page of the chapter is on the list from the start, each box
 * at its stored size (issue 32), so nothing moves as pages load; a page's data (its batch of `step`, spec §9) is fetched
 * when its box comes within 300 px of the screen, above or below. Does nothing in the paged views.
 */
export function useVerticalView(opts: {
  view: ViewMode;
  areaRef: RefObject<HTMLElement | null>;
  pageCount: number;
  step: number;
  setCurrent: Dispatch<SetStateAction<number>>;
  scrollRequest: ScrollRequest | null;
  /** Page data: a page arriving can make a requested place exact. */
  pages: Record<number, ReaderPage>;
  loadPages: (from: number, to: number, size: number) => Promise<ReaderPage[]>;
}) {
  const { view, areaRef, pageCount, step, setCurrent, scrollRequest, pages, loadPages } = opts;
  const handledScroll = useRef(0);
  const [anchor, setAnchor] = useState<ReadingAnchor | null>(null);

  // Load a page's batch when its box comes within 300 px of the screen.
  useEffect(() => {
    const area = areaRef.current;
    if (view !== "vertical" || !area) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (!e.isIntersecting) continue;
          const n = Number((e.target as HTMLElement).dataset.page);
          if (n > 0) void loadPages(n, n, step);
        }
      },
      { root: area, rootMargin: `${READER.loadMoreWithinPx}px 0px ${READER.loadMoreWithinPx}px 0px` },
    );
    for (const el of area.querySelectorAll("figure[data-page]")) observer.observe(el);
    return () => observer.disconnect();
  }, [view, pageCount, step, areaRef, loadPages]);

  useReadPageOnScroll(view, areaRef, pageCount, setCurrent, setAnchor);

  // Scroll to a place asked for (restore, keys, jumps, view switch): the page's top, or the saved distance down it.
  useEffect(() => {
    if (view !== "vertical" || !scrollRequest || handledScroll.current === scrollRequest.seq) return;
    const area = areaRef.current;
    const el = area?.querySelector<HTMLElement>(`figure[data-page="${scrollRequest.page}"]`);
    if (area && el) {
      const r = el.getBoundingClientRect();
      area.scrollTop += r.top - area.getBoundingClientRect().top + (scrollRequest.offset ?? 0) * r.height;
      handledScroll.current = scrollRequest.seq;
    }
  }, [view, scrollRequest, pages, areaRef]);

  return view === "vertical" ? anchor : null;
}
