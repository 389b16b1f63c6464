import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { media } from "@/db/schema";
import type { Db } from "@/db/client";
import { MediaStore } from "./kind";
import { putMediaObjects } from "./object-store";
import { mediaIdFor } from "./store-media";

/**
 * Moves the bytes of media kept in the database into the bucket (`npm run media:to-bucket`, docs/decisions/019), a
 * batch at a time in id order: the batch's objects are put first, then one statement clears their bytes and marks them
 * `store = Bucket`, only where they are still in the database (a row deleted or moved meanwhile is left as it is).
 * Interrupted, it starts again where the database says (moved rows are no longer picked). A row whose bytes do not
 * hash to its id is not content-addressed media: it is reported and left in the database. PostgreSQL gives the space
 * back to the file system only after VACUUM FULL (or pg_repack) of `media`.
 */
export interface MoveToBucketResult {
  moved: number;
  movedBytes: number;
  /** Ids whose bytes do not match them, left in the database. */
  skipped: string[];
}

export async function moveMediaToBucket(
  db: Db,
  opts: { batchSize?: number; onBatch?: (progress: MoveToBucketResult) => void } = {},
): Promise<MoveToBucketResult> {
  const batchSize = opts.batchSize ?? 50;
  const result: MoveToBucketResult = { moved: 0, movedBytes: 0, skipped: [] };
  let after = "";
  for (;;) {
    const rows = await db
      .select({ id: media.id, mime: media.mime, bytes: media.bytes })
      .from(media)
      .where(and(eq(media.store, MediaStore.Database), gt(media.id, after)))
      .orderBy(asc(media.id))
      .limit(batchSize);
    if (rows.length === 0) return result;
    after = rows[rows.length - 1]!.id;
    const items = rows.flatMap((r) => {
      if (r.bytes && mediaIdFor(r.bytes) === r.id) return [{ id: r.id, mime: r.mime, bytes: r.bytes }];
      result.skipped.push(r.id);
      return [];
    });
    await putMediaObjects(items);
    if (items.length > 0) {
      const moved = await db
        .update(media)
        .set({ store: MediaStore.Bucket, bytes: null })
        .where(and(inArray(media.id, items.map((i) => i.id)), eq(media.store, MediaStore.Database)))
        .returning({ size: media.size });
      result.moved += moved.length;
      result.movedBytes += moved.reduce((sum, r) => sum + r.size, 0);
    }
    opts.onBatch?.(result);
  }
}
