"use client";

import { useCallback, useState } from "react";
import { advanceOverlay, NO_OVERLAY } from "./reader-logic";
import type { OverlayBand } from "./reader-utils";
import type { ReaderApi } from "./use-reader-api";

/**
 * The sponsored overlay (owns: which bands were shown and the one open now, judged whenever the position changes
 * once it is known; closing it; recording each impression for the chapter, failures ignored). `range` is the
 * position in percent; `positionKnown` is false until hydrated and a visitor's saved page is restored.
 */
export function useSponsoredOverlay(opts: { api: ReaderApi; chapterId: number; positionKnown: boolean; range: { first: number; last: number } }) {
  const { api, chapterId, range } = opts;
  const [overlay, setOverlay] = useState(NO_OVERLAY);
  const next = advanceOverlay(overlay, opts.positionKnown ? `${range.first}:${range.last}` : null, range);
  if (next) setOverlay(next);
  const closeOverlay = useCallback(() => setOverlay((o) => ({ ...o, open: null })), []);
  const recordImpression = useCallback((band: OverlayBand) => void api.recordImpression(chapterId, band).catch(() => undefined), [api, chapterId]);
  return { open: overlay.open, closeOverlay, recordImpression };
}
