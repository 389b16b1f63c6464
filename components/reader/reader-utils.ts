import { READER } from "@/lib/reader-constants";
import { ReadingDirection } from "@/lib/enums";
import type { PageCopies, ReaderPage } from "@/lib/paged";

export type { PageCopies, PageShapes, PageVariants, ReaderPage } from "@/lib/paged";

/**
 * Pure helpers of the reader (no React, no DOM): easy to test and shared by the views, the prefetcher and
 * the protection layer.
 */

export type ViewMode = "single" | "double" | "vertical";
export type FitMode = "height" | "width";
export type OverlayBand = "start" | "mid" | "end";

/** Shortens a title for phones (spec §9: chapter 25, manga 20 characters), ending with an ellipsis. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("").trimEnd()}…` : text;
}

/** The dropdown's chapter label: #01, #02 … #10, #100. */
export function chapterTag(index: number): string {
  return `#${String(index).padStart(2, "0")}`;
}

/** Spec §9 render width for a viewport width: 350 up to 768 px, 500 up to 1024 px, 700 above. */
export function renderWidthFor(viewportWidth: number): number {
  if (viewportWidth <= READER.breakpoints.mobile) return READER.renderWidths.mobile;
  if (viewportWidth <= READER.breakpoints.tablet) return READER.renderWidths.tablet;
  return READER.renderWidths.desktop;
}

/** Height of the reader's header, footer and padding around the pages (px): what "fit to screen" leaves for a page. */
export const READER_CHROME_PX = 156;

export interface PageLayout {
  /** Page aspect ratio (width / height). */
  aspect: number;
  fit: FitMode;
  /** Pages side by side: 1, or 2 in double view. */
  perRow: number;
  zoom: number;
  /** Render widths the page may take: 2 for a spread shown alone (twice a page's width), else 1. */
  span?: number;
}

/**
 * A page's displayed width as a CSS expression: at most the render width (`rw`), its share of the viewport
 * width and, when fitting the screen, the height left by the header and footer times the aspect ratio.
 */
function widthExpression(rw: string, layout: PageLayout, vh: "dvh" | "vh"): string {
  const share = layout.perRow > 1 ? `(100vw / ${layout.perRow} - 12px)` : "(100vw - 16px)";
  const limits = [(layout.span ?? 1) > 1 ? `${rw} * ${layout.span}` : rw, share];
  if (layout.fit === "height") limits.push(`(100${vh} - ${READER_CHROME_PX}px) * ${layout.aspect.toFixed(4)}`);
  return `calc(min(${limits.join(", ")}) * ${layout.zoom})`;
}

/** The CSS width of a page (the render width comes from the `--rw` custom property set per breakpoint). */
export function pageWidthCss(layout: PageLayout): string {
  return widthExpression("var(--rw)", layout, "dvh");
}

/**
 * The `sizes` attribute: the same width as the CSS, written with media queries for the render widths, so the
 * server's HTML and the browser agree before any script runs and the browser downloads the variant it will
 * display. The prefetcher uses the same string, so it preloads exactly the candidate the page will show.
 */
export function sizesFor(layout: PageLayout): string {
  const { mobile, tablet, desktop } = READER.renderWidths;
  return [
    `(max-width: ${READER.breakpoints.mobile}px) ${widthExpression(`${mobile}px`, layout, "vh")}`,
    `(max-width: ${READER.breakpoints.tablet}px) ${widthExpression(`${tablet}px`, layout, "vh")}`,
    widthExpression(`${desktop}px`, layout, "vh"),
  ].join(", ");
}

export function aspectOf(page: { width: number; height: number } | undefined): number {
  return page && page.width > 0 && page.height > 0 ? page.width / page.height : 2 / 3;
}

export interface PageSources {
  src: string;
  srcSet?: string;
  sizes?: string;
  /** The `<source type="image/avif">` srcset (same sizes), offered first to browsers that accept AVIF. */
  avifSrcSet?: string;
}

/**
 * The image sources of a page: with data saver only the 350 px variant; otherwise a srcset of the render-width
 * variants (350/500/700 w), plus the reading-width image when zoomed in, and a srcset of the page's AVIF copies
 * (480/720/1080 w: 1×, 2× and 3× screens), plus the reading image when zoomed in and wider than them.
 */
export function sourcesFor(page: ReaderPage, opts: { dataSaver: boolean } & Omit<PageLayout, "aspect">): PageSources {
  if (opts.dataSaver) return { src: page.variants[350] };
  const set = [`${page.variants[350]} 350w`, `${page.variants[500]} 500w`, `${page.variants[700]} 700w`];
  if (opts.zoom > 1 && page.width > 700) set.push(`${page.imageUrl} ${page.width}w`);
  const sources: PageSources = { src: page.variants[700], srcSet: set.join(", "), sizes: sizesFor({ ...opts, aspect: aspectOf(page) }) };
  if (page.avif) sources.avifSrcSet = avifSrcSet(page, page.avif, opts.zoom);
  return sources;
}

/** The copies' widths (lib/media-url.ts PAGE_COPY_WIDTHS; not imported: the reader's bundle stays as it is). */
const COPY_WIDTHS = [480, 720, 1080] as const;
const WIDEST_COPY = 1080;

/**
 * The AVIF copies as srcset candidates at their real widths (a copy is never wider than the page: those at or beyond
 * it are one image, named once, by its narrowest URL).
 */
function avifSrcSet(page: ReaderPage, copies: PageCopies, zoom: number): string {
  const set: string[] = [];
  for (const w of COPY_WIDTHS) {
    set.push(`${copies[w]} ${Math.min(w, page.width)}w`);
    if (w >= page.width) break;
  }
  if (zoom > 1 && page.width > WIDEST_COPY) set.push(`${page.imageUrl} ${page.width}w`);
  return set.join(", ");
}

/** Reading position in percent: 0 on the first page, 100 on the last (a one-page chapter is 100). */
export function progressPercent(page: number, pageCount: number): number {
  if (pageCount <= 1) return 100;
  const clamped = Math.min(Math.max(page, 1), pageCount);
  return ((clamped - 1) / (pageCount - 1)) * 100;
}

/**
 * Which sponsored overlay to show now, if any (spec §4: once each at ≤ 5 %, 48–52 % and ≥ 95 %). `range` is
 * the position of the first and last page on screen (they differ in double view). Paged views move in steps,
 * so a turn that jumps over the middle band (e.g. 44 % → 55 %) counts as reaching it.
 */
export function overlayFor(
  previous: number | null,
  range: { first: number; last: number },
  shown: ReadonlySet<OverlayBand>,
): OverlayBand | null {
  const { startMax, midMin, midMax, endMin } = READER.overlayBands;
  if (range.last >= endMin && !shown.has("end")) return "end";
  const inMid = range.last >= midMin && range.first <= midMax;
  const jumpedMid = previous !== null && ((previous < midMin && range.first > midMax) || (previous > midMax && range.last < midMin));
  if ((inMid || jumpedMid) && !shown.has("mid")) return "mid";
  if (range.first <= startMax && !shown.has("start")) return "start";
  return null;
}

/**
 * Arrow keys follow the title's reading direction, not the interface language: in a right-to-left manga the
 * left arrow turns to the next page; in left-to-right comics and vertical webtoons the right arrow does.
 */
export function arrowStep(key: string, readingDirection: number): -1 | 0 | 1 {
  const rtl = readingDirection === ReadingDirection.RightToLeft;
  if (key === "ArrowRight") return rtl ? -1 : 1;
  if (key === "ArrowLeft") return rtl ? 1 : -1;
  return 0;
}

export interface KeyLike {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey?: boolean;
}

/**
 * Screenshot and developer-tool shortcuts (spec §4): PrintScreen, F12, Ctrl/Cmd+Shift+I/J/C, Cmd+Shift+3/4/5
 * (macOS screenshots), Ctrl/Cmd+S (save) and Ctrl/Cmd+P (print).
 */
export function isProtectedShortcut(e: KeyLike): boolean {
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  const code = e.code ?? "";
  if (key === "PrintScreen" || code === "PrintScreen" || key === "F12" || code === "F12") return true;
  const mod = e.ctrlKey || e.metaKey;
  if (mod && e.shiftKey && (["i", "j", "c"].includes(key) || ["KeyI", "KeyJ", "KeyC"].includes(code))) return true;
  if (e.metaKey && e.shiftKey && (["3", "4", "5", "#", "$", "%"].includes(key) || ["Digit3", "Digit4", "Digit5"].includes(code))) return true;
  if (mod && !e.shiftKey && (key === "s" || key === "p" || code === "KeyS" || code === "KeyP")) return true;
  return false;
}

/** The first page shown in a view for page `page`: double view shows pairs 1–2, 3–4, … */
export function spreadStart(page: number, view: ViewMode): number {
  return view === "double" ? page - ((page - 1) % 2) : page;
}

/** Pages per step and per request for a view (spec §7: 1 single, 2 double, vertical batches of 5 or 2 on phones). */
export function batchSize(view: ViewMode, isMobile: boolean): number {
  if (view === "single") return 1;
  if (view === "double") return 2;
  return isMobile ? READER.verticalBatchMobile : READER.verticalBatch;
}

/** The API page numbers (of `pageSize` pages each) that cover chapter pages `from`…`to`. */
export function apiPagesFor(from: number, to: number, pageSize: number): number[] {
  if (to < from) return [];
  const first = Math.floor((from - 1) / pageSize) + 1;
  const last = Math.floor((to - 1) / pageSize) + 1;
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

export function clampZoom(zoom: number): number {
  const { min, max } = READER.zoom;
  return Math.round(Math.min(max, Math.max(min, zoom)) * 100) / 100;
}
