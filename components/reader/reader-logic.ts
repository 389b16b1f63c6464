import { READER } from "@/lib/reader-constants";
import { DEFAULT_BINDINGS, keyMapFor, normaliseKey, sideOf, type KeyAction } from "@/lib/reader-keys";
import { arrowStep, overlayFor, progressPercent, type OverlayBand, type ViewMode } from "./reader-utils";

/**
 * Pure decisions of the reader's hooks (no React, no DOM): where the reader is, what a key or a tap does,
 * what the footer says, which pages a request covers and when the sponsored overlay opens.
 */

/** A page number within the chapter (a bad or missing number opens page 1). */
export function clampPage(page: number, pageCount: number): number {
  return Math.max(1, Math.min(Number.isFinite(page) ? Math.trunc(page) : 1, Math.max(1, pageCount)));
}

/** Vertical view: how far the list must reach for `page` to be on it (one batch from that page, within the chapter). */
export function verticalReach(page: number, pageCount: number): number {
  return Math.min(pageCount, page + READER.verticalBatch - 1);
}

/** How double view pairs pages (issue 32): the cover alone, a one-page shift, and the chapter's spreads. */
export interface Pairing {
  coverAlone: boolean;
  shift: boolean;
  /** Page numbers of spreads (wider than tall), each shown alone. */
  spreads: ReadonlySet<number>;
}

export const DEFAULT_PAIRING: Pairing = { coverAlone: true, shift: false, spreads: new Set() };

/**
 * Double view's screens, in reading order: pairs of pages, with the cover (page 1) alone when asked, every spread
 * alone (the page before it then stands alone too, never paired across the spread), and with the shift the first page
 * that would open a pair standing alone instead, so every later pair moves by one page (till the next spread).
 */
export function doubleScreens(pageCount: number, pairing: Pairing): number[][] {
  const screens: number[][] = [];
  let open: number | null = null;
  let shift = pairing.shift;
  for (let n = 1; n <= pageCount; n++) {
    const alone = pairing.spreads.has(n) || (n === 1 && pairing.coverAlone);
    if (alone) {
      if (open !== null) screens.push([open]);
      open = null;
      screens.push([n]);
    } else if (open !== null) {
      screens.push([open, n]);
      open = null;
    } else if (shift) {
      screens.push([n]);
      shift = false;
    } else open = n;
  }
  if (open !== null) screens.push([open]);
  return screens;
}

export interface Screen {
  first: number;
  last: number;
  spread: number[];
  /** The first page of the screen before and after this one (null at the chapter's edges). */
  previous: number | null;
  next: number | null;
}

/** The pages on screen for the page being read: one, or in double view the screen (pair or lone page) holding it. */
export function spreadOf(current: number, view: ViewMode, pageCount: number, screens?: readonly number[][]): Screen {
  if (view !== "double" || !screens || screens.length === 0) {
    return { first: current, last: current, spread: [current], previous: current > 1 ? current - 1 : null, next: current < pageCount ? current + 1 : null };
  }
  const i = Math.max(0, screens.findIndex((s) => s.includes(current)));
  const screen = screens[i]!;
  return {
    first: screen[0]!,
    last: screen[screen.length - 1]!,
    spread: screen,
    previous: screens[i - 1]?.[0] ?? null,
    next: screens[i + 1]?.[0] ?? null,
  };
}

/** Reading position of the first and last page on screen in percent (the end card is 100). */
export function progressRange(first: number, last: number, pageCount: number, atEnd: boolean): { first: number; last: number } {
  return { first: atEnd ? 100 : progressPercent(first, pageCount), last: atEnd ? 100 : progressPercent(last, pageCount) };
}

/** The page saved as progress: the last one on screen (the chapter's last page at the end card). */
export function savedPageFor(view: ViewMode, position: { current: number; last: number; atEnd: boolean }, pageCount: number): number {
  if (position.atEnd) return pageCount;
  return view === "double" ? position.last : position.current;
}

/** Whether the footer's previous and next buttons can turn a page. */
export function turnAvailability(
  view: ViewMode,
  position: { current: number; first: number; atEnd: boolean },
  pageCount: number,
): { canPrevious: boolean; canNext: boolean } {
  if (view === "vertical") return { canPrevious: position.current > 1, canNext: position.current < pageCount };
  return { canPrevious: position.atEnd || position.first > 1, canNext: !position.atEnd && pageCount > 0 };
}

/** Whether the next chapter's first page is worth preloading: on the last two pages or at the end card. */
export function isNearEnd(last: number, atEnd: boolean, pageCount: number): boolean {
  return pageCount > 0 && (atEnd || last >= pageCount - 1);
}

export type PageLabel = { key: "pagesOf"; first: number; last: number; total: number } | { key: "pageOf"; current: number; total: number };

/** The footer's position label ("Page 3 of 20", "Pages 3–4 of 20"); none for a chapter without pages. */
export function pageLabelFor(view: ViewMode, position: { current: number; first: number; last: number; spread: readonly number[] }, pageCount: number): PageLabel | null {
  if (pageCount === 0) return null;
  if (position.spread.length > 1 && view !== "vertical") return { key: "pagesOf", first: position.first, last: position.last, total: pageCount };
  return { key: "pageOf", current: view === "vertical" ? position.current : position.first, total: pageCount };
}

/** The chapter pages an API page of `size` pages covers. */
export function pagesCoveredBy(apiPage: number, size: number, pageCount: number): number[] {
  return Array.from({ length: size }, (_, i) => (apiPage - 1) * size + 1 + i).filter((n) => n <= pageCount);
}

/** A tap on the page area, as a fraction of its width from the left: the outer thirds act as the arrow keys. */
export function tapKey(fraction: number): "ArrowLeft" | "ArrowRight" | null {
  return fraction < 0.35 ? "ArrowLeft" : fraction > 0.65 ? "ArrowRight" : null;
}

/** What a tap on the page area does in the title's reading direction: the outer thirds turn to the next or previous page. */
export function tapTurn(fraction: number, readingDirection: number): "next" | "previous" | null {
  const key = tapKey(fraction);
  if (!key) return null;
  return arrowStep(key, readingDirection) > 0 ? "next" : "previous";
}

export type ReaderKeyAction =
  | "closePanels" | "exitFullscreen" | "next" | "previous" | "toggleFullscreen" | "resetZoom" | "zoomIn" | "zoomOut"
  | "nextChapter" | "previousChapter" | "goToPage" | "openHelp";

/**
 * What a key does in the reader (spec §9): ←/→ in the title's reading direction, F fullscreen, R reset zoom,
 * +/− zoom; Escape closes the open panel, else leaves fullscreen. Keys with Ctrl, Cmd or Alt are the browser's,
 * and only Escape works while the settings or the help are open. Issue 32: ] and [ open the next and previous chapter,
 * G the page navigator (jump to a page).
 */
export function readerKeyAction(
  e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean },
  state: { menuOpen: boolean; settingsOpen: boolean; helpOpen: boolean; fullscreen: boolean; readingDirection: number; navigatorOpen?: boolean; keys?: ReadonlyMap<string, KeyAction> },
): ReaderKeyAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (e.key === "Escape") {
    if (state.menuOpen || state.settingsOpen || state.helpOpen || state.navigatorOpen) return "closePanels";
    return state.fullscreen ? "exitFullscreen" : null;
  }
  if (state.settingsOpen || state.helpOpen) return null;
  // "?" opens the keyboard help, as on most sites with keyboard shortcuts (never rebound, like Escape).
  if (e.key === "?") return "openHelp";
  // Issue 32: the reader's own bindings (lib/reader-keys.ts), the defaults for this side when none are given.
  const keys = state.keys ?? keyMapFor(DEFAULT_BINDINGS, sideOf(state.readingDirection));
  return keys.get(normaliseKey(e.key)) ?? null;
}

/**
 * The time until a scheduled chapter comes out, in the unit a reader would say it (minutes within the hour, hours
 * within the day, else days), rounded up so it never reads "in 0"; null once it is out.
 */
export function releaseIn(ms: number): { value: number; unit: "minute" | "hour" | "day" } | null {
  if (!Number.isFinite(ms) || ms <= 0) return null;
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 60) return { value: minutes, unit: "minute" };
  const hours = Math.ceil(ms / 3_600_000);
  if (hours < 24) return { value: hours, unit: "hour" };
  return { value: Math.ceil(ms / 86_400_000), unit: "day" };
}

/** The sponsored overlay's memory: the position it was last judged at, the bands shown, and the one open now. */
export interface OverlayState {
  at: string | null;
  previous: number | null;
  shown: readonly OverlayBand[];
  open: OverlayBand | null;
}

export const NO_OVERLAY: OverlayState = { at: null, previous: null, shown: [], open: null };

/**
 * The overlay's next state when the reader reaches a new position (`positionKey`, null until the position is
 * known), or null when nothing changes: an open overlay stays until closed, and a position is judged once.
 */
export function advanceOverlay(state: OverlayState, positionKey: string | null, range: { first: number; last: number }): OverlayState | null {
  if (positionKey === null || positionKey === state.at || state.open !== null) return null;
  const band = overlayFor(state.previous, range, new Set(state.shown));
  return { at: positionKey, previous: range.last, shown: band ? [...state.shown, band] : state.shown, open: band };
}
