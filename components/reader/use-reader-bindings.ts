"use client";

import { useEffect, useMemo, useState, useSyncExternalStore, type RefObject } from "react";
import { keyMapFor, resolveBindings, sideOf, swipeAction, type SwipeSensitivity, type TouchSettings } from "@/lib/reader-keys";
import { getKeyOverrides, getServerKeyOverrides, getServerTouchSettings, getTouchSettings, setKeyOverrides, setTouchSettings, subscribePrefs } from "./storage";

/**
 * The reader's keys and touch (issue 32, item 4; owns: reading the saved key bindings and touch settings, storage.ts, into
 * the key map for the direction pages turn in, and saving changes). On the account when signed in, in the browser otherwise.
 */
export function useReaderBindings(readingDirection: number) {
  const overrides = useSyncExternalStore(subscribePrefs, getKeyOverrides, getServerKeyOverrides);
  const touch = useSyncExternalStore(subscribePrefs, getTouchSettings, getServerTouchSettings);
  const bindings = useMemo(() => resolveBindings(overrides), [overrides]);
  const side = sideOf(readingDirection);
  const keyMap = useMemo(() => keyMapFor(bindings, side), [bindings, side]);
  return {
    overrides,
    bindings,
    side,
    keyMap,
    tapZones: touch.tapZones ?? true,
    swipe: touch.swipe ?? true,
    swipeSensitivity: (touch.swipeSensitivity ?? "medium") as SwipeSensitivity,
    setOverrides: setKeyOverrides,
    setTouch: (change: TouchSettings) => setTouchSettings(change),
  };
}

export type ReaderBindings = ReturnType<typeof useReaderBindings>;

/**
 * Swipe to turn (owns: the page area's touch listeners). A finished one-finger gesture that moved mostly sideways by the
 * sensitivity's distance turns a page in the paged views (swipeAction: mirrored for right-to-left titles); not while the
 * page is zoomed wider than the screen (the finger pans it then), nor in the vertical view.
 *
 * Returns whether sideways pans are the reader's: swipes on, the page not zoomed (the reader's zoom or the browser's
 * pinch). The page area then takes only vertical pans and pinches from the browser (`touch-action`), so a sideways swipe
 * is not also Chromium's "back"/"forward" swipe through the history.
 */
export function useSwipe(opts: {
  areaRef: RefObject<HTMLElement | null>;
  enabled: boolean;
  zoom: number;
  sensitivity: SwipeSensitivity;
  side: "ltr" | "rtl";
  goNext: () => void;
  goPrevious: () => void;
}): boolean {
  const { areaRef, enabled, zoom, sensitivity, side, goNext, goPrevious } = opts;
  const pinched = usePinchZoomed(enabled);
  useEffect(() => {
    const area = areaRef.current;
    if (!enabled || !area) return;
    let start: { x: number; y: number; at: number } | null = null;
    const onStart = (e: TouchEvent) => {
      const t = e.touches[0];
      start = e.touches.length === 1 && t ? { x: t.clientX, y: t.clientY, at: e.timeStamp } : null;
    };
    const onEnd = (e: TouchEvent) => {
      const t = e.changedTouches[0];
      const from = start;
      start = null;
      if (!from || !t || e.touches.length > 0 || e.timeStamp - from.at > 1_000) return;
      if (area.scrollWidth > area.clientWidth + 1) return;
      const turn = swipeAction(t.clientX - from.x, t.clientY - from.y, sensitivity, side);
      if (turn === null) return;
      // The click a browser may still send where the finger lifted is no tap on a zone.
      swipedAt = e.timeStamp;
      if (turn === "next") goNext();
      else goPrevious();
    };
    let swipedAt = -Infinity;
    const onClick = (e: MouseEvent) => {
      if (e.timeStamp - swipedAt < 600) e.stopPropagation();
    };
    const onCancel = () => {
      start = null;
    };
    area.addEventListener("touchstart", onStart, { passive: true });
    area.addEventListener("touchend", onEnd, { passive: true });
    area.addEventListener("touchcancel", onCancel, { passive: true });
    area.addEventListener("click", onClick, { capture: true });
    return () => {
      area.removeEventListener("click", onClick, { capture: true });
      area.removeEventListener("touchstart", onStart);
      area.removeEventListener("touchend", onEnd);
      area.removeEventListener("touchcancel", onCancel);
    };
  }, [areaRef, enabled, sensitivity, side, goNext, goPrevious]);
  return enabled && zoom <= 1 && !pinched;
}

/** Whether the browser's pinch zoom has enlarged the page (its visual viewport), watched while `watch` holds. */
function usePinchZoomed(watch: boolean): boolean {
  const [pinched, setPinched] = useState(false);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!watch || !viewport) return;
    const update = () => setPinched(viewport.scale > 1.01);
    update();
    viewport.addEventListener("resize", update);
    return () => viewport.removeEventListener("resize", update);
  }, [watch]);
  return pinched;
}

