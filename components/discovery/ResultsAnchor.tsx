"use client";

import { useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";

/** Spec §2: changing page scrolls to the top of the list (not of the whole page). */
export function ResultsAnchor() {
  const page = useSearchParams().get("page") ?? "1";
  const ref = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [page]);
  return <div ref={ref} className="scroll-mt-24" aria-hidden />;
}
