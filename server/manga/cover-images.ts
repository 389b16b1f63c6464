import { inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { media } from "@/db/schema";
import { fillBucketBytes } from "@/server/media/object-store";
import { cardJpegsOf, type CardJpeg } from "@/server/media/card-jpeg";

const MEDIA_URL = /^\/media\/([0-9a-f]{64})$/;

/** The media id behind a `/media/{id}` URL, or null. */
export function mediaIdOf(url: string | null | undefined): string | null {
  return (url && MEDIA_URL.exec(url)?.[1]) || null;
}

/**
 * Base64 text of stored images by URL (spec §3: `coverImage`, `banner` are base64 JPEG for compatibility):
 * one query for all of them (and reads from the bucket for media kept there). Unknown URLs are simply absent from the
 * map. For one image (a manga's detail, a banner); lists use listCoversBase64.
 */
export async function base64ByUrl(db: Db, urls: ReadonlyArray<string | null | undefined>): Promise<Map<string, string>> {
  const ids = [...new Set(urls.map(mediaIdOf).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: media.id, store: media.store, bytes: media.bytes }).from(media).where(inArray(media.id, ids));
  await fillBucketBytes(rows, (r) => r.id);
  return new Map(rows.flatMap((r) => (r.bytes ? [[`/media/${r.id}`, r.bytes.toString("base64")] as const] : [])));
}

/**
 * Most base64 text one list answer carries (issue 19, item 1; docs/decisions/018): 1 MiB, a default page of 20
 * cards (~25 kB of base64 each) with room to spare. Items past it carry only `coverImageUrl`.
 */
export const LIST_BASE64_BUDGET = 1024 * 1024;

/**
 * What a list item's `coverImage` is: the base64 text of its cover's card JPEG (server/media/card-jpeg.ts), `null`
 * when it has no cover (or the cover is not a stored image), `undefined` when the answer's budget was spent by the
 * items before it (the field is then left out; `coverImageUrl` still points at the cover).
 */
export type ListCover = string | null | undefined;

/**
 * The base64 covers of a list's items, in order, within `budget` characters: the first items whose cards fit carry
 * them, the rest none (an item is never cut). At most two queries (card sizes, then the bytes of those that fit and
 * are not cached), none when every card is in this process's cache.
 */
export async function listCoversBase64(
  db: Db,
  coverIds: ReadonlyArray<string | null | undefined>,
  budget: number = LIST_BASE64_BUDGET,
): Promise<ListCover[]> {
  const uncached = [...new Set(coverIds.filter((id): id is string => !!id && !cache.has(id)))];
  const cards = uncached.length > 0 ? await cardJpegsOf(db, uncached) : new Map<string, CardJpeg>();
  let used = 0;
  let spent = false;
  const texts = new Map<string, string>();
  const chosen: Array<{ sourceId: string; card: CardJpeg | null } | null | undefined> = coverIds.map((id) => {
    if (!id) return null;
    const cached = cache.get(id);
    const card = cards.get(id);
    if (!cached && !card) return null;
    const length = cached ? cached.length : base64Length(card!.size);
    if (spent || used + length > budget) {
      spent = true;
      return undefined;
    }
    used += length;
    if (cached) {
      texts.set(id, cached);
      remember(id, cached);
    }
    return { sourceId: id, card: cached ? null : card! };
  });
  const toRead = [...new Set(chosen.flatMap((c) => (c?.card ? [c.card.id] : [])))];
  if (toRead.length > 0) {
    const rows = await db.select({ id: media.id, store: media.store, bytes: media.bytes }).from(media).where(inArray(media.id, toRead));
    await fillBucketBytes(rows, (r) => r.id);
    const byId = new Map(rows.flatMap((r) => (r.bytes ? [[r.id, r.bytes.toString("base64")] as const] : [])));
    for (const c of chosen) {
      const base64 = c?.card ? byId.get(c.card.id) : undefined;
      if (c && base64 !== undefined) {
        texts.set(c.sourceId, base64);
        remember(c.sourceId, base64);
      }
    }
  }
  return chosen.map((c) => (c ? (texts.get(c.sourceId) ?? null) : c));
}

const base64Length = (bytes: number) => 4 * Math.ceil(bytes / 3);

/**
 * Card base64 by cover id, most recently used last, at most CACHE_CHARS characters (16 MiB: ~650 cards). A cover id
 * is the hash of its bytes and its card never changes, so an entry is never stale.
 */
const CACHE_CHARS = 16 * 1024 * 1024;
const cache = new Map<string, string>();
let cachedChars = 0;

/** Puts (or moves) an entry last, then drops the least recently used ones past the cap. */
function remember(sourceId: string, base64: string): void {
  const old = cache.get(sourceId);
  if (old !== undefined) {
    cache.delete(sourceId);
    cachedChars -= old.length;
  }
  cache.set(sourceId, base64);
  cachedChars += base64.length;
  for (const [id, entry] of cache) {
    if (cachedChars <= CACHE_CHARS) break;
    cache.delete(id);
    cachedChars -= entry.length;
  }
}

export type { ImageFormat } from "@/server/media/image-format";
