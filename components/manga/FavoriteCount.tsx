"use client";

import { useSyncExternalStore } from "react";
import { formatMessage, type Compiled } from "@/i18n/format";

/**
 * What the browser has learnt about manga favourite counts since the page was rendered, so every place that shows a
 * count (cards, the preview's figure) agrees at once after a toggle (spec §4) without TanStack Query on public pages.
 * A count is the server-rendered one, replaced by the server's answer to a toggle (`known`), plus the flips still in
 * flight (`pending`: +1 or -1 each, undone on failure).
 */
const known = new Map<number, number>();
const pending = new Map<number, number>();
const listeners = new Set<() => void>();
let version = 0;

/** Counts the browser learnt before this page (./favorite-count-memory.ts, loaded with the signed-in heart). */
export function learnFavoriteCounts(counts: ReadonlyMap<number, number>) {
  if (counts.size === 0) return;
  counts.forEach((count, mangaId) => known.set(mangaId, count));
  notify();
}

function notify() {
  version += 1;
  listeners.forEach((listener) => listener());
}

function add(mangaId: number, delta: number) {
  pending.set(mangaId, (pending.get(mangaId) ?? 0) + delta);
  notify();
}

/** A flip sent to the server (+1 added, -1 removed); `settle` it with the server's count, or `undo` it. */
export function flipFavoriteCount(mangaId: number, delta: 1 | -1) {
  add(mangaId, delta);
  return {
    settle(count: number) {
      known.set(mangaId, count);
      add(mangaId, -delta);
    },
    undo: () => add(mangaId, -delta),
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The count to show for a manga whose server-rendered count is `rendered`. */
export function useFavoriteCount(mangaId: number, rendered: number): number {
  // Nothing learnt yet, or hydrating: the server's count, as in its HTML.
  if (useSyncExternalStore(subscribe, () => version, () => 0) === 0) return rendered;
  return Math.max(0, (known.get(mangaId) ?? rendered) + (pending.get(mangaId) ?? 0));
}

/**
 * A manga's favourite count that follows the hearts on the page (above): formatted with a plural
 * message ("{count, plural, …}") in `locale`, or the number alone without one.
 *
 * While the count is the rendered one, it is `text`, the renderer's own formatting of it (the same formatMessage, on the server), not
 * formatted here: the browser's first Intl object (a number format for `#`) costs ~110 ms of a 4×-throttled phone's
 * main thread (its ICU data), in the page's hydration task, on every page with a card or a preview (issue 30, TBT).
 */
export function FavoriteCount({ mangaId, count, text, locale, message = 0 }: { mangaId: number; count: number; text: string; locale: string; message?: Compiled | 0 }) {
  const shown = useFavoriteCount(mangaId, count);
  return shown === count ? text : formatMessage(locale, message, { count: shown }, shown);
}
