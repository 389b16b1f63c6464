import type { Db } from "@/db/client";
import { BANNER_VARIANT_WIDTHS, COVER_AVIF_WIDTHS, COVER_VARIANT_WIDTHS } from "@/lib/media-url";
import type { Tx } from "@/server/core/unit-of-work";
import { MediaKind } from "@/server/media/kind";
import { processCoverImages, type EncodedImage } from "@/server/media/process-image";
import { storeMediaMany } from "@/server/media/store-media";
import { ensureMediaVariants } from "@/server/media/variants";
import { ensureCardJpegs } from "@/server/media/card-jpeg";

export type EncodedCover = { cover: EncodedImage; banner: EncodedImage };

/** Validates and encodes an uploaded cover before the transaction opens (CPU work holds no locks). */
export function encodeCover(input: Uint8Array): Promise<EncodedCover> {
  return processCoverImages({ input });
}

/** Stores an encoded cover and banner in the use case's transaction; answers their media ids. */
export async function storeCover(tx: Tx, encoded: EncodedCover): Promise<{ coverImageId: string; bannerImageId: string }> {
  const [coverImageId, bannerImageId] = await storeMediaMany(tx, [
    { ...encoded.cover, kind: MediaKind.Cover },
    { ...encoded.banner, kind: MediaKind.Banner },
  ]);
  return { coverImageId: coverImageId!, bannerImageId: bannerImageId! };
}

/**
 * After commit: the card and banner widths the site shows (the cover's also as AVIF), and the card JPEG lists answer
 * as base64, made ahead so the first visitor does not wait.
 */
export async function prepareCoverVariants(db: Db, ids: { coverImageId: string; bannerImageId: string }): Promise<void> {
  await ensureMediaVariants(db, [ids.coverImageId], COVER_VARIANT_WIDTHS);
  await ensureMediaVariants(db, [ids.coverImageId], COVER_AVIF_WIDTHS, { format: "avif" });
  await ensureCardJpegs(db, [ids.coverImageId]);
  await ensureMediaVariants(db, [ids.bannerImageId], BANNER_VARIANT_WIDTHS);
}
