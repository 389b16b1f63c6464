"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/Button";
import { PageImage } from "./PageImage";
import type { FitMode, ReaderPage, ViewMode } from "./reader-utils";

export interface ReaderContentProps {
  view: ViewMode;
  pageCount: number;
  atEnd: boolean;
  /** The pages on screen in a paged view. */
  spread: number[];
  /** The vertical view: the page being read (images near it load first). */
  current: number;
  initialPage: number;
  pages: Record<number, ReaderPage>;
  failed: Record<number, true>;
  retry: (n: number) => void;
  refreshSigned: (n: number) => boolean;
  fit: FitMode;
  zoom: number;
  dataSaver: boolean;
  watermark: string | null;
  rtlReading: boolean;
  endCard: ReactNode;
  /** Every page's stored [width, height] (reserves each page's box before its data arrives). */
  sizes: ReadonlyArray<readonly [number, number]>;
  /** How a page lays out on its screen (pages side by side, a spread's span). */
  layoutOf: (pageNumber: number, screen: readonly number[]) => { perRow: number; span: number };
}

/**
 * What the page area shows: the chapter error, the vertical list (ending in the end card), the end card, or the
 * single or double spread (laid out in the title's reading direction).
 */
export function ReaderContent(props: ReaderContentProps) {
  const { view, pageCount, atEnd, spread, current, initialPage, pages, failed, retry, refreshSigned } = props;
  const { fit, zoom, dataSaver, watermark, rtlReading, endCard, sizes, layoutOf } = props;
  const common = (n: number) => ({
    pageNumber: n,
    page: pages[n],
    failed: failed[n],
    onRetry: () => retry(n),
    onImageError: () => refreshSigned(n),
    zoom,
    dataSaver,
    watermark,
    shape: sizes[n - 1],
  });

  if (pageCount === 0) return <ChapterError />;
  if (view === "vertical") {
    // Every page from the start, each box at its stored size (issue 32): nothing moves as pages and images arrive.
    return (
      <div className="flex min-h-full w-max min-w-full flex-col items-center py-2" data-testid="vertical-view">
        {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
          <PageImage key={n} {...common(n)} fit="width" perRow={1} priority={n === initialPage} lazy={Math.abs(n - current) > 2} />
        ))}
        <div className="w-screen max-w-full px-3">{endCard}</div>
      </div>
    );
  }
  if (atEnd) return <div className="flex min-h-full items-center justify-center p-3">{endCard}</div>;
  return (
    <div className="flex min-h-full w-max min-w-full p-2" data-testid={`${view}-view`}>
      {/* A pair reads in the title's direction: a right-to-left title's first page is on the right. */}
      <div data-testid="screen" className={`m-auto flex items-center gap-1 ${rtlReading ? "flex-row-reverse" : ""}`}>
        {spread.map((n) => (
          <PageImage key={n} {...common(n)} {...layoutOf(n, spread)} fit={fit} priority />
        ))}
      </div>
    </div>
  );
}

/** Spec §8: the chapter could not be shown (no pages yet, or they could not be loaded). */
export function ChapterError() {
  const t = useTranslations("reader");
  return (
    <div role="alert" data-testid="chapter-error" className="flex min-h-full flex-col items-center justify-center gap-3 p-6 text-center">
      <h2 className="text-xl font-bold text-white">{t("errorTitle")}</h2>
      <p className="max-w-sm text-sm text-zinc-400">{t("errorText")}</p>
      <Button size="sm" onClick={() => window.location.reload()} className="mt-2">
        {t("reload")}
      </Button>
    </div>
  );
}
