import { COUNTER_REFRESH_MS } from "@/lib/constants";
import { getBus, type Bus } from "@/server/core/bus";
import type { UnitOfWork } from "@/server/core/unit-of-work";
import { clearCatalogueCounts } from "./list-manga";

/**
 * What the public catalogue pages show changed: which manga (their preview pages), or the catalogue as a whole
 * (lists, carousels, counts, page settings). The cached public reads (./cache.ts) include these generations in their
 * keys, so a bumped generation makes the next read fresh on every process at once; older entries expire on their own.
 */
export interface CatalogueChange {
  manga?: number | readonly number[];
  /** Lists, carousels, totals and page settings (anything beyond single manga pages). */
  catalogue?: boolean;
  /**
   * Only counters shown on these manga's pages moved (a favourite): their pages are refreshed at once when the last
   * such refresh is older than COUNTER_REFRESH_MS, else once at its end, so a busy heart button costs each process
   * one render of the preview per window instead of one per click.
   */
  counters?: number | readonly number[];
}

interface Generations {
  all: number;
  manga: Map<number, number>;
  /** Where every generation starts in this process: its start time (see below). */
  base: number;
  /** When each manga's counters last refreshed its pages here, and the refreshes waiting for their window's end. */
  counterRefreshedAt: Map<number, number>;
  counterRefreshDue: Map<number, NodeJS.Timeout>;
  /** This process, in what it publishes (the bus delivers to the publisher too). */
  origin: string;
  /** Told of every change applied here (the page cache renders the pages again before a visitor asks: ../http/page-cache-warm.ts). */
  listeners: Set<(change: AppliedChange) => void>;
}

/** A change as this process applied it: the manga whose pages changed, and whether the catalogue's did. */
export interface AppliedChange {
  manga: number[];
  catalogue: boolean;
}

// On globalThis: the custom server (which hears the bus) and Next's bundled page code (which reads) share it.
const KEY = Symbol.for("manga.catalogue.generations");
// Generations start at the process's start time, not 0: Next keeps unstable_cache entries on disk (.next/cache), and
// an entry written by an earlier run (on another database, or before a restore) must never match a key of this one.
const BOOT = Date.now();
const generations: Generations = ((globalThis as Record<symbol, unknown>)[KEY] ??= {
  all: BOOT,
  manga: new Map(),
  base: BOOT,
  counterRefreshedAt: new Map(),
  counterRefreshDue: new Map(),
  origin: `${process.pid}.${Math.random().toString(36).slice(2)}`,
  listeners: new Set(),
} satisfies Generations) as Generations;
// A process that loaded an older copy of this module first (Next's dev reloads) has none yet.
generations.listeners ??= new Set();
const { counterRefreshedAt, counterRefreshDue } = generations;

/** The catalogue's generation (part of every cached list's key). */
export function catalogueGeneration(): number {
  return generations.all;
}

/** One manga's generation (part of its cached preview's key). */
export function mangaGeneration(id: number): number {
  return generations.manga.get(id) ?? generations.base;
}

function list(value: number | readonly number[] | undefined): number[] {
  return value === undefined ? [] : typeof value === "number" ? [value] : [...value];
}
const ids = (change: CatalogueChange) => list(change.manga);

function refreshCounters(id: number) {
  if (counterRefreshDue.has(id)) return;
  const now = Date.now();
  const wait = (counterRefreshedAt.get(id) ?? -Infinity) + COUNTER_REFRESH_MS - now;
  const refresh = () => {
    counterRefreshDue.delete(id);
    counterRefreshedAt.set(id, Date.now());
    generations.manga.set(id, mangaGeneration(id) + 1);
  };
  if (wait <= 0) {
    // Forget refreshes whose window has passed (they no longer delay anything), so the map stays small.
    if (counterRefreshedAt.size > 10_000) for (const [key, at] of counterRefreshedAt) if (at + COUNTER_REFRESH_MS <= now) counterRefreshedAt.delete(key);
    refresh();
    return;
  }
  const timer = setTimeout(refresh, wait);
  timer.unref?.();
  counterRefreshDue.set(id, timer);
}

/** Applies a change in this process: the next public read of what it touched is fresh. */
export function applyCatalogueChange(change: CatalogueChange): void {
  const manga = ids(change);
  for (const id of manga) generations.manga.set(id, mangaGeneration(id) + 1);
  for (const id of list(change.counters)) refreshCounters(id);
  if (change.catalogue) {
    generations.all += 1;
    clearCatalogueCounts();
  }
  // Counters alone are not announced: their pages refresh on their own window (refreshCounters).
  if (manga.length > 0 || change.catalogue) for (const listener of generations.listeners) listener({ manga, catalogue: Boolean(change.catalogue) });
}

/** Calls `listener` after every change this process applies (its own and the bus's). Returns the unsubscribe. */
export function onCatalogueChange(listener: (change: AppliedChange) => void): () => void {
  generations.listeners.add(listener);
  return () => generations.listeners.delete(listener);
}

/**
 * Declares, inside a use case, that its commit changes what the public pages show. After the commit this process
 * applies it at once (the writer's next page is fresh) and the bus tells every other process.
 */
export function changed(uow: UnitOfWork, change: CatalogueChange): void {
  uow.afterCommit(async () => {
    applyCatalogueChange(change);
    await (await getBus()).publish("manga_catalogue", JSON.stringify({ manga: ids(change), counters: list(change.counters), catalogue: Boolean(change.catalogue), from: generations.origin }));
  });
}

/**
 * Every process applies the changes any process announces (started with the server). After its bus listener was
 * away (a database restart), a process cannot know what it missed, so every public read starts afresh.
 * Returns the unsubscribe.
 */
export function followCatalogueChanges(bus: Bus): () => void {
  const off = bus.subscribe("manga_catalogue", (payload) => {
    const change = JSON.parse(payload) as { manga?: unknown; counters?: unknown; catalogue?: unknown; from?: unknown };
    const numbers = (value: unknown) => (Array.isArray(value) ? value.map(Number).filter((n) => Number.isSafeInteger(n)) : []);
    // This process applied its own counters already: applied twice, they would wait for a second refresh.
    const counters = change.from === generations.origin ? [] : numbers(change.counters);
    applyCatalogueChange({ manga: numbers(change.manga), counters, catalogue: change.catalogue === true });
  });
  const offResync = bus.onResync(() => {
    generations.manga.clear();
    generations.base = Math.max(Date.now(), generations.base + 1);
    applyCatalogueChange({ catalogue: true });
  });
  return () => {
    off();
    offResync();
  };
}
