import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { media } from "@/db/schema";
import type { Db } from "@/db/client";
import type { Executor } from "@/server/core/unit-of-work";
import { MediaKind, MediaStore } from "./kind";
import { mediaStore, putMediaObjects } from "./object-store";
import { processImageVariants, type ImageLimits } from "./process-image";
import { lockMediaIds } from "./collect-media";

/**
 * Content-addressed media store: the id is the SHA-256 (hex) of the stored bytes, so storing the same
 * image twice keeps one row, ids never change meaning, and `/media/{id}` can be cached forever.
 */

export interface MediaToStore {
  bytes: Buffer;
  mime: string;
  width: number;
  height: number;
  kind: MediaKind;
}

export interface StoredImage {
  id: string;
  width: number;
  height: number;
}

/** Rows per insert statement; also bounded by bytes so one statement never carries a huge payload. */
const BATCH_ROWS = 200;
const BATCH_BYTES = 8 * 1024 * 1024;

/** Kinds /media always serves publicly: never premium-only, whatever chapter pages share the bytes. */
export const OPEN_KINDS: readonly MediaKind[] = [MediaKind.Cover, MediaKind.Banner, MediaKind.Avatar];
const isOpenKind = (kind: MediaKind) => OPEN_KINDS.includes(kind);

export function mediaIdFor(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export async function storeMedia(db: Executor, item: MediaToStore): Promise<string> {
  const [id] = await storeMediaMany(db, [item]);
  if (!id) throw new Error("storeMediaMany returned no id");
  return id;
}

/**
 * Stores many items with few statements; returns the ids in input order. With MEDIA_STORE=s3 the bytes are put in
 * the bucket first and the rows (without bytes) inserted after, in the caller's transaction: a row is only committed
 * once its object is stored, and an object whose row then rolls back is only garbage, never a dangling row. Every
 * item is put, even one whose row exists (a row seen now could be deleted before this insert commits). The ids' shared
 * locks (lockMediaIds) keep the media collector off them until the caller's transaction ends (collect-media.ts).
 */
export async function storeMediaMany(db: Executor, items: readonly MediaToStore[]): Promise<string[]> {
  const ids = items.map((item) => mediaIdFor(item.bytes));
  const unique = new Map<string, MediaToStore>();
  items.forEach((item, i) => unique.set(ids[i] as string, item));
  const inBucket = mediaStore().writeTo === MediaStore.Bucket;
  // Before the bucket and the rows: the media collector skips (and keeps the objects of) ids being stored.
  await lockMediaIds(db, [...unique.keys()]);
  if (inBucket) await putMediaObjects([...unique].map(([id, m]) => ({ id, bytes: m.bytes, mime: m.mime })));
  for (const batch of batches([...unique], inBucket)) {
    const insert = db.insert(media).values(
      batch.map(([id, m]) => ({
        id,
        mime: m.mime,
        width: m.width,
        height: m.height,
        size: m.bytes.byteLength,
        kind: m.kind,
        store: inBucket ? MediaStore.Bucket : MediaStore.Database,
        bytes: inBucket ? null : byteaParam(m.bytes),
      })),
    );
    if (!batch.some(([, m]) => isOpenKind(m.kind))) {
      await insert.onConflictDoNothing({ target: media.id });
      continue;
    }
    // Stored again for another use: an image first stored as a page and now as a cover, banner or avatar becomes that
    // kind, so /media serves it publicly even while a premium chapter uses it too (premium-media.ts). Page uploads
    // keep DO NOTHING (no row locks on images they share).
    await insert.onConflictDoUpdate({
      target: media.id,
      set: { kind: sql`excluded.kind` },
      setWhere: sql`${media.kind} = ${sql.raw(String(MediaKind.Page))} and excluded.kind in (${sql.raw(OPEN_KINDS.join(", "))})`,
    });
  }
  return ids;
}

/**
 * The bytes as a hex text parameter decoded by the database. PGlite serialises a bytea parameter one byte at a
 * time (`Array.from(bytes).map(…).join("")`: a JS array and a string per byte), which for a chapter of pages
 * costs seconds of CPU and hundreds of MB of garbage; Buffer's native hex is one string. node-postgres sends
 * the same text, twice the bytes of binary, which Postgres decodes at memory speed.
 */
function byteaParam(bytes: Buffer) {
  return sql<Buffer>`decode(${bytes.toString("hex")}, 'hex')`;
}

function* batches(entries: Array<[string, MediaToStore]>, withoutBytes: boolean): Generator<Array<[string, MediaToStore]>> {
  let batch: Array<[string, MediaToStore]> = [];
  let bytes = 0;
  for (const entry of entries) {
    const size = withoutBytes ? 0 : entry[1].bytes.byteLength;
    if (batch.length > 0 && (batch.length >= BATCH_ROWS || bytes + size > BATCH_BYTES)) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(entry);
    bytes += size;
  }
  if (batch.length > 0) yield batch;
}

export interface StoreImageOptions extends ImageLimits {
  /** Untrusted upload bytes: sniffed, size-capped, decoded with a pixel limit and re-encoded. */
  input: Uint8Array;
  maxWidth: number;
  kind: MediaKind;
}

/** Re-encodes an uploaded image at no more than `maxWidth` and stores it. */
export async function storeImage(db: Db, opts: StoreImageOptions): Promise<StoredImage> {
  const { maxWidth, ...rest } = opts;
  const variants = await storeImageVariants(db, { ...rest, widths: [maxWidth] });
  const image = variants.get(maxWidth);
  if (!image) throw new Error("storeImageVariants returned no image");
  return image;
}

export interface StoreImageVariantsOptions extends ImageLimits {
  input: Uint8Array;
  widths: readonly number[];
  kind: MediaKind;
}

/**
 * Re-encodes an uploaded image once per width (one decode) and stores every variant in one statement.
 * Keyed by requested width; a width above the image's own gives the unenlarged image (the same id).
 */
export async function storeImageVariants(db: Db, opts: StoreImageVariantsOptions): Promise<Map<number, StoredImage>> {
  const encoded = await processImageVariants(opts);
  const entries = [...encoded];
  const ids = await storeMediaMany(db, entries.map(([, img]) => ({ ...img, kind: opts.kind })));
  return new Map(entries.map(([width, img], i) => [width, { id: ids[i] as string, width: img.width, height: img.height }]));
}
