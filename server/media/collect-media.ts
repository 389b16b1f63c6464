import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { Executor } from "@/server/core/unit-of-work";
import { log } from "@/server/core/log";
import { startPeriodic } from "@/server/core/periodic";
import { MediaStore } from "./kind";
import { deleteMediaObjects } from "./object-store";

/**
 * Storage given back (issue 33, item 4): media no row refers to any more (a deleted chapter's pages, a replaced
 * cover, a deleted user's avatar, their copies) are deleted once they are older than a grace period, in batches, by
 * one process at a time; with MEDIA_STORE=s3 their objects are removed from the bucket after the rows.
 *
 * What refers to media: the columns with a foreign key to media.id (REFERENCES below; a test keeps the list equal to
 * the database's own), the copies' rows (media_variants.media_id; a source's copies go with it, ON DELETE CASCADE,
 * and become unreferenced in turn), and the page settings' JSON (any media id in it: the landing's banner).
 *
 * An identical upload racing the deletion: media ids are content hashes, so an upload may find "its" row already
 * there (ON CONFLICT DO NOTHING) just as the collector deletes it. Both take a lock per id (an advisory lock keyed by
 * the id's hash): the store a shared one in its transaction (lockMediaIds, storeMediaMany), the collector an exclusive
 * one it only tries for (an id being stored is skipped this round) and then checks the references again before it
 * deletes. A store that starts after the deletion waits for the collector's commit and inserts the row anew. So every
 * store stores and refers in one transaction (the uploads' use cases, a copy and its media_variants row in variants.ts
 * and card-jpeg.ts), and removeUnusedMedia (a write's own clean-up) tries the same lock (tryLockMediaId).
 */

/** Each column holding a media id under a foreign key (media_variants.source_id cascades and is not one of them). */
export const REFERENCES = [
  { table: "manga", column: "cover_image_id" },
  { table: "manga", column: "banner_image_id" },
  { table: "chapter_pages", column: "image_id" },
  { table: "chapter_pages", column: "image350_id" },
  { table: "chapter_pages", column: "image500_id" },
  { table: "chapter_pages", column: "image700_id" },
  { table: "users", column: "profile_image_id" },
  { table: "media_variants", column: "media_id" },
] as const;

/** Advisory lock namespaces (the two-key form): one process collects at a time; per-id locks between store and collector. */
const COLLECTOR_LOCK = 727_301;
const MEDIA_ID_LOCKS = 727_302;

/** Unreferenced media this old are collected: long enough for an upload's row to be referred to by its use case. */
export const MEDIA_GRACE_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;
const INTERVAL_MS = 60 * 60 * 1000;
const FIRST_RUN_MS = 10 * 60 * 1000;

/** A text[] literal of ids, one parameter each. */
const textArray = (ids: readonly string[]) => sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::text[]`;

/**
 * A condition that takes the exclusive per-id lock of `alias`.id for the rest of the transaction, or is false while
 * an upload of the same bytes holds it (for deletes outside the collector: removeUnusedMedia).
 */
export const tryLockMediaId = (alias: string) => sql.raw(`pg_try_advisory_xact_lock(${MEDIA_ID_LOCKS}, hashtext(${alias}.id))`);

/** Takes the shared per-id locks for the ids a transaction stores (no-op outside one: the lock ends with the statement). */
export async function lockMediaIds(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`select pg_advisory_xact_lock_shared(${MEDIA_ID_LOCKS}, hashtext(u.id)) from unnest(${textArray([...ids].sort())}) as u(id)`);
}

export const unreferenced = (alias: string) =>
  sql.join(
    [
      // A copy's row that names its source as its own copy (a small JPEG cover is its own card copy) is no reference.
      ...REFERENCES.map(({ table, column }) =>
        sql.raw(`not exists (select 1 from "${table}" r where r."${column}" = ${alias}.id${table === "media_variants" ? ` and r.source_id <> ${alias}.id` : ""})`),
      ),
      sql.raw(`${alias}.id <> all(coalesce((select array_agg(m[1]) from site_settings s, regexp_matches(s.value::text, '([0-9a-f]{64})', 'g') as m), '{}'))`),
    ],
    sql` and `,
  );

export interface CollectResult {
  deleted: number;
  bytes: number;
  /** Ids skipped because an upload held their lock. */
  skipped: number;
  /** Bucket objects that could not be removed (left as garbage: no row refers to them). */
  objectsLeft: number;
  /** False when another process was collecting. */
  ran: boolean;
}

/** Where a run has got to in the media's creation order (created_at as PostgreSQL's text: microseconds kept). */
interface Cursor {
  createdAt: string;
  id: string;
}

/**
 * The next `batch` unreferenced media older than `cutoff`, in creation order, after `after` (the last one the run
 * examined): each batch starts where the previous one stopped instead of walking again the referenced rows before it
 * (at 1M media that walk grew with every batch).
 */
export function candidatesQuery(cutoff: Date, batch: number, after?: Cursor) {
  return sql`
    select m.id, m.created_at::text as created_at from media m
    where m.created_at < ${cutoff.toISOString()}
      ${after ? sql`and (m.created_at, m.id) > (${after.createdAt}::timestamptz, ${after.id})` : sql``}
      and ${unreferenced("m")}
    order by m.created_at, m.id limit ${batch}`;
}

export interface CollectOptions {
  graceMs?: number;
  batch?: number;
  maxBatches?: number;
  now?: Date;
  /** Called after each batch's commit (the benchmark: scripts/bench/gc.ts). */
  onBatch?: (batch: { deleted: number; ms: number }) => void;
}

/** Deletes unreferenced media older than the grace period, `batch` at a time, until none is left (or `maxBatches`). */
export async function collectMedia(db: Db, { graceMs = MEDIA_GRACE_MS, batch = BATCH, maxBatches = 1_000, now = new Date(), onBatch }: CollectOptions = {}): Promise<CollectResult> {
  const cutoff = new Date(now.getTime() - graceMs);
  const result: CollectResult = { deleted: 0, bytes: 0, skipped: 0, objectsLeft: 0, ran: true };
  let after: Cursor | undefined;
  for (let round = 0; round < maxBatches; round++) {
    const started = performance.now();
    const done = await db.transaction(async (tx) => {
      const [mine] = (await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${COLLECTOR_LOCK}, 0) as ok`)).rows;
      if (!mine?.ok) return { stop: true, other: true, rows: [] as Array<{ id: string; size: number; store: number }>, skipped: 0, last: undefined };
      const found = (await tx.execute<{ id: string; created_at: string }>(candidatesQuery(cutoff, batch, after))).rows;
      const candidates = found.map((r) => r.id);
      const last = found.at(-1);
      if (candidates.length === 0) return { stop: true, other: false, rows: [], skipped: 0, last };
      const locked = (
        await tx.execute<{ id: string }>(sql`
          select u.id from unnest(${textArray(candidates)}) as u(id) where pg_try_advisory_xact_lock(${MEDIA_ID_LOCKS}, hashtext(u.id))`)
      ).rows.map((r) => r.id);
      // Checked again under the locks: a reference committed since the candidates were read keeps its media.
      const rows = locked.length
        ? (
            await tx.execute<{ id: string; size: number; store: number }>(sql`
              delete from media m where m.id = any(${textArray(locked)}) and m.created_at < ${cutoff.toISOString()} and ${unreferenced("m")}
              returning m.id, m.size, m.store`)
          ).rows
        : [];
      return { stop: candidates.length < batch, other: false, rows, skipped: candidates.length - locked.length, last };
    });
    if (done.other) return { ...result, ran: false };
    if (done.last) after = { createdAt: done.last.created_at, id: done.last.id };
    result.deleted += done.rows.length;
    result.bytes += done.rows.reduce((n, r) => n + Number(r.size), 0);
    result.skipped += done.skipped;
    const inBucket = done.rows.filter((r) => Number(r.store) === MediaStore.Bucket).map((r) => r.id);
    if (inBucket.length > 0) result.objectsLeft += await removeObjects(db, inBucket);
    onBatch?.({ deleted: done.rows.length, ms: performance.now() - started });
    // Ids skipped (an upload held their lock) or referred to again are passed over: the next run sees them.
    if (done.stop) break;
  }
  return result;
}

/**
 * The deleted rows' bucket objects, each under its id's lock and only while no row has come back: an upload of the
 * same bytes takes the lock before it puts the object (storeMediaMany), so it either re-inserted the row already (the
 * object stays) or puts the object again after this. Answers how many objects are left in the bucket.
 */
async function removeObjects(db: Db, ids: readonly string[]): Promise<number> {
  return db.transaction(async (tx) => {
    const free = (
      await tx.execute<{ id: string }>(sql`
        select u.id from unnest(${textArray(ids)}) as u(id)
        where pg_try_advisory_xact_lock(${MEDIA_ID_LOCKS}, hashtext(u.id)) and not exists (select 1 from media m where m.id = u.id)`)
    ).rows.map((r) => r.id);
    return ids.length - free.length + (await deleteMediaObjects(free));
  });
}

/** Every process runs it hourly, first 10 minutes after its start (not during the warm-up); one at a time works. */
export function startMediaCollector(db: Db): () => void {
  // Off for a process that must not collect (the benchmark's server, which runs the collector itself).
  if (process.env.MEDIA_COLLECTOR === "off") return () => undefined;
  let stop: (() => void) | undefined;
  const first = setTimeout(() => {
    stop = startPeriodic("media-collector", INTERVAL_MS, async () => {
      const r = await collectMedia(db);
      if (r.deleted > 0) log.info({ deleted: r.deleted, bytes: r.bytes, skipped: r.skipped, objectsLeft: r.objectsLeft }, `[media-collector] gave back ${r.deleted} images (${r.bytes} bytes)`);
    });
  }, FIRST_RUN_MS);
  first.unref?.();
  return () => {
    clearTimeout(first);
    stop?.();
  };
}
