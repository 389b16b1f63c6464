import { GENRES, type Genre } from "@/lib/enums";
import { isAdFree } from "@/lib/premium";
import type { PageShapes, ReaderPage } from "@/lib/paged";

/**
 * Chapters saved for reading offline (issue 32, item 6; docs/decisions/009, "Offline"): what the browser keeps of each
 * one, and the pure rules around it (which image a device keeps, when a premium chapter's copy must go). The images are
 * in Cache Storage (OFFLINE_CACHE), keyed by the URL they were fetched from; the records are in localStorage.
 */

/** Cache Storage's cache of saved page images. */
export const OFFLINE_CACHE = "mn-offline-pages-v1";
/** localStorage key of the saved chapters' records. */
export const OFFLINE_RECORDS_KEY = "offlineChapters";
/** At most this many chapters are kept (a record is a few kB; images are what take space). */
export const MAX_OFFLINE_CHAPTERS = 50;

/** A saved page: what the reader needs to lay it out, and the one image URL kept for it. */
export interface OfflinePage {
  pageNumber: number;
  width: number;
  height: number;
  spread: boolean;
  /** The URL the image was fetched from and is cached under. */
  url: string;
  bytes: number;
}

export interface OfflineRecord {
  chapterId: number;
  chapterTitle: string;
  chapterNumber: number;
  mangaId: number;
  mangaTitle: string;
  description: string;
  genres: Genre[];
  author: string | null;
  views: number;
  favorites: number;
  readingDirection: number;
  /** Pdf (1) or images (0), as the reader's page API needs it. */
  sourceType: number;
  isPremium: boolean;
  /** The account that saved it (progress read offline is sent for it only), or null for a visitor. */
  username: string | null;
  savedAt: string;
  /** A premium chapter's signed URLs expire: unix ms after which the copy is dropped; null for a free chapter. */
  expiresAt: number | null;
  /**
   * A PremiumPlus subscriber reads without sponsored messages online; offline too, until the subscription they had when
   * saving ends (unix ms), null otherwise. Kept in this browser's storage like the rest of the record: editing it skips
   * a message no one is counted for offline (impressions are not recorded offline).
   */
  adFreeUntil: number | null;
  pages: OfflinePage[];
}

const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
const isStr = (v: unknown, max = 10_000): v is string => typeof v === "string" && v.length <= max;

function parsePage(raw: unknown): OfflinePage | null {
  if (!raw || typeof raw !== "object") return null;
  const p = raw as Record<string, unknown>;
  if (!isInt(p.pageNumber) || !isInt(p.width) || !isInt(p.height) || !isInt(p.bytes) || !isStr(p.url, 2_000) || !p.url.startsWith("/media/")) return null;
  return { pageNumber: p.pageNumber, width: p.width, height: p.height, spread: p.spread === true, url: p.url, bytes: p.bytes };
}

/** One stored record, checked field by field (localStorage is the user's to edit); null when anything is off. */
export function parseRecord(raw: unknown): OfflineRecord | null {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Record<string, unknown>;
  if (!isInt(r.chapterId) || !isInt(r.mangaId) || !isStr(r.chapterTitle, 500) || !isStr(r.mangaTitle, 500) || !isStr(r.savedAt, 40)) return null;
  if (!Array.isArray(r.pages) || r.pages.length > 1000) return null;
  const pages = r.pages.map(parsePage);
  if (pages.some((p) => p === null)) return null;
  return {
    chapterId: r.chapterId,
    chapterTitle: r.chapterTitle,
    chapterNumber: isInt(r.chapterNumber) ? r.chapterNumber : 0,
    mangaId: r.mangaId,
    mangaTitle: r.mangaTitle,
    description: isStr(r.description) ? r.description : "",
    genres: Array.isArray(r.genres) ? r.genres.filter((g): g is Genre => (GENRES as readonly unknown[]).includes(g)) : [],
    author: isStr(r.author, 100) ? r.author : null,
    views: isInt(r.views) ? r.views : 0,
    favorites: isInt(r.favorites) ? r.favorites : 0,
    readingDirection: isInt(r.readingDirection) ? r.readingDirection : 0,
    sourceType: r.sourceType === 1 ? 1 : 0,
    isPremium: r.isPremium === true,
    username: isStr(r.username, 100) ? r.username : null,
    savedAt: r.savedAt,
    expiresAt: isInt(r.expiresAt) ? r.expiresAt : null,
    adFreeUntil: isInt(r.adFreeUntil) ? r.adFreeUntil : null,
    pages: pages as OfflinePage[],
  };
}

/** The records of a stored JSON text (bad or foreign entries are left out, one per chapter). */
export function parseRecords(text: string | null): OfflineRecord[] {
  if (!text) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const seen = new Set<number>();
  const out: OfflineRecord[] = [];
  for (const item of raw.slice(0, MAX_OFFLINE_CHAPTERS)) {
    const record = parseRecord(item);
    if (record && !seen.has(record.chapterId)) {
      seen.add(record.chapterId);
      out.push(record);
    }
  }
  return out;
}

/** A record's bytes (its images). */
export function recordBytes(record: Pick<OfflineRecord, "pages">): number {
  return record.pages.reduce((sum, p) => sum + p.bytes, 0);
}

/** The bytes every saved chapter takes. */
export function totalBytes(records: readonly OfflineRecord[]): number {
  return records.reduce((sum, r) => sum + recordBytes(r), 0);
}

/**
 * Until when the account that saves a chapter reads it without sponsored messages: the latest end of its running
 * PremiumPlus subscriptions (GET /api/Authentication/Me/Subscriptions, type 1), null when it has none.
 */
export function adFreeUntilOf(subscriptions: ReadonlyArray<{ type: number; active: boolean; endsAt: string }>): number | null {
  let until: number | null = null;
  for (const s of subscriptions) {
    const end = Date.parse(s.endsAt);
    if (s.active && isAdFree(s.type) && Number.isFinite(end) && (until === null || end > until)) until = end;
  }
  return until;
}

/** Whether the saved copy is read without sponsored messages now. */
export function isAdFreeNow(record: Pick<OfflineRecord, "adFreeUntil">, nowMs: number): boolean {
  return record.adFreeUntil !== null && nowMs < record.adFreeUntil;
}

/** Whether a premium chapter's copy has outlived its signed URLs (free chapters never expire). */
export function isExpired(record: Pick<OfflineRecord, "expiresAt">, nowMs: number): boolean {
  return record.expiresAt !== null && record.expiresAt <= nowMs;
}

/**
 * When the first of these URLs stops working (unix ms): the smallest `exp` of the signed ones
 * (server/media/signed-url.ts), or null when none is signed.
 */
export function signedExpiry(urls: readonly string[]): number | null {
  let min: number | null = null;
  for (const url of urls) {
    const query = url.split("?")[1];
    if (!query) continue;
    const params = new URLSearchParams(query);
    const exp = params.get("exp");
    if (!params.has("sig") || exp === null || !/^\d{1,12}$/.test(exp)) continue;
    const ms = Number(exp) * 1000;
    if (min === null || ms < min) min = ms;
  }
  return min;
}

/** Spec §9 render widths by viewport: 350 px up to 768, 500 up to 1024, 700 above (components/reader/reader-utils.ts). */
function renderWidth(viewportWidth: number): number {
  return viewportWidth <= 768 ? 350 : viewportWidth <= 1024 ? 500 : 700;
}

/**
 * The one image a device keeps of a page: the copy the reader would show at this screen's render width and pixel
 * density (the AVIF copies first, as the reader's `<picture>` offers them; the JPEG variants without them), or the
 * 350 px JPEG with data saver. The narrowest copy at least as wide as the screen needs, else the widest.
 */
export function offlineImageUrl(page: Pick<ReaderPage, "variants" | "avif" | "width">, device: { viewportWidth: number; dpr: number; dataSaver: boolean }): string {
  if (device.dataSaver) return page.variants[350];
  const need = renderWidth(device.viewportWidth) * Math.max(1, Math.min(device.dpr, 4));
  if (page.avif) {
    const avif = page.avif;
    // A copy at or beyond the page's own width is the same image: the reader names it by the narrowest such URL.
    for (const w of [480, 720, 1080] as const) if (w >= need || w >= page.width) return avif[w];
    return avif[1080];
  }
  for (const w of [350, 500, 700] as const) if (w >= need) return page.variants[w];
  return page.variants[700];
}

/** The reader's page shapes of saved pages (every page's size, and which are spreads). */
export function shapesOf(pages: readonly OfflinePage[]): PageShapes {
  return { sizes: pages.map((p) => [p.width, p.height]), spreads: pages.filter((p) => p.spread).map((p) => p.pageNumber) };
}

/** The saved pages as the reader takes them, every source pointing at the kept image (`src` of page n). */
export function readerPagesOf(pages: readonly OfflinePage[], src: (page: OfflinePage) => string): ReaderPage[] {
  return pages.map((p) => {
    const url = src(p);
    return { pageNumber: p.pageNumber, imageUrl: url, width: p.width, height: p.height, spread: p.spread, variants: { 350: url, 500: url, 700: url } };
  });
}

/** Records with this one in place of any older copy of its chapter, newest first, at most MAX_OFFLINE_CHAPTERS. */
export function withRecord(records: readonly OfflineRecord[], record: OfflineRecord): OfflineRecord[] {
  return [record, ...records.filter((r) => r.chapterId !== record.chapterId)].slice(0, MAX_OFFLINE_CHAPTERS);
}

/** Image URLs no remaining record uses (what removing or replacing a chapter may delete from the cache). */
export function orphanedUrls(removed: readonly OfflineRecord[], kept: readonly OfflineRecord[]): string[] {
  const used = new Set(kept.flatMap((r) => r.pages.map((p) => p.url)));
  return [...new Set(removed.flatMap((r) => r.pages.map((p) => p.url)))].filter((u) => !used.has(u));
}

/** A size for people: kB under a megabyte, else MB with one decimal, in the page's language. */
export function formatBytes(bytes: number, locale: string): string {
  const mb = bytes >= 1_000_000;
  const value = mb ? bytes / 1_000_000 : Math.max(bytes === 0 ? 0 : 1, Math.round(bytes / 1000));
  return new Intl.NumberFormat(locale, { style: "unit", unit: mb ? "megabyte" : "kilobyte", maximumFractionDigits: mb ? 1 : 0 }).format(value);
}
