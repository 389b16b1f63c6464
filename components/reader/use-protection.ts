"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { READER } from "@/lib/reader-constants";
import { isProtectedShortcut } from "./reader-utils";

/** Screenshot and developer-tool shortcuts black the reader out (PrintScreen is often only reported on key up). */
function useProtectedShortcuts(blackout: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isProtectedShortcut(e)) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      // One blackout per press: on key down, or on key up for PrintScreen (often reported only then).
      const printScreen = e.key === "PrintScreen" || e.code === "PrintScreen";
      if (e.type === "keydown" || printScreen) blackout();
    };
    window.addEventListener("keydown", onKey, { capture: true });
    window.addEventListener("keyup", onKey, { capture: true });
    return () => {
      window.removeEventListener("keydown", onKey, { capture: true });
      window.removeEventListener("keyup", onKey, { capture: true });
    };
  }, [blackout]);
}

/** No context menu (save image, inspect) and no dragging anywhere in the reader. */
function useNoContextMenu(root: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const block = (e: Event) => e.preventDefault();
    el.addEventListener("contextmenu", block);
    el.addEventListener("dragstart", block);
    return () => {
      el.removeEventListener("contextmenu", block);
      el.removeEventListener("dragstart", block);
    };
  }, [root]);
}

/**
 * The timing-anomaly detector: a tick late by more than READER.timingAnomalyMs (and by more than three times the
 * worst lateness of the last ten seconds, so a busy device raises its own bar), outside the quiet periods.
 */
function useTimingAnomaly(quietUntilRef: React.RefObject<number>, blackout: () => void) {
  useEffect(() => {
    const tick = READER.timingTickMs;
    const recent: number[] = [];
    let last = performance.now();
    quietUntilRef.current = last + READER.timingGraceMs;
    const id = window.setInterval(() => {
      const now = performance.now();
      const late = Math.max(0, now - last - tick);
      last = now;
      const usual = recent.length ? Math.max(...recent) : 0;
      recent.push(late);
      if (recent.length > 10_000 / tick) recent.shift();
      if (document.visibilityState !== "visible" || !document.hasFocus()) {
        quietUntilRef.current = now + READER.timingGraceMs;
        return;
      }
      if (now < quietUntilRef.current) return;
      if (late > READER.timingAnomalyMs && late > 3 * usual) blackout();
    }, tick);
    return () => window.clearInterval(id);
  }, [quietUntilRef, blackout]);
}

/**
 * Content protection (spec §4): blackout for READER.blackoutMs on a screenshot or developer-tool shortcut or
 * a timing anomaly (a timer tick late by more than READER.timingAnomalyMs, as when a debugger pauses the page);
 * blur while the tab is not focused; no context menu inside the reader.
 *
 * The timing check is one cheap interval. It stays quiet for READER.timingGraceMs after start, after the tab
 * was hidden or lost focus (background timers are throttled) and after the reader did heavy work (`quiet()`:
 * page turns, view changes, images loading, scrolling, resizing), and it adapts to the device: lateness must also
 * be three times the worst of the last ten seconds. A paused debugger (seconds) still trips it; a busy phone does not.
 */
export function useContentProtection(root: React.RefObject<HTMLElement | null>) {
  const [blackoutUntil, setBlackoutUntil] = useState<number | null>(null);
  const [blurred, setBlurred] = useState(false);
  const quietUntil = useRef(0);

  // A new trigger during a blackout does not extend it by a few milliseconds (the countdown stays steady).
  const blackout = useCallback(() => setBlackoutUntil((until) => (until !== null && until - Date.now() > READER.blackoutMs - 1_000 ? until : Date.now() + READER.blackoutMs)), []);
  const quiet = useCallback(() => {
    quietUntil.current = Math.max(quietUntil.current, performance.now() + READER.timingGraceMs);
  }, []);

  useProtectedShortcuts(blackout);

  // Blur when the tab or window loses focus.
  useEffect(() => {
    const hide = () => setBlurred(true);
    const show = () => {
      setBlurred(false);
      quiet();
    };
    const onVisibility = () => (document.visibilityState === "hidden" ? hide() : undefined);
    window.addEventListener("blur", hide);
    window.addEventListener("focus", show);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("blur", hide);
      window.removeEventListener("focus", show);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [quiet]);

  useNoContextMenu(root);

  useTimingAnomaly(quietUntil, blackout);

  // The reader's own heavy moments (images arriving, scrolling, resizing) are not anomalies.
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    el.addEventListener("load", quiet, { capture: true });
    el.addEventListener("scroll", quiet, { capture: true, passive: true });
    window.addEventListener("resize", quiet);
    return () => {
      el.removeEventListener("load", quiet, { capture: true });
      el.removeEventListener("scroll", quiet, { capture: true });
      window.removeEventListener("resize", quiet);
    };
  }, [root, quiet]);

  // The blackout ends by itself.
  useEffect(() => {
    if (blackoutUntil === null) return;
    const timer = window.setTimeout(() => setBlackoutUntil(null), Math.max(0, blackoutUntil - Date.now()));
    return () => window.clearTimeout(timer);
  }, [blackoutUntil]);

  return { blackoutUntil, blurred, quiet };
}
