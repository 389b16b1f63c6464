"use client";

import { ChevronLeft, ChevronRight } from "@/components/icons/ui";
import { useCallback, useEffect, useState } from "react";

// Off the kit on purpose: the kit's Button module would add ~600 B gzip to every public page's first load (issue 29; every public page is within a few hundred bytes of its budget, tests/e2e/page-weight.spec.ts).

/** Previous/next buttons for a scroll-snap track; the track itself scrolls natively (touch, wheel, RTL). */
export function CarouselControls({ trackId, prevLabel, nextLabel }: { trackId: string; prevLabel: string; nextLabel: string }) {
  const [edges, setEdges] = useState({ start: true, end: false });
  const getTrack = useCallback(() => document.getElementById(trackId), [trackId]);

  useEffect(() => {
    const track = getTrack();
    if (!track) return;
    const update = () => {
      // scrollLeft is negative in right-to-left layouts; the magnitude is what matters.
      const pos = Math.abs(track.scrollLeft);
      setEdges({ start: pos < 4, end: pos + track.clientWidth >= track.scrollWidth - 4 });
    };
    update();
    track.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      track.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, [getTrack]);

  const move = (dir: 1 | -1) => {
    const track = getTrack();
    if (!track) return;
    const rtl = getComputedStyle(track).direction === "rtl";
    track.scrollBy({ left: dir * (rtl ? -1 : 1) * track.clientWidth * 0.8, behavior: "smooth" });
  };

  const btn =
    "grid size-9 place-items-center rounded-full border border-zinc-200 bg-white text-zinc-700 shadow-sm transition hover:border-brand-500 hover:text-brand-600 disabled:opacity-40 disabled:hover:border-zinc-200 disabled:hover:text-zinc-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200";
  return (
    <div className="flex gap-2">
      <button type="button" className={btn} aria-label={prevLabel} aria-controls={trackId} disabled={edges.start} onClick={() => move(-1)}>
        <ChevronLeft className="size-4 rtl:rotate-180" aria-hidden />
      </button>
      <button type="button" className={btn} aria-label={nextLabel} aria-controls={trackId} disabled={edges.end} onClick={() => move(1)}>
        <ChevronRight className="size-4 rtl:rotate-180" aria-hidden />
      </button>
    </div>
  );
}

