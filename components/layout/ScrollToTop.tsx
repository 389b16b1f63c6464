"use client";

import { ArrowUp } from "@/components/icons/ui";
import { useEffect, useRef, useState } from "react";
import { usePathname } from "next/navigation";

// Off the kit on purpose: the kit's Button module would add ~600 B gzip to every public page's first load (issue 29; every public page is within a few hundred bytes of its budget, tests/e2e/page-weight.spec.ts).

/** Spec §2: the button appears once the page is scrolled more than 10 px. */
export const SCROLL_TOP_THRESHOLD = 10;

export function ScrollToTop({ label }: { label: string }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
      className="fixed bottom-6 end-6 z-40 grid size-12 place-items-center rounded-full bg-brand-600 text-white shadow-lg shadow-brand-600/30 transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
    >
      <ArrowUp className="size-5" aria-hidden />
    </button>
  );
}

/**
 * Spec §2: every route change scrolls smoothly to the top. Not on the first render: a page that hydrates late (a slow
 * phone) must not pull a reader who has already scrolled back up.
 */
export function ScrollOnRouteChange() {
  const pathname = usePathname();
  const last = useRef(pathname);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    window.scrollTo({ top: 0, behavior: "smooth" });
  }, [pathname]);
  return null;
}
