import { eq } from "drizzle-orm";
import { media } from "@/db/schema";
import type { Db } from "@/db/client";

import { isMediaId } from "@/lib/media-url";

export { isMediaId };

export interface MediaHead {
  id: string;
  mime: string;
  size: number;
}

export interface MediaFile extends MediaHead {
  bytes: Buffer;
}

/** The columns a MediaFile is read from (also used by variants.ts, which the seed runs under plain Node: no "server-only" here). */
export const mediaFileColumns = { id: media.id, mime: media.mime, size: media.size, bytes: media.bytes };

/** The stored image with its bytes, or null for an unknown or malformed id (no query for the latter). */
export async function getMedia(db: Db, opts: { id: string }): Promise<MediaFile | null> {
  if (!isMediaId(opts.id)) return null;
  const [row] = await db
    .select(mediaFileColumns)
    .from(media)
    .where(eq(media.id, opts.id))
    .limit(1);
  return row ?? null;
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
