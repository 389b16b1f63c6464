"use client";

import { ChevronLeft, ChevronRight, ExternalLink } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from "react";
import { IconButton } from "@/components/ui/Button";
import { isTypingTarget } from "./keyboard";

export interface ViewerPage {
  pageNumber: number;
  imageUrl: string;
  thumbUrl: string;
  width: number;
  height: number;
}

/** J / K and the arrows turn the page; data-ready on the root tells tests the keys are listened to. */
function usePageKeys(count: number, setIndex: Dispatch<SetStateAction<number>>, root: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      if (document.querySelector("dialog[open]")) return;
      const rtl = document.documentElement.dir === "rtl";
      const key = event.key;
      let step = 0;
      if (key === "j" || key === "J") step = 1;
      else if (key === "k" || key === "K") step = -1;
      else if (key === "ArrowRight") step = rtl ? -1 : 1;
      else if (key === "ArrowLeft") step = rtl ? 1 : -1;
      if (!step) return;
      event.preventDefault();
      setIndex((i) => Math.max(0, Math.min(count - 1, i + step)));
    };
    window.addEventListener("keydown", onKey);
    root.current?.setAttribute("data-ready", "true");
    return () => window.removeEventListener("keydown", onKey);
  }, [count, setIndex, root]);
}

/** Keep the current thumbnail in view and warm the next page's image. */
function useThumbInView(strip: RefObject<HTMLOListElement | null>, index: number, pages: ViewerPage[]) {
  useEffect(() => {
    const thumb = strip.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    const list = strip.current;
    if (thumb && list) {
      const { left, right } = thumb.getBoundingClientRect();
      const box = list.getBoundingClientRect();
      if (left < box.left || right > box.right) list.scrollBy({ left: left < box.left ? left - box.left - 8 : right - box.right + 8 });
    }
    const next = pages[index + 1];
    if (next) new Image().src = next.imageUrl;
  }, [strip, index, pages]);
}

/**
 * One chapter's pages for review: a large view and a strip of thumbnails. J / K and the arrow keys turn pages (the
 * arrow pointing along the interface's reading direction is "next", so → in English and ← in Arabic).
 */
export function PageViewer({ pages, label }: { pages: ViewerPage[]; label: string }) {
  const t = useTranslations("approval.viewer");
  const [index, setIndex] = useState(0);
  // data-ready is set once the keys are listened to (tests wait for it before pressing them).
  const root = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLOListElement>(null);
  const count = pages.length;
  const page = pages[Math.min(index, count - 1)];

  const go = (to: number) => setIndex(Math.max(0, Math.min(count - 1, to)));
  usePageKeys(count, setIndex, root);
  useThumbInView(strip, index, pages);

  if (!page) return null;
  // Over the page's image: a dark disc keeps the white arrow readable on any picture.
  const arrow = "absolute top-1/2 -translate-y-1/2 bg-zinc-950/70 shadow-lg";

  return (
    <div role="region" aria-label={`${t("label")}: ${label}`} className="flex flex-col gap-3" data-testid="page-viewer" ref={root}>
      <figure className="relative overflow-hidden rounded-2xl bg-zinc-900">
        {/* eslint-disable-next-line @next/next/no-img-element -- content-addressed media served at reading width */}
        <img
          key={page.imageUrl}
          src={page.imageUrl}
          alt={t("pageOf", { number: page.pageNumber, count })}
          width={page.width}
          height={page.height}
          className="mx-auto h-auto max-h-[75vh] w-auto max-w-full object-contain"
          data-testid="viewer-image"
          data-page={page.pageNumber}
        />
        <IconButton label={t("previous")} icon={<ChevronLeft className="rtl:rotate-180" aria-hidden />} tone="onDark" onClick={() => go(index - 1)} disabled={index === 0} className={`${arrow} start-2`} />
        <IconButton label={t("next")} icon={<ChevronRight className="rtl:rotate-180" aria-hidden />} tone="onDark" onClick={() => go(index + 1)} disabled={index >= count - 1} className={`${arrow} end-2`} />
        <figcaption className="flex items-center justify-between gap-3 bg-zinc-950 px-3 py-2 text-sm text-zinc-100">
          <span aria-live="polite" data-testid="viewer-position">{t("pageOf", { number: page.pageNumber, count })}</span>
          <a
            href={page.imageUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1.5 rounded font-semibold text-zinc-100 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-white"
          >
            {t("open")}
            <ExternalLink className="size-3.5" aria-hidden />
          </a>
        </figcaption>
      </figure>
      <ol ref={strip} aria-label={t("thumbnails")} className="flex gap-2 overflow-x-auto p-1 pb-2" data-testid="viewer-thumbnails">
        {pages.map((p, i) => (
          <li key={p.pageNumber} className="shrink-0">
            {/* The page's thumbnail is the button: the kit's Button (a label in a fixed-height pill) cannot hold it. */}
            <button
              type="button"
              data-index={i}
              onClick={() => go(i)}
              aria-label={t("page", { number: p.pageNumber })}
              aria-current={i === index ? "true" : undefined}
              className={`block w-16 overflow-hidden rounded-lg ring-2 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:w-20 ${
                i === index ? "ring-brand-600" : "ring-transparent opacity-80 hover:opacity-100"
              }`}
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- small render-width variant */}
              <img src={p.thumbUrl} alt="" width={80} height={Math.round((80 * p.height) / Math.max(1, p.width))} loading="lazy" className="aspect-[2/3] w-full bg-zinc-200 object-cover dark:bg-zinc-800" />
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
