import { MediaStoreUnavailableError } from "./errors";
import { MediaStore } from "./kind";
import { S3Client, type S3Object } from "./s3/client";
import { log } from "@/server/core/log";

/**
 * Where media bytes go (docs/decisions/019, "Media in object storage"). By default they stay in PostgreSQL
 * (`media.bytes`); with MEDIA_STORE=s3 new media are put in an S3 bucket under their id and the row keeps only id,
 * type, size and `store = Bucket`. Reads follow each row's `store`, whatever the driver, so a database that already
 * holds bytes keeps serving them, and buckets keep being read after a switch back (as long as S3_* stays set).
 * (No "server-only" marker: the seed stores media through this under plain Node.)
 */

export interface MediaStoreSettings {
  /** Where new media are written. */
  writeTo: MediaStore;
  /** The bucket, when configured (always for MEDIA_STORE=s3). */
  bucket: S3Client | null;
}

const ENV_KEYS = [
  "MEDIA_STORE",
  "S3_ENDPOINT",
  "S3_BUCKET",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_SESSION_TOKEN",
  "S3_FORCE_PATH_STYLE",
  "S3_TIMEOUT_MS",
] as const;

/** The settings the environment describes; a MEDIA_STORE=s3 without its bucket or keys is an error at first use. */
export function mediaStoreSettings(env: Readonly<Record<string, string | undefined>> = process.env): MediaStoreSettings {
  const driver = (env.MEDIA_STORE || "db").trim().toLowerCase();
  if (driver !== "db" && driver !== "s3") throw new Error(`MEDIA_STORE must be "db" or "s3", not "${env.MEDIA_STORE}"`);
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) {
    if (driver === "s3") throw new Error("MEDIA_STORE=s3 needs S3_BUCKET (and S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)");
    return { writeTo: MediaStore.Database, bucket: null };
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (!accessKeyId || !secretAccessKey) throw new Error("S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
  const region = env.S3_REGION?.trim() || "us-east-1";
  const timeoutMs = Number(env.S3_TIMEOUT_MS || 10_000);
  return {
    writeTo: driver === "s3" ? MediaStore.Bucket : MediaStore.Database,
    bucket: new S3Client({
      endpoint: env.S3_ENDPOINT?.trim() || `https://s3.${region}.amazonaws.com`,
      bucket,
      region,
      credentials: { accessKeyId, secretAccessKey, sessionToken: env.S3_SESSION_TOKEN?.trim() || undefined },
      forcePathStyle: /^(1|true|yes)$/i.test(env.S3_FORCE_PATH_STYLE?.trim() ?? ""),
      timeoutMs: Number.isFinite(timeoutMs) && timeoutMs > 0 ? timeoutMs : 10_000,
    }),
  };
}

let cached: { key: string; settings: MediaStoreSettings } | undefined;

/** The current settings, made once per distinct environment (tests switch drivers by changing process.env). */
export function mediaStore(): MediaStoreSettings {
  const key = ENV_KEYS.map((k) => process.env[k] ?? "").join("\n");
  if (cached?.key !== key) cached = { key, settings: mediaStoreSettings() };
  return cached.settings;
}

function bucketOrFail(id: string): S3Client {
  const { bucket } = mediaStore();
  if (!bucket) throw new MediaStoreUnavailableError(`media ${id} is kept in a bucket, but S3_BUCKET is not set`);
  return bucket;
}

/** Puts new media in the bucket (a few at a time). Content-addressed: putting an object again rewrites the same bytes. */
export async function putMediaObjects(items: ReadonlyArray<{ id: string; bytes: Uint8Array; mime: string }>, concurrency = 8): Promise<void> {
  if (items.length === 0) return;
  const bucket = bucketOrFail(items[0]!.id);
  await forEachLimit(items, concurrency, (item) => bucket.putObject(item.id, item.bytes, { contentType: item.mime, sha256: item.id }));
}

/** Removes collected media's objects from the bucket (a few at a time); answers how many could not be removed. */
export async function deleteMediaObjects(ids: readonly string[], concurrency = 8): Promise<number> {
  if (ids.length === 0) return 0;
  const bucket = bucketOrFail(ids[0]!);
  let failed = 0;
  await forEachLimit(ids, concurrency, (id) => bucket.deleteObject(id).catch(() => void failed++));
  return failed;
}

/** The object's bytes as a stream, or null when the bucket has no such object. */
export async function openMediaObject(id: string): Promise<S3Object | null> {
  return bucketOrFail(id).getObject(id);
}

/** The whole bytes of media kept in the bucket, by id; ids the bucket does not have are absent. */
export async function readMediaObjects(ids: Iterable<string>, concurrency = 8): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return out;
  const bucket = bucketOrFail(unique[0]!);
  await forEachLimit(unique, concurrency, async (id) => {
    const bytes = await bucket.getObjectBytes(id);
    if (bytes) out.set(id, bytes);
    else log.error(`[media] ${id} is missing from bucket ${bucket.config.bucket}`);
  });
  return out;
}

/**
 * Rows read with `media.bytes` and `media.store` (usually through a join): those whose media is kept in the bucket
 * get their bytes from it, in place. Rows without media (store null) or with bytes already are left alone.
 */
export async function fillBucketBytes<T extends { bytes: Buffer | null; store: number | null }>(
  rows: T[],
  idOf: (row: T) => string | null | undefined,
): Promise<T[]> {
  const wanted = rows.filter((r) => r.bytes === null && r.store === MediaStore.Bucket && idOf(r));
  if (wanted.length === 0) return rows;
  const bytes = await readMediaObjects(wanted.map((r) => idOf(r) as string));
  for (const row of wanted) row.bytes = bytes.get(idOf(row) as string) ?? null;
  return rows;
}

async function forEachLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      try {
        await fn(items[next++] as T);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
