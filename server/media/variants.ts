import { and, eq, sql } from "drizzle-orm";
import sharp, { type OutputInfo } from "sharp";
import { media, mediaVariants } from "@/db/schema";
import type { Db } from "@/db/client";
import { AVIF_WIDTHS, isMediaId, VARIANT_WIDTHS, type VariantFormat, type VariantWidth } from "@/lib/media-url";
import { encodeCopiesInBackground } from "./background-encoder";
import { bytesView, loadMedia, mediaFileColumns, openRow, type MediaBody, type MediaRow } from "./get-media";
import { asBoolean, perDatabase, premiumOnlyMedia } from "./premium-media";
import { storeMedia } from "./store-media";
import type { MediaKind } from "./kind";
import { log } from "@/server/core/log";

/**
 * Responsive copies of stored images (covers, banners): `/media/{id}?w=320` is the image at most 320 px wide as WebP.
 * Only the widths in VARIANT_WIDTHS exist, so a caller cannot make the server store arbitrary sizes. A variant is made
 * on its first request, stored as content-addressed media and remembered in media_variants; later requests read it
 * like any other media. The bytes for (id, width) never change, so the URL is cached forever like the original.
 * Images the site shows at once (demo covers and banners, uploads) are given their copies ahead with ensureMediaVariants.
 * Chapter pages and covers also have AVIF copies (`&f=avif`, AVIF_WIDTHS only), encoded like uploads in the background
 * encoder: pages' when they are stored (server/chapters/ingest/page-copies.ts), covers' with their WebP copies.
 * (No "server-only" marker: the seed script runs this under plain Node.)
 */
export function isVariantWidth(width: number, format: VariantFormat = "webp"): boolean {
  return ((format === "avif" ? AVIF_WIDTHS : VARIANT_WIDTHS) as readonly number[]).includes(width);
}

/** Quality for WebP copies of covers and banners: visually clean on drawn art at a third of the JPEG's bytes. */
const WEBP_QUALITY = 76;

/**
 * A made variant (its bytes, to send or store) or where a stored one is (its media row), with whether its source is
 * premium-only right now (premium-media.ts: /media then asks for a signature).
 */
type Variant = ({ made: { id: string; mime: string; bytes: Buffer } } | { stored: MediaRow }) & { premiumOnly: boolean };

/** A width copy to send: its body (bytes, or the bucket's stream: docs/decisions/019) and whether it is premium-only. */
export type MediaVariantFile = MediaBody & { premiumOnly: boolean };

const inFlight = new Map<string, Promise<Variant | null>>();

/** The variant to send, made and stored on first use; null when the source does not exist or is not an image. */
export interface VariantKey {
  id: string;
  width: number;
  /** WebP unless given. */
  format?: VariantFormat;
}

export async function getMediaVariant(db: Db, opts: VariantKey): Promise<MediaVariantFile | null> {
  const variant = await findOrMakeVariant(db, opts);
  if (!variant) return null;
  if ("made" in variant) {
    const { id, mime, bytes } = variant.made;
    return { id, mime, size: bytes.byteLength, body: bytesView(bytes), premiumOnly: variant.premiumOnly };
  }
  const body = await openRow(variant.stored);
  return body && { ...body, premiumOnly: variant.premiumOnly };
}

/** Whether a variant exists or can be made (and makes it), without opening its body (the route's premium check, ensureMediaVariants). */
export async function findOrMakeVariant(db: Db, opts: VariantKey): Promise<Variant | null> {
  const format = opts.format ?? "webp";
  if (!isVariantWidth(opts.width, format) || !isMediaId(opts.id)) return null;
  const stored = await readVariant(db, opts.id, opts.width, format);
  if (stored) return stored;
  // Concurrent first requests for one variant share the work.
  const key = `${opts.id}:${opts.width}:${format}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = makeVariant(db, opts.id, opts.width, format).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

async function readVariant(db: Db, sourceId: string, width: number, format: VariantFormat): Promise<Variant | null> {
  const [row] = await readVariantQuery(db).execute({ sourceId, width, format });
  if (!row) return null;
  const { premiumOnly, ...stored } = row;
  return { stored, premiumOnly: asBoolean(premiumOnly) };
}

/** A prepared statement per database (planned once per connection: the premium subquery costs more to plan than to run). */
const readVariantQuery = perDatabase(prepareReadVariant);

function prepareReadVariant(db: Db) {
  // The copy's kind is its source's (makeVariant stores it so): covers and banners skip the premium subquery.
  return db
    .select({ ...mediaFileColumns, premiumOnly: premiumOnlyMedia(`"media_variants"."source_id"`, `"media"."kind"`) })
    .from(mediaVariants)
    .innerJoin(media, eq(media.id, mediaVariants.mediaId))
    .where(and(eq(mediaVariants.sourceId, sql.placeholder("sourceId")), eq(mediaVariants.width, sql.placeholder("width")), eq(mediaVariants.format, sql.placeholder("format"))))
    .limit(1)
    .prepare("media_variant_read");
}

async function makeVariant(db: Db, sourceId: string, width: number, format: VariantFormat): Promise<Variant | null> {
  const [row] = await db
    .select({ ...mediaFileColumns, kind: media.kind, premiumOnly: premiumOnlyMedia(`"media"."id"`, `"media"."kind"`) })
    .from(media)
    .where(eq(media.id, sourceId))
    .limit(1);
  if (!row || !row.mime.startsWith("image/")) return null;
  const premiumOnly = asBoolean(row.premiumOnly);
  // With MEDIA_STORE=s3 the source's bytes may be in the bucket.
  const source = await loadMedia(row);
  if (!source) return null;
  let encoded: { data: Buffer; info: Pick<OutputInfo, "width" | "height"> };
  try {
    encoded = format === "avif" ? await encodeAvif(source.bytes, width) : await encodeWebp(source.bytes, width);
  } catch (err) {
    // Stored images were re-encoded on the way in, so this is damage, not input: show the original rather than nothing.
    log.error({ err }, `[media] no ${width} px copy of ${sourceId}`);
    return { made: { id: sourceId, mime: source.mime, bytes: source.bytes }, premiumOnly };
  }
  const { data, info } = encoded;
  // With MEDIA_STORE=s3 the copy goes to the bucket like any media (put before its row is written).
  const mime = `image/${format}`;
  // One transaction: the copy's per-id lock (storeMediaMany) holds until its media_variants row refers to it, so the
  // collector cannot take an old identical copy between the two (collect-media.ts).
  const id = await db.transaction(async (tx) => {
    const stored = await storeMedia(tx, { bytes: data, mime, width: info.width, height: info.height, kind: row.kind as MediaKind });
    await tx.insert(mediaVariants).values({ sourceId, width, format, mediaId: stored }).onConflictDoNothing();
    return stored;
  });
  // Whether it is premium-only now, not when the encode began: a copy made ahead at upload may still be encoding when
  // its chapter is published, and the readers' requests that joined it must not be refused for what was true before.
  const now = await readVariant(db, sourceId, width, format);
  return { made: { id, mime, bytes: data }, premiumOnly: now ? now.premiumOnly : premiumOnly };
}

function encodeWebp(bytes: Buffer, width: number): Promise<{ data: Buffer; info: OutputInfo }> {
  return sharp(bytes, { limitInputPixels: 50_000_000 })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY, effort: 4 })
    .toBuffer({ resolveWithObject: true });
}

/** A page's or cover's AVIF copy, encoded at a lower priority in production (the background encoder), like uploads. */
async function encodeAvif(bytes: Buffer, width: number): Promise<{ data: Buffer; info: { width: number; height: number } }> {
  const image = (await encodeCopiesInBackground(bytes, [width])).get(width);
  if (!image) throw new Error("the encoder returned no copy");
  return { data: image.bytes, info: image };
}

/** Makes the given copies of many images now (a few at a time), so their first visitors do not wait for them. */
export async function ensureMediaVariants(
  db: Db,
  ids: readonly string[],
  widths: readonly VariantWidth[],
  { concurrency = 4, format = "webp" }: { concurrency?: number; format?: VariantFormat } = {},
): Promise<void> {
  const jobs = ids.flatMap((id) => widths.map((width) => ({ id, width, format })));
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      // Only made and stored: a stored copy is not read (nor a bucket stream opened) for nothing.
      await findOrMakeVariant(db, job);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
}
