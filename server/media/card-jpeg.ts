import { and, eq, inArray } from "drizzle-orm";
import sharp, { type JpegOptions } from "sharp";
import { media, mediaVariants } from "@/db/schema";
import type { Db } from "@/db/client";
import { isMediaId } from "@/lib/media-url";
import type { MediaKind } from "./kind";
import { loadMedia, mediaFileColumns } from "./get-media";
import { storeMedia } from "./store-media";
import { log } from "@/server/core/log";

/**
 * The card-size JPEG of a cover, for the base64 `coverImage` of list answers (spec §3 says base64 JPEG; issue 19
 * item 1: a list must not carry full covers). 320 px wide (320 × 480 for the stored 600 × 900 covers), mozjpeg at
 * quality 75: 10–20 kB on the demo covers, about a third of the cover. Made once per cover, stored as
 * content-addressed media and remembered in media_variants (format "jpeg"), like the WebP srcset copies: at upload
 * (server/publishing/cover.ts), by the seed, and for covers stored before this existed, by the first list that shows
 * them (docs/decisions/018). A JPEG source no wider than the card is its own card.
 * (No "server-only" marker: the seed script runs this under plain Node.)
 */
export const CARD_JPEG_WIDTH = 320;
const CARD_JPEG: JpegOptions = { quality: 75, mozjpeg: true };
const FORMAT = "jpeg";

export interface CardJpeg {
  /** The card's own media id. */
  id: string;
  size: number;
}

/** Copies being made in this process: concurrent first requests for one cover share the work. */
const inFlight = new Map<string, Promise<CardJpeg | null>>();

/**
 * The card of each cover (by the cover's media id): stored ones in one query, missing ones made now (a few at a time)
 * and stored. Ids that are not stored images are absent from the map.
 */
export async function cardJpegsOf(db: Db, sourceIds: readonly string[]): Promise<Map<string, CardJpeg>> {
  const ids = [...new Set(sourceIds.filter(isMediaId))];
  const cards = new Map<string, CardJpeg>();
  if (ids.length === 0) return cards;
  const rows = await db
    .select({ sourceId: mediaVariants.sourceId, id: media.id, size: media.size })
    .from(mediaVariants)
    .innerJoin(media, eq(media.id, mediaVariants.mediaId))
    .where(and(inArray(mediaVariants.sourceId, ids), eq(mediaVariants.width, CARD_JPEG_WIDTH), eq(mediaVariants.format, FORMAT)));
  for (const r of rows) cards.set(r.sourceId, { id: r.id, size: r.size });
  const missing = ids.filter((id) => !cards.has(id));
  await forEachLimit(missing, 4, async (sourceId) => {
    const card = await makeOnce(db, sourceId);
    if (card) cards.set(sourceId, card);
  });
  return cards;
}

/** Makes the cards of these covers now, so no list waits for them (uploads, the seed). */
export async function ensureCardJpegs(db: Db, sourceIds: readonly string[]): Promise<void> {
  await cardJpegsOf(db, sourceIds);
}

function makeOnce(db: Db, sourceId: string): Promise<CardJpeg | null> {
  let pending = inFlight.get(sourceId);
  if (!pending) {
    pending = makeCard(db, sourceId).finally(() => inFlight.delete(sourceId));
    inFlight.set(sourceId, pending);
  }
  return pending;
}

async function makeCard(db: Db, sourceId: string): Promise<CardJpeg | null> {
  const [source] = await db
    .select({ ...mediaFileColumns, kind: media.kind, width: media.width })
    .from(media)
    .where(eq(media.id, sourceId))
    .limit(1);
  if (!source || !source.mime.startsWith("image/")) return null;
  if (source.mime === "image/jpeg" && source.width <= CARD_JPEG_WIDTH) {
    await db.insert(mediaVariants).values({ sourceId, width: CARD_JPEG_WIDTH, format: FORMAT, mediaId: sourceId }).onConflictDoNothing();
    return { id: sourceId, size: source.size };
  }
  let encoded: { data: Buffer; info: { width: number; height: number } };
  try {
    // With MEDIA_STORE=s3 the cover's bytes may be in the bucket (docs/decisions/019).
    const loaded = await loadMedia(source);
    if (!loaded) return null;
    encoded = await sharp(loaded.bytes, { limitInputPixels: 50_000_000 })
      .resize({ width: CARD_JPEG_WIDTH, withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg(CARD_JPEG)
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    // Stored images were re-encoded on the way in, so this is damage, not input: the list shows the URL only.
    log.error({ err }, `[media] no card JPEG of ${sourceId}`);
    return null;
  }
  const { data, info } = encoded;
  // One transaction: the card's per-id lock (storeMediaMany) holds until its row refers to it (collect-media.ts).
  const id = await db.transaction(async (tx) => {
    const stored = await storeMedia(tx, { bytes: data, mime: "image/jpeg", width: info.width, height: info.height, kind: source.kind as MediaKind });
    await tx.insert(mediaVariants).values({ sourceId, width: CARD_JPEG_WIDTH, format: FORMAT, mediaId: stored }).onConflictDoNothing();
    return stored;
  });
  return { id, size: data.byteLength };
}

async function forEachLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
