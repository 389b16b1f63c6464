"use client";

import { useSyncExternalStore } from "react";

/** Whether a media query matches; false on the server and in the first client render (no hydration mismatch). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

const subscribeNothing = () => () => undefined;

/** False on the server and during hydration, true afterwards: for state that only the browser knows. */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNothing, () => true, () => false);
}
