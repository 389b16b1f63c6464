import { inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { media } from "@/db/schema";
import { fillBucketBytes } from "@/server/media/object-store";

const MEDIA_URL = /^\/media\/([0-9a-f]{64})$/;

/** The media id behind a `/media/{id}` URL, or null. */
export function mediaIdOf(url: string | null | undefined): string | null {
  return (url && MEDIA_URL.exec(url)?.[1]) || null;
}

/**
 * Base64 text of stored images by URL (spec §3: `coverImage`, `banner` are base64 JPEG for compatibility):
 * one query for all of them (and reads from the bucket for media kept there). Unknown URLs are simply absent from the map.
 */
export async function base64ByUrl(db: Db, urls: ReadonlyArray<string | null | undefined>): Promise<Map<string, string>> {
  const ids = [...new Set(urls.map(mediaIdOf).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: media.id, store: media.store, bytes: media.bytes }).from(media).where(inArray(media.id, ids));
  await fillBucketBytes(rows, (r) => r.id);
  return new Map(rows.flatMap((r) => (r.bytes ? [[`/media/${r.id}`, r.bytes.toString("base64")] as const] : [])));
}

export type { ImageFormat } from "@/server/media/image-format";
