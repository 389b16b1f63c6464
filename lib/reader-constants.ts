/**
 * The chapter reader's constants (spec §4, §9), apart from lib/constants.ts so public pages, which import that module,
 * do not ship them.
 */
/** Timings, batches, widths and protection thresholds. */
export const READER = {
  /** A view is recorded after this long on a chapter. */
  recordViewAfterMs: 10_000,
  /** The next page is prefetched this long after a page turn. */
  prefetchDelayMs: 300,
  /** Sponsored overlay: close button disabled this long; shown once each at these progress bands (percent). */
  overlayCloseDelayMs: 1_000,
  overlayBands: { startMax: 5, midMin: 48, midMax: 52, endMin: 95 },
  /** Vertical view: pages per batch (2 at the mobile breakpoint or narrower), loaded within this many px of the bottom. */
  verticalBatch: 5,
  verticalBatchMobile: 2,
  loadMoreWithinPx: 300,
  scrollSettleMs: 200,
  /** Breakpoints (px): at or below `mobile` is a phone (double view unavailable), at or below `tablet` a tablet. */
  breakpoints: { mobile: 768, tablet: 1024 },
  /** Page render widths (px) for phone, tablet and desktop; each is a stored variant. */
  renderWidths: { mobile: 350, tablet: 500, desktop: 700 },
  zoom: { min: 0.5, max: 5, step: 0.25 },
  /** Content protection: blackout length, and the timer drift that counts as a timing anomaly. */
  blackoutMs: 50_000,
  timingAnomalyMs: 100,
  /** The anomaly detector's tick, and how long it stays quiet after start, a page turn or the tab being hidden. */
  timingTickMs: 500,
  timingGraceMs: 5_000,
  /** Mobile title truncation (characters). */
  truncate: { chapter: 25, manga: 20 },
  /** Progress is saved this long after the last page turn. */
  saveProgressDebounceMs: 800,
  /** Largest page batch the page APIs return at once. */
  maxPagesPerRequest: 50,
} as const;
