/**
 * `npm run media:to-bucket`: moves the image bytes kept in PostgreSQL into the S3 bucket named by S3_BUCKET and the
 * other S3_* variables (docs/decisions/019). Safe while the site runs and safe to interrupt and run again. Set
 * MEDIA_STORE=s3 on the app processes first, so nothing new is written to the database meanwhile.
 */
import { closeDb, getDb } from "../db/client";
import { moveMediaToBucket } from "../server/media/move-to-bucket";
import { mediaStore } from "../server/media/object-store";

try {
  const { bucket } = mediaStore();
  if (!bucket) throw new Error("set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT, S3_REGION as needed)");
  const db = await getDb();
  const result = await moveMediaToBucket(db, {
    onBatch: (p) => console.log(`[media:to-bucket] ${p.moved} moved (${(p.movedBytes / 1024 / 1024).toFixed(1)} MB)`),
  });
  for (const id of result.skipped) console.warn(`[media:to-bucket] ${id}: its bytes do not hash to its id; left in the database`);
  console.log(
    `[media:to-bucket] done: ${result.moved} images (${(result.movedBytes / 1024 / 1024).toFixed(1)} MB) now in bucket ` +
      `${bucket.config.bucket}. Run VACUUM FULL media (or pg_repack) to give the space back to the file system.`,
  );
} catch (err) {
  console.error("[media:to-bucket] failed:", err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await closeDb();
}
