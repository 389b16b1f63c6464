import { eq } from "drizzle-orm";
import { media } from "@/db/schema";
import type { Db } from "@/db/client";

import { isMediaId } from "@/lib/media-url";
import { MediaStore } from "./kind";
import { openMediaObject, readMediaObjects } from "./object-store";
import { log } from "@/server/core/log";

export { isMediaId };

export interface MediaHead {
  id: string;
  mime: string;
  size: number;
}

export interface MediaFile extends MediaHead {
  bytes: Buffer;
}

/** Media to send: the bytes from the row, or a stream from the bucket (docs/decisions/019). */
export interface MediaBody extends MediaHead {
  body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>;
}

/** The columns a MediaFile is read from (also used by variants.ts, which the seed runs under plain Node: no "server-only" here). */
export const mediaFileColumns = { id: media.id, mime: media.mime, size: media.size, store: media.store, bytes: media.bytes };

export interface MediaRow extends MediaHead {
  store: number;
  /** null when the bytes are in the bucket. */
  bytes: Buffer | null;
}

/** The stored image with its whole bytes (from the bucket when kept there), or null for an unknown or malformed id. */
export async function getMedia(db: Db, opts: { id: string }): Promise<MediaFile | null> {
  const row = await readRow(db, opts.id);
  return row ? loadMedia(row) : null;
}

/** The image to send, or null for an unknown or malformed id or an object missing from the bucket. Bucket bytes are streamed. */
export async function openMedia(db: Db, opts: { id: string }): Promise<MediaBody | null> {
  const row = await readRow(db, opts.id);
  return row ? openRow(row) : null;
}

/** The media row (bytes, or where they are kept), or null for an unknown or malformed id (no query for the latter). */
async function readRow(db: Db, id: string): Promise<MediaRow | null> {
  if (!isMediaId(id)) return null;
  const [row] = await db.select(mediaFileColumns).from(media).where(eq(media.id, id)).limit(1);
  return row ?? null;
}

/** A row's bytes, read whole from the bucket when kept there; null when the bucket has lost the object. */
export async function loadMedia(row: MediaRow): Promise<MediaFile | null> {
  if (row.bytes) return { id: row.id, mime: row.mime, size: row.size, bytes: row.bytes };
  const bytes = (await readMediaObjects([row.id])).get(row.id);
  return bytes ? { id: row.id, mime: row.mime, size: row.size, bytes } : null;
}

/** A row as a body to send: a view on the driver's buffer (never copied), or the bucket's stream. */
export async function openRow(row: MediaRow): Promise<MediaBody | null> {
  const head = { id: row.id, mime: row.mime, size: row.size };
  if (row.bytes) return { ...head, body: bytesView(row.bytes) };
  if (row.store !== MediaStore.Bucket) throw new Error(`media ${row.id} has no bytes`);
  const object = await openMediaObject(row.id);
  if (!object) {
    log.error(`[media] ${row.id} is missing from the bucket`);
    return null;
  }
  return { ...head, body: object.body };
}

/** Bytes as a body: a view on the buffer (never a SharedArrayBuffer), so nothing is copied. */
export function bytesView(bytes: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
}

/** Lets go of a body that will not be sent (a HEAD answer), so a bucket connection is not held open. */
export async function discardBody(file: MediaBody): Promise<void> {
  if (file.body instanceof ReadableStream) await file.body.cancel().catch(() => undefined);
}

/** Type and size only, for HEAD requests: the bytes are not read. */
export async function getMediaHead(db: Db, opts: { id: string }): Promise<MediaHead | null> {
  if (!isMediaId(opts.id)) return null;
  const [row] = await db
    .select({ id: media.id, mime: media.mime, size: media.size })
    .from(media)
    .where(eq(media.id, opts.id))
    .limit(1);
  return row ?? null;
}
