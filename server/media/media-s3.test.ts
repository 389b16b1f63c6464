import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET, HEAD } from "@/app/media/[id]/route";
import { getDb, type Db } from "@/db/client";
import { chapterPages, chapters, manga, media, mediaVariants, users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { deleteManga } from "@/server/publishing/delete-manga";
import { collectMedia, MEDIA_GRACE_MS } from "./collect-media";
import { getCurrentUser } from "@/server/auth/get-current-user";
import { listMyManga } from "@/server/auth/my-manga";
import { ingestChapterImages } from "@/server/chapters/ingest/ingest-images";
import { getPageRangeWithBytes } from "@/server/chapters/pages";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { base64ByUrl } from "@/server/manga/cover-images";
import { createChapter } from "@/tests/fixtures/chapters";
import { photo } from "@/tests/fixtures/images";
import { MediaStoreUnavailableError } from "./errors";
import { getMedia } from "./get-media";
import { MediaKind, MediaStore } from "./kind";
import { moveMediaToBucket } from "./move-to-bucket";
import { mediaStore, mediaStoreSettings } from "./object-store";
import { mediaIdFor, storeImage, storeMedia } from "./store-media";

/**
 * MEDIA_STORE=s3 against s3rver (an S3-compatible server from the npm registry, run in this process on a free port,
 * its bucket in a temporary folder). s3rver checks that requests are signed by a known key but not the signature
 * itself; the signature is checked against AWS's published examples in ./s3/sigv4.test.ts.
 */

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass;

const BUCKET = "manga-media";
const S3_ENV = ["MEDIA_STORE", "S3_ENDPOINT", "S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE", "S3_TIMEOUT_MS"] as const;
const savedEnv = Object.fromEntries(S3_ENV.map((k) => [k, process.env[k]]));

let db: Db;
let server: S3rverInstance;
let directory: string;
let port: number;

async function startS3(onPort = 0): Promise<number> {
  server = new S3rver({ port: onPort, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  return (await server.run()).port;
}

function useBucket(driver: "s3" | "db" = "s3"): void {
  Object.assign(process.env, {
    MEDIA_STORE: driver,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: BUCKET,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  });
}

beforeAll(async () => {
  db = await getDb();
  directory = await mkdtemp(path.join(os.tmpdir(), "s3rver-"));
  port = await startS3();
  useBucket();
});

afterAll(async () => {
  await server.close().catch(() => undefined);
  for (const k of S3_ENV) {
    if (savedEnv[k] === undefined) delete process.env[k];
    else process.env[k] = savedEnv[k];
  }
  await rm(directory, { recursive: true, force: true });
});

const call = (handler: typeof GET, url: string, headers: HeadersInit = {}) => {
  const id = url.split("?")[0] as string;
  return handler(new Request(`http://localhost/media/${url}`, { headers }), { params: Promise.resolve({ id }) });
};

/** The object as the bucket holds it (read with the app's own client), or null. */
async function inBucket(id: string): Promise<Buffer | null> {
  const bucket = mediaStore().bucket;
  if (!bucket) throw new Error("no bucket configured");
  return bucket.getObjectBytes(id);
}

async function rowOf(id: string) {
  const [row] = await db.select({ store: media.store, bytes: media.bytes, size: media.size, mime: media.mime }).from(media).where(eq(media.id, id));
  return row;
}

const IMMUTABLE = "public, max-age=31536000, immutable";

describe("MEDIA_STORE=s3", () => {
  let pageId: string;
  let pageBytes: Buffer;
  let chapterId: number;

  it("stores a chapter's pages in the bucket and not in the database", async () => {
    // Published, so its pages are public at /media without a signature (issue 27, item 9).
    chapterId = await createChapter(db, { published: true });
    const upload = await photo({ width: 900, height: 1300, colour: [200, 60, 40] });
    const result = await ingestChapterImages({ db, chapterId, files: [upload] });
    const page = result.pages[0]!;
    pageId = page.imageId;
    const ids = [page.imageId, page.image350Id, page.image500Id, page.image700Id].filter((id): id is string => !!id);
    expect(new Set(ids).size).toBeGreaterThanOrEqual(3);
    for (const id of ids) {
      const row = await rowOf(id);
      expect(row).toMatchObject({ store: MediaStore.Bucket, bytes: null, mime: "image/jpeg" });
      const object = await inBucket(id);
      expect(object).not.toBeNull();
      // Content-addressed: the object under the id is exactly the bytes whose SHA-256 the id is.
      expect(createHash("sha256").update(object!).digest("hex")).toBe(id);
      expect(object!.byteLength).toBe(row!.size);
    }
    pageBytes = (await inBucket(pageId))!;
    expect((await sharp(pageBytes).metadata()).format).toBe("jpeg");
  });

  it("serves /media/{id} from the bucket: same bytes, immutable caching, ETag", async () => {
    const res = await call(GET, pageId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe(IMMUTABLE);
    expect(res.headers.get("etag")).toBe(`"${pageId}"`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-length")).toBe(String(pageBytes.byteLength));
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(pageBytes)).toBe(true);
  });

  it("answers HEAD and If-None-Match from the row, without reading the bucket", async () => {
    const head = await call(HEAD, pageId);
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(pageBytes.byteLength));
    expect(head.headers.get("etag")).toBe(`"${pageId}"`);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    for (const validator of [`"${pageId}"`, `W/"${pageId}"`]) {
      const res = await call(GET, pageId, { "If-None-Match": validator });
      expect(res.status).toBe(304);
      expect(res.headers.get("cache-control")).toBe(IMMUTABLE);
      expect(await res.text()).toBe("");
    }
  });

  it("gives the API's base64 fields the bucket's bytes", async () => {
    const pages = await getPageRangeWithBytes({ db, chapterId, from: 1, to: 1, viewer: null });
    expect(pages[0]?.bytes?.equals(pageBytes)).toBe(true);
    const url = `/media/${pageId}`;
    expect((await base64ByUrl(db, [url])).get(url)).toBe(pageBytes.toString("base64"));
    expect((await getMedia(db, { id: pageId }))?.bytes.equals(pageBytes)).toBe(true);
  });

  it("answers the account's image and its manga's covers as base64 from the bucket (Me, Me/Manga)", async () => {
    const avatar = await storeImage(db, { input: await photo({ width: 256, height: 256, colour: [30, 30, 30] }), maxWidth: 512, kind: MediaKind.Avatar });
    const cover = await storeImage(db, { input: await photo({ width: 300, height: 450, colour: [220, 220, 30] }), maxWidth: 600, kind: MediaKind.Cover });
    const [user] = await db
      .insert(users)
      .values({ username: "bucketeer", email: "bucketeer@example.com", fullName: "Bucket Writer", profileImageId: avatar.id })
      .returning({ id: users.id });
    await db.insert(manga).values({ title: "Kept in a bucket", authorId: user!.id, coverImageId: cover.id });
    const base64Of = async (id: string) => (await inBucket(id))!.toString("base64");
    const me = await getCurrentUser({ db, userId: user!.id });
    expect(me?.profileImage).toBe(await base64Of(avatar.id));
    const [mine] = await listMyManga({ db, userId: user!.id });
    expect(mine?.coverImage).toBe(await base64Of(cover.id));
    expect(mine).not.toHaveProperty("store");
    const [asUrls] = await listMyManga({ db, userId: user!.id, imageFormat: "url" });
    expect(asUrls).toMatchObject({ coverImage: null, coverImageUrl: `/media/${cover.id}` });
  });

  it("makes a ?w= variant once, stores it in the bucket and serves it from there", async () => {
    const cover = await storeImage(db, { input: await photo({ width: 600, height: 900, colour: [40, 90, 200] }), maxWidth: 600, kind: MediaKind.Cover });
    const first = await call(GET, `${cover.id}?w=320`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/webp");
    expect(first.headers.get("cache-control")).toBe(IMMUTABLE);
    expect(first.headers.get("etag")).toBe(`"${cover.id}-w320"`);
    const made = Buffer.from(await first.arrayBuffer());
    expect(await sharp(made).metadata()).toMatchObject({ format: "webp", width: 320 });

    const [link] = await db.select().from(mediaVariants).where(eq(mediaVariants.sourceId, cover.id));
    expect(link).toMatchObject({ width: 320, mediaId: mediaIdFor(made) });
    expect(await rowOf(link!.mediaId)).toMatchObject({ store: MediaStore.Bucket, bytes: null, mime: "image/webp" });
    expect((await inBucket(link!.mediaId))?.equals(made)).toBe(true);

    const again = await call(GET, `${cover.id}?w=320`);
    expect(again.status).toBe(200);
    expect(again.headers.get("content-length")).toBe(String(made.byteLength));
    expect(Buffer.from(await again.arrayBuffer()).equals(made)).toBe(true);
    const head = await call(HEAD, `${cover.id}?w=320`);
    expect(head.status).toBe(200);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    expect((await call(GET, `${cover.id}?w=320`, { "If-None-Match": `"${cover.id}-w320"` })).status).toBe(304);
  });

  it("puts the object before the row is committed: a rolled-back write leaves only an unreferenced object", async () => {
    const bytes = await photo({ width: 64, height: 64, colour: [10, 200, 10], format: "jpeg" });
    const id = mediaIdFor(bytes);
    const err = await runUnitOfWork(db, async ({ tx }) => {
      await storeMedia(tx, { bytes, mime: "image/jpeg", width: 64, height: 64, kind: MediaKind.Other });
      expect(await inBucket(id)).not.toBeNull(); // already in the bucket while the transaction is open
      throw new Error("roll back");
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ message: "roll back" });
    expect(await rowOf(id)).toBeUndefined();
    expect((await call(GET, id)).status).toBe(404);
  });

  it("deleting a manga gives its bucket objects back after the grace period: the collector deletes the rows, then the objects", async () => {
    const [root] = await db.insert(users).values({ username: "s3_gc_root", email: "s3_gc_root@example.test", fullName: "Root", role: Role.root }).returning({ id: users.id });
    const cover = await storeImage(db, { input: await photo({ width: 60, height: 90, colour: [200, 30, 120] }), maxWidth: 600, kind: MediaKind.Cover });
    const chapterId = await createChapter(db, { title: "S3 collected" });
    const bytes = await photo({ width: 80, height: 120, colour: [30, 30, 220], format: "jpeg" });
    const pageImage = await storeMedia(db, { bytes, mime: "image/jpeg", width: 80, height: 120, kind: MediaKind.Page });
    await db.insert(chapterPages).values({ chapterId, pageNumber: 1, imageId: pageImage, width: 80, height: 120 });
    const [chapter] = await db.select({ mangaId: chapters.mangaId }).from(chapters).where(eq(chapters.id, chapterId));
    const mangaId = chapter!.mangaId;
    await db.update(manga).set({ coverImageId: cover.id }).where(eq(manga.id, mangaId));
    const ids = [cover.id, pageImage];
    for (const id of ids) expect(await inBucket(id)).not.toBeNull();

    await deleteManga({ db, actor: { userId: root!.id, role: Role.root }, mangaId });
    // The rows wait for the collector: deleting them here would leave their objects in the bucket for good.
    for (const id of ids) expect((await rowOf(id))?.store).toBe(MediaStore.Bucket);
    expect((await collectMedia(db)).deleted).toBe(0); // within the grace period (just stored)
    const run = await collectMedia(db, { now: new Date(Date.now() + 2 * MEDIA_GRACE_MS) });
    expect(run).toMatchObject({ ran: true, objectsLeft: 0 });
    expect(run.deleted).toBeGreaterThanOrEqual(2);
    for (const id of ids) {
      expect(await rowOf(id)).toBeUndefined();
      expect(await inBucket(id)).toBeNull();
    }
  });

  it("answers 404 in the envelope when the bucket has lost an object its row names", async () => {
    const id = "ab".repeat(32);
    // A cover (public by its kind): a page image no published chapter uses is refused before its bytes are looked for.
    await db.insert(media).values({ id, mime: "image/jpeg", width: 1, height: 1, size: 10, kind: MediaKind.Cover, store: MediaStore.Bucket, bytes: null });
    const res = await call(GET, id);
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ statusCode: 404, message: "Not found", data: null });
  });

  it("keeps serving media whose bytes are in the database (rows from before the switch)", async () => {
    useBucket("db");
    const old = await storeImage(db, { input: await photo({ width: 200, height: 300, colour: [90, 90, 20] }), maxWidth: 600, kind: MediaKind.Cover });
    const row = await rowOf(old.id);
    expect(row?.store).toBe(MediaStore.Database);
    useBucket("s3");
    const res = await call(GET, old.id);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(row!.bytes!)).toBe(true);
    expect(await inBucket(old.id)).toBeNull();
  });
});

describe("MEDIA_STORE=db (the default)", () => {
  it("keeps the bytes in the row, touches no bucket, and serves them as before", async () => {
    for (const k of S3_ENV) delete process.env[k];
    try {
      expect(mediaStore()).toEqual({ writeTo: MediaStore.Database, bucket: null });
      const upload = await sharp({ create: { width: 320, height: 480, channels: 3, background: "#228844" } }).png().toBuffer();
      const { id } = await storeImage(db, { input: upload, maxWidth: 600, kind: MediaKind.Cover });
      const row = await rowOf(id);
      expect(row?.store).toBe(MediaStore.Database);
      expect(row?.bytes?.byteLength).toBe(row?.size);
      const res = await call(GET, id);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe(IMMUTABLE);
      expect(Buffer.from(await res.arrayBuffer()).equals(row!.bytes!)).toBe(true);
      const variant = await call(GET, `${id}?w=160`);
      expect(variant.status).toBe(200);
      const [link] = await db.select().from(mediaVariants).where(eq(mediaVariants.sourceId, id));
      expect((await rowOf(link!.mediaId))?.store).toBe(MediaStore.Database);
    } finally {
      useBucket();
    }
  });

  it("reads the environment strictly", () => {
    expect(() => mediaStoreSettings({ MEDIA_STORE: "s3" })).toThrow(/S3_BUCKET/);
    expect(() => mediaStoreSettings({ MEDIA_STORE: "disk" })).toThrow(/MEDIA_STORE/);
    expect(() => mediaStoreSettings({ MEDIA_STORE: "s3", S3_BUCKET: "b" })).toThrow(/S3_ACCESS_KEY_ID/);
    const hosted = mediaStoreSettings({ MEDIA_STORE: "s3", S3_BUCKET: "b", S3_REGION: "eu-west-1", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" });
    expect(hosted.writeTo).toBe(MediaStore.Bucket);
    expect(hosted.bucket?.objectUrl("ab").href).toBe("https://b.s3.eu-west-1.amazonaws.com/ab");
    const pathStyle = mediaStoreSettings({ S3_BUCKET: "b", S3_ENDPOINT: "http://minio:9000", S3_FORCE_PATH_STYLE: "1", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" });
    expect(pathStyle.writeTo).toBe(MediaStore.Database); // a bucket to read from, new media still in the database
    expect(pathStyle.bucket?.objectUrl("ab").href).toBe("http://minio:9000/b/ab");
  });
});

describe("moving existing media into the bucket (npm run media:to-bucket)", () => {
  it("puts each image's bytes in the bucket, then clears them from the row; the URL serves the same bytes", async () => {
    useBucket("db");
    const stored = await Promise.all(
      [[5, 5, 5], [250, 250, 250], [5, 250, 5]].map(async (colour) =>
        storeImage(db, { input: await photo({ width: 120, height: 180, colour: colour as [number, number, number] }), maxWidth: 600, kind: MediaKind.Cover }),
      ),
    );
    const before = new Map(await Promise.all(stored.map(async ({ id }) => [id, (await rowOf(id))!.bytes!] as const)));
    // Not content-addressed (its bytes do not hash to its id): reported and left alone.
    const odd = "cd".repeat(32);
    await db.insert(media).values({ id: odd, mime: "image/jpeg", width: 1, height: 1, size: 3, kind: MediaKind.Other, bytes: Buffer.from("odd") });
    useBucket("s3");

    const batches: number[] = [];
    const result = await moveMediaToBucket(db, { batchSize: 2, onBatch: (p) => batches.push(p.moved) });
    expect(result.skipped).toEqual([odd]);
    expect(result.moved).toBeGreaterThanOrEqual(3);
    expect(batches.length).toBeGreaterThanOrEqual(2);
    for (const [id, bytes] of before) {
      expect(await rowOf(id)).toMatchObject({ store: MediaStore.Bucket, bytes: null });
      expect((await inBucket(id))?.equals(bytes)).toBe(true);
      const res = await call(GET, id);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    }
    expect(await rowOf(odd)).toMatchObject({ store: MediaStore.Database });
    // Run again: nothing left to move but the odd row.
    expect(await moveMediaToBucket(db)).toEqual({ moved: 0, movedBytes: 0, skipped: [odd] });
  });
});

describe("the bucket down", () => {
  let storedId: string;

  beforeAll(async () => {
    const { id } = await storeImage(db, { input: await photo({ width: 300, height: 300, colour: [150, 20, 150] }), maxWidth: 600, kind: MediaKind.Cover });
    storedId = id;
    await server.close();
  });

  it("answers 503 in the envelope (in the caller's language), never cached, for bytes it would stream", async () => {
    for (const url of [storedId, `${storedId}?w=480`]) {
      const res = await call(GET, url);
      expect(res.status).toBe(503);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("retry-after")).toBe("5");
      expect(await res.json()).toMatchObject({ statusCode: 503, message: expect.stringMatching(/try again/), data: { code: "mediaUnavailable" } });
    }
    const ar = await call(GET, storedId, { "x-locale": "ar" });
    expect(ar.status).toBe(503);
    expect((await ar.json()).message).toMatch(/[\u0600-\u06FF]/);
  });

  it("still answers HEAD and If-None-Match, which only read the row", async () => {
    expect((await call(HEAD, storedId)).status).toBe(200);
    expect((await call(GET, storedId, { "If-None-Match": `"${storedId}"` })).status).toBe(304);
  });

  it("refuses new media without writing a row", async () => {
    const bytes = await photo({ width: 32, height: 32, colour: [1, 2, 3] });
    const err = await storeMedia(db, { bytes, mime: "image/jpeg", width: 32, height: 32, kind: MediaKind.Other }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MediaStoreUnavailableError);
    expect(await rowOf(mediaIdFor(bytes))).toBeUndefined();
  });

  it("gives up on a bucket that accepts connections but never answers (S3_TIMEOUT_MS): a 503, not a hang", async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const sockets = new Set<net.Socket>();
    silent.on("connection", (socket) => sockets.add(socket));
    try {
      process.env.S3_ENDPOINT = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
      process.env.S3_TIMEOUT_MS = "300";
      const started = performance.now();
      const res = await call(GET, storedId);
      expect(res.status).toBe(503);
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
      delete process.env.S3_TIMEOUT_MS;
      useBucket();
    }
  });

  it("serves again once the bucket is back, with no restart", async () => {
    await startS3(port);
    const res = await call(GET, storedId);
    expect(res.status).toBe(200);
    expect(mediaIdFor(Buffer.from(await res.arrayBuffer()))).toBe(storedId);
  });
});
