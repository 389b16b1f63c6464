"use client";

import type { FitMode, ViewMode } from "./reader-utils";

/**
 * What the reader remembers in this browser (localStorage): view preferences (an external store for
 * useSyncExternalStore, so the server's HTML uses the defaults and the browser switches right after
 * hydration) and anonymous visitors' last page per chapter.
 *
 * Issue 32: the reading settings (view, fit, direction, cover alone, shift) are remembered per series
 * (`readerSeriesPrefs`, by manga id, the most recent 200), over the browser-wide ones (`readerPrefs`); with "use for
 * all series" (`allSeries` in `readerPrefs`) every series reads the browser-wide ones and changes go there. Data saver
 * is about the device, so it is always browser-wide.
 */
const PREFS_KEY = "readerPrefs";
const SERIES_KEY = "readerSeriesPrefs";
const PROGRESS_KEY = "readerProgress";
/** Anonymous progress keeps the most recent chapters only. */
const MAX_PROGRESS_ENTRIES = 200;
/** Series settings kept for the most recent series only. */
const MAX_SERIES_ENTRIES = 200;

/** A reading direction chosen over the title's own (lib/enums ReadingDirection: 0 right-to-left, 1 left-to-right). */
export type DirectionChoice = 0 | 1;

export interface SeriesPrefs {
  view?: ViewMode;
  fit?: FitMode;
  direction?: DirectionChoice;
  coverAlone?: boolean;
  shift?: boolean;
}

export interface ReaderPrefs extends SeriesPrefs {
  dataSaver?: boolean;
  allSeries?: boolean;
}

function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parse(raw: string | null): unknown {
  try {
    return JSON.parse(raw ?? "null");
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the reader works without remembering.
  }
}

const EMPTY: ReaderPrefs = Object.freeze({});
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedPrefs: ReaderPrefs = EMPTY;

const bool = (v: unknown) => (typeof v === "boolean" ? v : undefined);

/** Keeps only the settings a reader can have (anything else in storage is ignored). */
export function toSeriesPrefs(value: unknown): SeriesPrefs {
  if (!value || typeof value !== "object") return EMPTY;
  const r = value as Record<string, unknown>;
  const out: SeriesPrefs = {};
  if (r.view === "single" || r.view === "double" || r.view === "vertical") out.view = r.view;
  if (r.fit === "height" || r.fit === "width") out.fit = r.fit;
  if (r.direction === 0 || r.direction === 1) out.direction = r.direction;
  if (bool(r.coverAlone) !== undefined) out.coverAlone = r.coverAlone as boolean;
  if (bool(r.shift) !== undefined) out.shift = r.shift as boolean;
  return out;
}

function toPrefs(value: unknown): ReaderPrefs {
  if (!value || typeof value !== "object") return EMPTY;
  const r = value as Record<string, unknown>;
  const out: ReaderPrefs = toSeriesPrefs(value);
  if (bool(r.dataSaver) !== undefined) out.dataSaver = r.dataSaver as boolean;
  if (bool(r.allSeries) !== undefined) out.allSeries = r.allSeries as boolean;
  return out;
}

type SeriesMap = Record<string, SeriesPrefs & { at?: number }>;

function seriesMap(): SeriesMap {
  const value = parse(readRaw(SERIES_KEY));
  return value && typeof value === "object" && !Array.isArray(value) ? (value as SeriesMap) : {};
}

/**
 * The settings in force for a series: the browser-wide ones, overridden by the series' own unless "use for all series"
 * is on. Memoised on the stored text, so useSyncExternalStore sees the same object until something changes.
 */
export function effectivePrefs(global: ReaderPrefs, series: SeriesPrefs | undefined): ReaderPrefs {
  if (global.allSeries || !series) return global;
  return { ...global, ...toSeriesPrefs(series) };
}

let cachedKey: string | undefined;
let cachedSeriesPrefs: ReaderPrefs = EMPTY;

export function getPrefs(mangaId?: number): ReaderPrefs {
  const raw = readRaw(PREFS_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedPrefs = toPrefs(parse(raw));
  }
  if (mangaId === undefined) return cachedPrefs;
  const seriesRaw = readRaw(SERIES_KEY);
  const key = `${mangaId}|${raw}|${seriesRaw}`;
  if (key !== cachedKey) {
    cachedKey = key;
    cachedSeriesPrefs = effectivePrefs(cachedPrefs, seriesMap()[String(mangaId)]);
  }
  return cachedSeriesPrefs;
}

export function getServerPrefs(): ReaderPrefs {
  return EMPTY;
}

export function subscribePrefs(onChange: () => void): () => void {
  listeners.add(onChange);
  const onStorage = (e: StorageEvent) => {
    if (e.key === PREFS_KEY || e.key === SERIES_KEY) onChange();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * Saves settings: data saver and "use for all series" browser-wide; the reading settings for the series (`mangaId`), or
 * browser-wide when no series is named or "use for all series" is on. Turning "use for all series" on makes this
 * series' settings everyone's.
 */
export function setPrefs(prefs: ReaderPrefs, mangaId?: number): void {
  const global = getPrefs();
  const { dataSaver, allSeries, ...reading } = prefs;
  const deviceWide: ReaderPrefs = {};
  if (dataSaver !== undefined) deviceWide.dataSaver = dataSaver;
  if (allSeries !== undefined) deviceWide.allSeries = allSeries;
  if (allSeries === true && mangaId !== undefined) Object.assign(deviceWide, toSeriesPrefs(getPrefs(mangaId)));
  const toGlobal = mangaId === undefined || (allSeries ?? global.allSeries) === true;
  write(PREFS_KEY, { ...global, ...deviceWide, ...(toGlobal ? reading : {}) });
  if (!toGlobal && Object.keys(reading).length > 0) {
    const { [String(mangaId)]: mine, ...others } = seriesMap();
    // This series first, then the others from the most recent: the oldest are forgotten.
    const rest = Object.entries(others).sort((a, b) => (b[1].at ?? 0) - (a[1].at ?? 0)).slice(0, MAX_SERIES_ENTRIES - 1);
    write(SERIES_KEY, Object.fromEntries([[String(mangaId), { ...toSeriesPrefs(mine), ...reading, at: Date.now() }], ...rest]));
  }
  for (const listener of listeners) listener();
}

/** Where the vertical view's top edge is: a page and how far down it (0 its top, 1 its bottom). Issue 32. */
export interface ReadingAnchor {
  page: number;
  offset: number;
}

type ProgressMap = Record<string, { page: number; at: number; anchor?: ReadingAnchor }>;

function progressMap(): ProgressMap {
  const value = parse(readRaw(PROGRESS_KEY));
  return value && typeof value === "object" ? (value as ProgressMap) : {};
}

export function loadLocalProgress(chapterId: number): number | null {
  const entry = progressMap()[String(chapterId)];
  return entry && Number.isInteger(entry.page) && entry.page > 0 ? entry.page : null;
}

/** The vertical view's exact place in a chapter, as last saved in this browser (null: none, or not valid). */
export function loadLocalAnchor(chapterId: number): ReadingAnchor | null {
  const a = progressMap()[String(chapterId)]?.anchor;
  if (!a || !Number.isInteger(a.page) || a.page < 1 || typeof a.offset !== "number" || !(a.offset >= 0 && a.offset <= 1)) return null;
  return { page: a.page, offset: a.offset };
}

export function saveLocalProgress(chapterId: number, page: number, anchor?: ReadingAnchor | null): void {
  const map = progressMap();
  map[String(chapterId)] = anchor ? { page, at: Date.now(), anchor: { page: anchor.page, offset: Math.round(anchor.offset * 10_000) / 10_000 } } : { page, at: Date.now() };
  const entries = Object.entries(map);
  if (entries.length <= MAX_PROGRESS_ENTRIES) return write(PROGRESS_KEY, map);
  entries.sort((a, b) => b[1].at - a[1].at);
  write(PROGRESS_KEY, Object.fromEntries(entries.slice(0, MAX_PROGRESS_ENTRIES)));
}
