"use client";

import { useState, type CSSProperties, type ImgHTMLAttributes } from "react";
import { useTranslations } from "next-intl";
import { ImageOff, RotateCcw } from "lucide-react";
import { Button } from "@/components/ui/Button";
import { aspectOf, pageWidthCss, sourcesFor, type FitMode, type ReaderPage } from "./reader-utils";

/**
 * One page: the image (AVIF copies for browsers that take them, else the srcset of the render-width JPEG variants, or
 * the 350 px one with data saver), sized by CSS
 * alone so the server's HTML already has the final layout (render width from the viewport, fitted to the screen
 * or to the width, times zoom), with the viewer's watermark over it and a retry when it fails to load.
 */
export interface PageImageProps {
  pageNumber: number;
  page: ReaderPage | undefined;
  /** Metadata request for this page failed. */
  failed?: boolean;
  onRetry?: () => void;
  /**
   * The image failed to load: true when the reader is fetching the page again (its signed URL may have expired), so a
   * spinner shows until the new URL arrives; false shows the failure with a retry.
   */
  onImageError?: () => boolean;
  fit: FitMode;
  /** Pages side by side (1 single, 2 double). */
  perRow: number;
  /** 2 for a spread shown alone (two pages' width), else 1. */
  span?: number;
  /** The page's stored [width, height], known before its data arrives: its box is reserved at the right height. */
  shape?: readonly [number, number];
  zoom: number;
  dataSaver: boolean;
  watermark: string | null;
  priority?: boolean;
  lazy?: boolean;
}

/** How long a failed image waits before its one quiet retry. */
const AUTO_RETRY_MS = 1500;

export function PageImage(props: PageImageProps) {
  const { pageNumber, page, fit, perRow, zoom, dataSaver, watermark, priority = false, lazy = false } = props;
  const t = useTranslations("reader");
  const [attempt, setAttempt] = useState(0);
  // Which load failed (attempt and URL), and which one waits for the page's fresh URLs: a new URL is a new load.
  const [errorAt, setErrorAt] = useState<string | null>(null);
  const [waitingAt, setWaitingAt] = useState<string | null>(null);
  // One quiet retry after a moment before the failure shows (a copy still being made, a dropped connection).
  const [autoRetried, setAutoRetried] = useState(false);
  const load = `${attempt}|${page?.imageUrl ?? ""}`;
  const aspect = aspectOf(page ?? (props.shape ? { width: props.shape[0], height: props.shape[1] } : undefined));
  const span = props.span ?? 1;
  const style: CSSProperties = { width: pageWidthCss({ aspect, fit, perRow, zoom, span }), aspectRatio: String(aspect) };
  const broken = props.failed || errorAt === load;
  const waiting = !broken && waitingAt === load;

  const retry = () => {
    if (props.failed) props.onRetry?.();
    else setAttempt((a) => a + 1);
  };

  return (
    <figure
      data-page={pageNumber}
      data-testid="reader-page"
      data-spread={span > 1 || undefined}
      className="relative shrink-0 select-none overflow-hidden bg-zinc-900 shadow-2xl shadow-black/50"
      style={style}
    >
      {page && !props.failed && (
        <PageSources
          key={load}
          page={page}
          layout={{ zoom, dataSaver, fit, perRow, span }}
          width={page.width}
          height={page.height}
          alt={t("pageAlt", { n: pageNumber })}
          draggable={false}
          loading={lazy ? "lazy" : "eager"}
          fetchPriority={priority ? "high" : "auto"}
          decoding="async"
          onError={() => {
            if (props.onImageError?.()) setWaitingAt(load);
            else if (!autoRetried) {
              setAutoRetried(true);
              setWaitingAt(load);
              window.setTimeout(() => setAttempt((a) => a + 1), AUTO_RETRY_MS);
            } else setErrorAt(load);
          }}
          onContextMenu={(e) => e.preventDefault()}
          className="pointer-events-none block size-full object-contain"
        />
      )}
      {((!page && !props.failed) || waiting) && (
        <div role="status" className="absolute inset-0 grid place-items-center">
          <span aria-hidden className="size-9 animate-spin rounded-full border-4 border-zinc-700 border-t-brand-500" />
          <span className="sr-only">{t("loadingPage", { n: pageNumber })}</span>
        </div>
      )}
      {watermark && !broken && !waiting && <Watermark text={watermark} />}
      {broken && (
        <div role="alert" className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-zinc-900 p-4 text-center text-zinc-300">
          <ImageOff className="size-8 text-zinc-500" aria-hidden />
          <p className="text-sm font-semibold">{t("failedPage", { n: pageNumber })}</p>
          <Button size="sm" onClick={retry} icon={<RotateCcw className="size-4" aria-hidden />}>
            {t("retry")}
          </Button>
        </div>
      )}
    </figure>
  );
}

/**
 * The page's `<picture>`: the AVIF copies' source first (when the page has them), then the JPEG `<img>`. The picture
 * takes no box of its own (display: contents), so the image lays out in the figure as before.
 */
function PageSources({ page, layout, width, height, alt, ...img }: { page: ReaderPage; layout: Parameters<typeof sourcesFor>[1]; alt: string } & ImgHTMLAttributes<HTMLImageElement>) {
  const { avifSrcSet, ...sources } = sourcesFor(page, layout);
  return (
    <picture className="contents">
      {avifSrcSet && <source type="image/avif" srcSet={avifSrcSet} sizes={sources.sizes} />}
      <img {...sources} width={width} height={height} alt={alt} {...img} />
    </picture>
  );
}

/** The viewer's username, repeated diagonally across the page (spec §4), faint and not selectable. */
export function Watermark({ text }: { text: string }) {
  return (
    <div data-testid="watermark" aria-hidden className="pointer-events-none absolute inset-0 select-none overflow-hidden">
      <div className="absolute -inset-1/2 flex -rotate-[30deg] flex-wrap content-center justify-center gap-x-16 gap-y-20">
        {Array.from({ length: 24 }, (_, i) => (
          <span key={i} className="whitespace-nowrap text-lg font-extrabold tracking-wider text-zinc-500/30">
            {text}
          </span>
        ))}
      </div>
    </div>
  );
}
