"use client";

import { apiRequest, isApiError, type ApiRequestOptions } from "@/lib/api-client";
import { getSession } from "@/components/providers/session-store";
import { refreshSessionToken } from "@/components/providers/use-api";
import {
  OFFLINE_CACHE, OFFLINE_RECORDS_KEY, adFreeUntilOf, isExpired, offlineImageUrl, orphanedUrls, parseRecords, signedExpiry, withRecord,
  type OfflinePage, type OfflineRecord,
} from "@/lib/offline/offline-logic";
import { PROGRESS_QUEUE_KEY, enqueue, flushQueue, outcomeOfFailure, parseQueue, type QueuedProgress } from "@/lib/offline/progress-queue";
import type { Genre } from "@/lib/enums";
import type { PageCopies, PageVariants } from "@/lib/paged";

/**
 * The browser side of reading offline (issue 32, item 6): saving a chapter's images into Cache Storage, the saved
 * chapters' records, removing them, the queue of progress read offline, and the service worker's registration.
 * Only the offline page loads this module.
 */

function readRecordsRaw(): OfflineRecord[] {
  try {
    return parseRecords(localStorage.getItem(OFFLINE_RECORDS_KEY));
  } catch {
    return [];
  }
}

function writeRecords(records: readonly OfflineRecord[]): void {
  localStorage.setItem(OFFLINE_RECORDS_KEY, JSON.stringify(records));
}

/** The saved chapters; a premium chapter whose signed URLs have expired is removed first (its images with it). */
export async function loadRecords(nowMs = Date.now()): Promise<OfflineRecord[]> {
  const records = readRecordsRaw();
  const expired = records.filter((r) => isExpired(r, nowMs));
  if (expired.length === 0) return records;
  const kept = records.filter((r) => !isExpired(r, nowMs));
  writeRecords(kept);
  await deleteImages(orphanedUrls(expired, kept));
  return kept;
}

async function deleteImages(urls: readonly string[]): Promise<void> {
  if (urls.length === 0 || typeof caches === "undefined") return;
  const cache = await caches.open(OFFLINE_CACHE);
  await Promise.all(urls.map((u) => cache.delete(u)));
}

/** Removes a saved chapter: its record and the images no other saved chapter uses. */
export async function removeRecord(chapterId: number): Promise<OfflineRecord[]> {
  const records = readRecordsRaw();
  const removed = records.filter((r) => r.chapterId === chapterId);
  const kept = records.filter((r) => r.chapterId !== chapterId);
  writeRecords(kept);
  await deleteImages(orphanedUrls(removed, kept));
  return kept;
}

/** A saved chapter's images as object URLs (null when any is missing from the cache, or the copy has expired). */
export async function openImages(record: OfflineRecord): Promise<Map<number, string> | null> {
  if (isExpired(record, Date.now()) || typeof caches === "undefined") return null;
  const cache = await caches.open(OFFLINE_CACHE);
  const out = new Map<number, string>();
  for (const page of record.pages) {
    const res = await cache.match(page.url);
    if (!res) {
      for (const url of out.values()) URL.revokeObjectURL(url);
      return null;
    }
    out.set(page.pageNumber, URL.createObjectURL(await res.blob()));
  }
  return out;
}

export type SaveFailure = "premium" | "notFound" | "noPages" | "space" | "network" | "expired";

export class SaveError extends Error {
  constructor(readonly reason: SaveFailure) {
    super(reason);
  }
}

interface ApiChapter { id: number; title: string; number: number; isPremium: boolean; pageCount: number }
interface ApiManga { id: number; title: string; description: string; genres: Genre[]; views: number; favorites: number; readingDirection: number; user: { username: string | null }; chapters: ApiChapter[] }
interface ApiPage { pageNumber?: number; pdfPageNumber?: number; width: number; height: number; spread?: boolean; variants: PageVariants; avif?: PageCopies }

type Call = <T>(path: string, options?: Omit<ApiRequestOptions, "token" | "session">) => Promise<T>;

/** Pages of a chapter, all of them, in the API's largest batches (image pages; a PDF chapter's from its own endpoint). */
async function allPages(call: Call, chapterId: number, pageCount: number, signal: AbortSignal): Promise<{ pages: ApiPage[]; sourceType: number }> {
  const size = 50;
  for (const [endpoint, sourceType] of [["PaginatedChapterImagePages", 0], ["PaginatedChapterPdfPages", 1]] as const) {
    const pages: ApiPage[] = [];
    for (let n = 1; (n - 1) * size < pageCount; n++) {
      const data = await call<{ items: ApiPage[] }>(`/api/chapter/${endpoint}`, { query: { chapterId, pageNumber: n, pageSize: size, imageFormat: "url" }, signal });
      if (data.items.length === 0) break;
      pages.push(...data.items);
    }
    if (pages.length > 0) return { pages, sourceType };
  }
  return { pages: [], sourceType: 0 };
}

export interface SaveProgress {
  /** The chapter's title, once known. */
  title: string;
  done: number;
  total: number;
  bytes: number;
}

/**
 * Saves a chapter for reading offline: its details and page data through the API (which refuses a premium chapter to
 * anyone who may not read it), then one image a page, the copy this screen shows (offlineImageUrl), into Cache Storage.
 * A premium chapter's record keeps when its signed URLs expire. Resolves to the new record; throws SaveError.
 */
export async function saveChapter(opts: {
  call: Call;
  mangaId: number;
  chapterId: number;
  username: string | null;
  device: { viewportWidth: number; dpr: number; dataSaver: boolean };
  onProgress: (progress: SaveProgress) => void;
  signal: AbortSignal;
}): Promise<OfflineRecord> {
  const { call, signal } = opts;
  let manga: ApiManga;
  let pages: ApiPage[];
  let sourceType: number;
  let chapter: ApiChapter | undefined;
  try {
    manga = await call<ApiManga>("/api/manga/GetMangaById", { query: { id: opts.mangaId, imageFormat: "url" }, signal });
    chapter = manga.chapters.find((c) => c.id === opts.chapterId);
    if (!chapter) throw new SaveError("notFound");
    ({ pages, sourceType } = await allPages(call, chapter.id, chapter.pageCount, signal));
  } catch (error) {
    if (error instanceof SaveError) throw error;
    if (isApiError(error) && error.status === 403) throw new SaveError("premium");
    if (isApiError(error) && (error.status === 404 || error.status === 422)) throw new SaveError("notFound");
    throw new SaveError("network");
  }
  if (pages.length === 0) throw new SaveError("noPages");

  const chosen = pages.map((p) => ({ page: p, url: offlineImageUrl(p, opts.device) }));
  const expiresAt = signedExpiry(chosen.map((c) => c.url));
  if (expiresAt !== null && expiresAt <= Date.now()) throw new SaveError("expired");

  const cache = await caches.open(OFFLINE_CACHE);
  const saved: OfflinePage[] = [];
  let bytes = 0;
  const title = chapter.title;
  opts.onProgress({ title, done: 0, total: chosen.length, bytes: 0 });
  // Three at a time: quick on a good connection, gentle on a slow one.
  let next = 0;
  const worker = async () => {
    while (next < chosen.length) {
      const { page, url } = chosen[next++]!;
      const res = await fetch(url, { credentials: "same-origin", signal });
      if (!res.ok) throw new SaveError(res.status === 403 ? "premium" : "network");
      const blob = await res.blob();
      try {
        await cache.put(url, new Response(blob, { headers: { "Content-Type": res.headers.get("Content-Type") ?? blob.type, "Content-Length": String(blob.size) } }));
      } catch (error) {
        throw new SaveError(error instanceof DOMException && error.name === "QuotaExceededError" ? "space" : "network");
      }
      bytes += blob.size;
      saved.push({ pageNumber: page.pageNumber ?? page.pdfPageNumber ?? saved.length + 1, width: page.width, height: page.height, spread: page.spread === true, url, bytes: blob.size });
      opts.onProgress({ title, done: saved.length, total: chosen.length, bytes });
    }
  };
  try {
    await Promise.all([worker(), worker(), worker()]);
  } catch (error) {
    const before = readRecordsRaw();
    await deleteImages(orphanedUrls([{ pages: saved } as unknown as OfflineRecord], before));
    if (error instanceof SaveError) throw error;
    throw new SaveError("network");
  }
  saved.sort((a, b) => a.pageNumber - b.pageNumber);
  // A PremiumPlus subscriber reads the copy without sponsored messages while the subscription lasts (none if unknown).
  const adFreeUntil = opts.username
    ? await call<Array<{ type: number; active: boolean; endsAt: string }>>("/api/Authentication/Me/Subscriptions", { signal }).then(adFreeUntilOf, () => null)
    : null;
  const record: OfflineRecord = {
    chapterId: chapter.id,
    chapterTitle: chapter.title,
    chapterNumber: chapter.number,
    mangaId: manga.id,
    mangaTitle: manga.title,
    description: manga.description.slice(0, 2000),
    genres: manga.genres,
    author: manga.user.username,
    views: manga.views,
    favorites: manga.favorites,
    readingDirection: manga.readingDirection,
    sourceType,
    isPremium: chapter.isPremium,
    username: opts.username,
    savedAt: new Date().toISOString(),
    expiresAt,
    adFreeUntil,
    pages: saved,
  };
  const before = readRecordsRaw();
  const after = withRecord(before, record);
  try {
    writeRecords(after);
  } catch {
    await deleteImages(orphanedUrls([record], before));
    throw new SaveError("space");
  }
  // A copy saved before (another screen's images) goes, and so does whatever fell off the end of the list.
  await deleteImages(orphanedUrls(before, after));
  return record;
}

// ---- Progress read offline ----

function readQueue(): QueuedProgress[] {
  try {
    return parseQueue(localStorage.getItem(PROGRESS_QUEUE_KEY));
  } catch {
    return [];
  }
}

function writeQueue(queue: readonly QueuedProgress[]): void {
  try {
    if (queue.length === 0) localStorage.removeItem(PROGRESS_QUEUE_KEY);
    else localStorage.setItem(PROGRESS_QUEUE_KEY, JSON.stringify(queue));
  } catch {
    // Storage full or off: the reader's own local progress still has the page.
  }
}

/** Keeps a page read in a saved chapter for the account that saved it, and tries to send it at once. */
export function queueProgress(username: string, chapterId: number, pageNumber: number): void {
  writeQueue(enqueue(readQueue(), { username, chapterId, pageNumber, at: Date.now() }));
  void flushProgress();
}

let flushing: Promise<void> | null = null;

/**
 * Sends the queued progress of the account signed in now through the progress API (one at a time, in order); entries
 * wait while the network is away, and the server's refusals are dropped. Other accounts' entries wait for them.
 */
export function flushProgress(): Promise<void> {
  if (flushing) return flushing;
  // Cleared once it has settled (not inside it: a run that returns at once would clear it before it is even set).
  const run = sendQueued();
  flushing = run;
  void run.finally(() => {
    if (flushing === run) flushing = null;
  });
  return run;
}

async function sendQueued(): Promise<void> {
  if (readQueue().length === 0 || !navigator.onLine) return;
  const session = await getSession();
  const username = session?.user?.username;
  const token = session && !session.error && typeof session.accessToken === "string" ? session.accessToken : null;
  if (!username || !token) return;
  const bridge = { refresh: refreshSessionToken, signOut: async () => undefined };
  const snapshot = readQueue();
  const left = await flushQueue(snapshot, username, async (entry) => {
    try {
      await apiRequest("/api/chapter/SaveProgress", { method: "POST", body: { chapterId: entry.chapterId, pageNumber: entry.pageNumber }, token, session: bridge, timeoutMs: 15_000 });
      return "sent";
    } catch (error) {
      return outcomeOfFailure(isApiError(error) ? error : {});
    }
  });
  // What was sent or dropped leaves the queue; entries queued while this ran stay.
  const key = (q: QueuedProgress) => `${q.username}|${q.chapterId}|${q.at}`;
  const kept = new Set(left.map(key));
  const done = new Set(snapshot.filter((q) => !kept.has(key(q))).map(key));
  writeQueue(readQueue().filter((q) => !done.has(key(q))));
}

/** How many entries wait to be sent. */
export function queuedCount(): number {
  return readQueue().length;
}

// ---- The service worker ----

/** Registers the site's service worker (public/sw.js), which keeps the offline page for when the network is away. */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!("serviceWorker" in navigator)) return null;
  try {
    await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    return await navigator.serviceWorker.ready;
  } catch {
    return null;
  }
}
