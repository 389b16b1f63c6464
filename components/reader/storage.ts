"use client";

import type { FitMode, ViewMode } from "./reader-utils";

/**
 * What the reader remembers in this browser (localStorage): view preferences (an external store for
 * useSyncExternalStore, so the server's HTML uses the defaults and the browser switches right after
 * hydration) and anonymous visitors' last page per chapter.
 */
const PREFS_KEY = "readerPrefs";
const PROGRESS_KEY = "readerProgress";
/** Anonymous progress keeps the most recent chapters only. */
const MAX_PROGRESS_ENTRIES = 200;

export interface ReaderPrefs {
  view?: ViewMode;
  fit?: FitMode;
  dataSaver?: boolean;
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

function toPrefs(value: unknown): ReaderPrefs {
  if (!value || typeof value !== "object") return EMPTY;
  const r = value as Record<string, unknown>;
  return {
    view: r.view === "single" || r.view === "double" || r.view === "vertical" ? r.view : undefined,
    fit: r.fit === "height" || r.fit === "width" ? r.fit : undefined,
    dataSaver: typeof r.dataSaver === "boolean" ? r.dataSaver : undefined,
  };
}

export function getPrefs(): ReaderPrefs {
  const raw = readRaw(PREFS_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedPrefs = toPrefs(parse(raw));
  }
  return cachedPrefs;
}

export function getServerPrefs(): ReaderPrefs {
  return EMPTY;
}

export function subscribePrefs(onChange: () => void): () => void {
  listeners.add(onChange);
  const onStorage = (e: StorageEvent) => {
    if (e.key === PREFS_KEY) onChange();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onStorage);
  };
}

export function setPrefs(prefs: ReaderPrefs): void {
  write(PREFS_KEY, { ...getPrefs(), ...prefs });
  for (const listener of listeners) listener();
}

type ProgressMap = Record<string, { page: number; at: number }>;

function progressMap(): ProgressMap {
  const value = parse(readRaw(PROGRESS_KEY));
  return value && typeof value === "object" ? (value as ProgressMap) : {};
}

export function loadLocalProgress(chapterId: number): number | null {
  const entry = progressMap()[String(chapterId)];
  return entry && Number.isInteger(entry.page) && entry.page > 0 ? entry.page : null;
}

export function saveLocalProgress(chapterId: number, page: number): void {
  const map = progressMap();
  map[String(chapterId)] = { page, at: Date.now() };
  const entries = Object.entries(map);
  if (entries.length <= MAX_PROGRESS_ENTRIES) return write(PROGRESS_KEY, map);
  entries.sort((a, b) => b[1].at - a[1].at);
  write(PROGRESS_KEY, Object.fromEntries(entries.slice(0, MAX_PROGRESS_ENTRIES)));
}
