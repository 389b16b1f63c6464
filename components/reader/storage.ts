"use client";

import { toKeyOverrides, toTouchSettings, type KeyOverrides, type TouchSettings } from "@/lib/reader-keys";
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
 *
 * Issue 32, items 4 and 5: key bindings (`readerKeys`) and touch settings (`readerTouch`) are kept the same way. Signed
 * in, all of these but data saver live on the account instead (connectAccount): the reader page renders the account's
 * document into the page, the store reads it from memory, and every change is sent back a second after the last one
 * (PUT /api/Authentication/Me/ReaderSettings). An account that never saved any starts from this browser's.
 */
const PREFS_KEY = "readerPrefs";
const SERIES_KEY = "readerSeriesPrefs";
const KEYS_KEY = "readerKeys";
const TOUCH_KEY = "readerTouch";
/** What the account keeps (data saver, in PREFS_KEY too, stays in the browser). */
const ACCOUNT_KEYS = [PREFS_KEY, SERIES_KEY, KEYS_KEY, TOUCH_KEY] as const;
const SAVE_AFTER_MS = 1_000;
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

/** The reader's settings as the account keeps them (server/account/reader-settings.ts readerSettingsDocument). */
export interface AccountReaderSettings {
  prefs: Omit<ReaderPrefs, "dataSaver">;
  series: Record<string, SeriesPrefs & { at?: number }>;
  keys: KeyOverrides;
  touch: TouchSettings;
}

/** Signed in: the account's settings, as the same texts localStorage would hold, and how to send them back. */
let account: { user: string; texts: Map<string, string>; save: (doc: AccountReaderSettings) => Promise<unknown> } | null = null;
let saveTimer: number | undefined;

function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function readRaw(key: string): string | null {
  if (account && (ACCOUNT_KEYS as readonly string[]).includes(key)) return account.texts.get(key) ?? null;
  return readLocal(key);
}

function parse(raw: string | null): unknown {
  try {
    return JSON.parse(raw ?? "null");
  } catch {
    return null;
  }
}

function writeLocal(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the reader works without remembering.
  }
}

function write(key: string, value: unknown): void {
  if (!account || !(ACCOUNT_KEYS as readonly string[]).includes(key)) return writeLocal(key, value);
  account.texts.set(key, JSON.stringify(value));
  window.clearTimeout(saveTimer);
  saveTimer = window.setTimeout(flushAccountSettings, SAVE_AFTER_MS);
}

/** The account's document from the texts (only what it may hold: the server refuses anything else). */
function accountDocument(texts: { get(key: string): string | null | undefined }): AccountReaderSettings {
  const { dataSaver: _device, ...prefs } = toPrefs(parse(texts.get(PREFS_KEY) ?? null));
  void _device;
  const rawSeries = parse(texts.get(SERIES_KEY) ?? null);
  const series: AccountReaderSettings["series"] = {};
  if (rawSeries && typeof rawSeries === "object" && !Array.isArray(rawSeries)) {
    const entries = Object.entries(rawSeries as SeriesMap)
      .filter(([id]) => /^[1-9]\d{0,8}$/.test(id))
      .sort((a, b) => (b[1]?.at ?? 0) - (a[1]?.at ?? 0))
      .slice(0, MAX_SERIES_ENTRIES);
    for (const [id, entry] of entries) {
      const at = entry?.at;
      series[id] = { ...toSeriesPrefs(entry), ...(Number.isInteger(at) && (at as number) >= 0 ? { at } : {}) };
    }
  }
  return { prefs, series, keys: toKeyOverrides(parse(texts.get(KEYS_KEY) ?? null)), touch: toTouchSettings(parse(texts.get(TOUCH_KEY) ?? null)) };
}

/** Sends a pending change to the account now (the reader leaving, a test waiting); failures are left (settings stay for this page). */
export function flushAccountSettings(): void {
  if (saveTimer === undefined) return;
  window.clearTimeout(saveTimer);
  saveTimer = undefined;
  if (!account) return;
  const texts = account.texts;
  void account.save(accountDocument({ get: (k) => texts.get(k) })).catch(() => undefined);
}

/**
 * Signed in (issue 32): the store reads and writes the account's settings from now on (`doc`, null when the account has
 * none yet: this browser's are its start). Once per user; called while the reader renders, before it reads the store.
 */
export function connectAccount(user: string, doc: AccountReaderSettings | null, save: (doc: AccountReaderSettings) => Promise<unknown>): void {
  if (typeof window === "undefined") return;
  if (account?.user === user) {
    account.save = save;
    return;
  }
  const start = doc ?? accountDocument({ get: readLocal });
  const texts = new Map<string, string>([
    [PREFS_KEY, JSON.stringify(start.prefs)],
    [SERIES_KEY, JSON.stringify(start.series)],
    [KEYS_KEY, JSON.stringify(start.keys)],
    [TOUCH_KEY, JSON.stringify(start.touch)],
  ]);
  account = { user, texts, save };
}

/** Signed out: back to this browser's settings. */
export function disconnectAccount(): void {
  if (!account) return;
  flushAccountSettings();
  account = null;
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
  // Signed in, data saver is still this browser's.
  const raw = account ? `${readRaw(PREFS_KEY)}|${readLocal(PREFS_KEY)}` : readRaw(PREFS_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    const prefs = toPrefs(parse(readRaw(PREFS_KEY)));
    if (account) {
      const { dataSaver } = toPrefs(parse(readLocal(PREFS_KEY)));
      delete prefs.dataSaver;
      if (dataSaver !== undefined) prefs.dataSaver = dataSaver;
    }
    cachedPrefs = prefs;
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
    if (e.key === PREFS_KEY || e.key === SERIES_KEY || e.key === KEYS_KEY || e.key === TOUCH_KEY) onChange();
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
  if (account) {
    // Data saver to this browser, the rest to the account (a change of data saver alone sends nothing).
    const { dataSaver: _local, ...forAccount } = { ...global, ...deviceWide, ...(toGlobal ? reading : {}) };
    void _local;
    if (dataSaver !== undefined) writeLocal(PREFS_KEY, { ...toPrefs(parse(readLocal(PREFS_KEY))), dataSaver });
    if (Object.keys(prefs).some((k) => k !== "dataSaver")) write(PREFS_KEY, forAccount);
  } else write(PREFS_KEY, { ...global, ...deviceWide, ...(toGlobal ? reading : {}) });
  if (!toGlobal && Object.keys(reading).length > 0) {
    const { [String(mangaId)]: mine, ...others } = seriesMap();
    // This series first, then the others from the most recent: the oldest are forgotten.
    const rest = Object.entries(others).sort((a, b) => (b[1].at ?? 0) - (a[1].at ?? 0)).slice(0, MAX_SERIES_ENTRIES - 1);
    write(SERIES_KEY, Object.fromEntries([[String(mangaId), { ...toSeriesPrefs(mine), ...reading, at: Date.now() }], ...rest]));
  }
  for (const listener of listeners) listener();
}

let cachedKeysRaw: string | null | undefined;
let cachedKeys: KeyOverrides = {};
let cachedTouchRaw: string | null | undefined;
let cachedTouch: TouchSettings = {};

/** The reader's key bindings: their changes over the defaults (lib/reader-keys.ts). */
export function getKeyOverrides(): KeyOverrides {
  const raw = readRaw(KEYS_KEY);
  if (raw !== cachedKeysRaw) {
    cachedKeysRaw = raw;
    cachedKeys = toKeyOverrides(parse(raw));
  }
  return cachedKeys;
}

export function getTouchSettings(): TouchSettings {
  const raw = readRaw(TOUCH_KEY);
  if (raw !== cachedTouchRaw) {
    cachedTouchRaw = raw;
    cachedTouch = toTouchSettings(parse(raw));
  }
  return cachedTouch;
}

const NO_KEYS: KeyOverrides = Object.freeze({});
const NO_TOUCH: TouchSettings = Object.freeze({});
export const getServerKeyOverrides = () => NO_KEYS;
export const getServerTouchSettings = () => NO_TOUCH;

export function setKeyOverrides(overrides: KeyOverrides): void {
  write(KEYS_KEY, toKeyOverrides(overrides));
  for (const listener of listeners) listener();
}

export function setTouchSettings(change: TouchSettings): void {
  write(TOUCH_KEY, toTouchSettings({ ...getTouchSettings(), ...change }));
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
