import { eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { getDb, type Db } from "@/db/client";
import { media, mediaVariants, siteSettings, users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { collectMedia, lockMediaIds, REFERENCES } from "./collect-media";
import { MediaKind } from "./kind";
import { storeMedia } from "./store-media";
import { ensureMediaVariants } from "./variants";

const DAY = 24 * 60 * 60 * 1000;
let n = 0;

/** A new image (its own bytes), stored as media `ageDays` old. */
async function image(db: Db, ageDays: number, kind: MediaKind = MediaKind.Page): Promise<string> {
  const bytes = await sharp({ create: { width: 64, height: 96, channels: 3, background: { r: ++n % 256, g: (n * 7) % 256, b: 90 } } }).jpeg().toBuffer();
  const id = await storeMedia(db, { bytes, mime: "image/jpeg", width: 64, height: 96, kind });
  await db.update(media).set({ createdAt: new Date(Date.now() - ageDays * DAY) }).where(eq(media.id, id));
  return id;
}

const present = async (db: Db, ids: string[]) => (await db.select({ id: media.id }).from(media).where(inArray(media.id, ids))).map((r) => r.id).sort();

describe("the media collector (issue 33, item 4)", () => {
  it("knows every column that refers to media: the database's foreign keys to media.id but the copies' source", async () => {
    const db = await getDb();
    const { rows } = await db.execute<{ tbl: string; col: string }>(sql`
      select c.conrelid::regclass::text as tbl, a.attname as col
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and c.confrelid = 'media'::regclass`);
    const fromDb = rows.map((r) => `${r.tbl.replace(/"/g, "")}.${r.col}`).filter((k) => k !== "media_variants.source_id").sort();
    expect(REFERENCES.map((r) => `${r.table}.${r.column}`).sort()).toEqual(fromDb);
  });

  it("deletes unreferenced media older than the grace period, keeps referenced and recent ones, then the copies of what it deleted", async () => {
    const db = await getDb();
    const orphan = await image(db, 3);
    const recentOrphan = await image(db, 0.5);
    const avatar = await image(db, 3, MediaKind.Avatar);
    const inSettings = await image(db, 3, MediaKind.Banner);
    const coverOfNobody = await image(db, 3, MediaKind.Cover);
    await db.insert(users).values({ username: "gc_user", email: "gc_user@example.test", fullName: "GC", role: Role.reader, profileImageId: avatar });
    await db.insert(siteSettings).values({ key: "gc-test", value: { bannerId: inSettings, nested: [{ image: inSettings }] } }).onConflictDoNothing();
    await ensureMediaVariants(db, [coverOfNobody], [160]);
    const [copy] = await db.select({ id: mediaVariants.mediaId }).from(mediaVariants).where(eq(mediaVariants.sourceId, coverOfNobody));
    expect(copy).toBeDefined();
    await db.update(media).set({ createdAt: new Date(Date.now() - 3 * DAY) }).where(eq(media.id, copy!.id));
    const all = [orphan, recentOrphan, avatar, inSettings, coverOfNobody, copy!.id];

    const first = await collectMedia(db);
    expect(first).toMatchObject({ ran: true, skipped: 0, objectsLeft: 0 });
    expect(first.deleted).toBeGreaterThanOrEqual(2);
    expect(await present(db, all)).toEqual([recentOrphan, avatar, inSettings, copy!.id].sort());
    // The copy's row went with its source (cascade); the copy itself is unreferenced now and goes at the next run.
    expect(await db.select().from(mediaVariants).where(eq(mediaVariants.sourceId, coverOfNobody))).toEqual([]);
    await collectMedia(db);
    expect(await present(db, all)).toEqual([recentOrphan, avatar, inSettings].sort());

    // A deleted user's avatar and a removed setting are given back too.
    await db.delete(users).where(eq(users.username, "gc_user"));
    await db.delete(siteSettings).where(eq(siteSettings.key, "gc-test"));
    await collectMedia(db);
    expect(await present(db, all)).toEqual([recentOrphan]);
    // Nothing is collected before its grace period ends.
    expect((await collectMedia(db, { now: new Date(Date.now() + DAY) })).deleted).toBeGreaterThanOrEqual(1);
    expect(await present(db, all)).toEqual([]);
  });

  it("collects a small JPEG cover that is its own card copy once nothing else refers to it", async () => {
    const db = await getDb();
    const cover = await image(db, 3, MediaKind.Cover);
    // What card-jpeg.ts records for a JPEG cover no wider than a card: the cover is its own copy.
    await db.insert(mediaVariants).values({ sourceId: cover, width: 320, format: "jpeg", mediaId: cover });
    await collectMedia(db);
    expect(await present(db, [cover])).toEqual([]);
    expect(await db.select().from(mediaVariants).where(eq(mediaVariants.sourceId, cover))).toEqual([]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("skips an id an upload is storing until the upload's transaction ends, and keeps its row when it was referred to", async () => {
    const db = await getDb();
    const id = await image(db, 3);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // The upload: its transaction has the id's shared lock and refers to it before it commits.
    const upload = db.transaction(async (tx) => {
      await lockMediaIds(tx, [id]);
      locked();
      await held;
      await tx.insert(users).values({ username: "gc_racer", email: "gc_racer@example.test", fullName: "R", role: Role.reader, profileImageId: id });
    });
    await isLocked;
    const during = await collectMedia(db);
    expect(during.skipped).toBeGreaterThanOrEqual(1);
    expect(await present(db, [id])).toEqual([id]);
    release();
    await upload;
    await collectMedia(db);
    expect(await present(db, [id])).toEqual([id]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("runs in one process at a time: while another holds the collector's lock, it does nothing", async () => {
    const db = await getDb();
    const orphan = await image(db, 3);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Another process collecting (the lock's keys are collect-media.ts's COLLECTOR_LOCK).
    const other = db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727301, 0)`);
      locked();
      await held;
    });
    await isLocked;
    expect(await collectMedia(db)).toMatchObject({ ran: false, deleted: 0 });
    expect(await present(db, [orphan])).toEqual([orphan]);
    release();
    await other;
    expect((await collectMedia(db)).ran).toBe(true);
    expect(await present(db, [orphan])).toEqual([]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("goes on from where the last batch stopped: rows created at the same instant are each seen once, a locked one is passed over, every batch reported", async () => {
    const db = await getDb();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await image(db, 3));
    // One instant for all (a chapter's pages stored in one transaction share their created_at).
    await db.update(media).set({ createdAt: new Date(Date.now() - 3 * DAY) }).where(inArray(media.id, ids));
    const sorted = [...ids].sort();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const upload = db.transaction(async (tx) => {
      await lockMediaIds(tx, [sorted[3]!]);
      locked();
      await held;
    });
    await isLocked;
    const batches: number[] = [];
    const run = await collectMedia(db, { batch: 2, onBatch: (b) => batches.push(b.deleted) });
    release();
    await upload;
    expect(run.skipped).toBe(1);
    expect(await present(db, ids)).toEqual([sorted[3]]);
    // Other tests' media may be collected too: at least the four full batches ours filled, each reported.
    expect(batches.length).toBeGreaterThanOrEqual(4);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(run.deleted);
    await collectMedia(db);
    expect(await present(db, ids)).toEqual([]);
  });
});
