import { createHash } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { getDb, type Db } from "@/db/client";
import { media } from "@/db/schema";
import { getMedia, getMediaHead, isMediaId } from "./get-media";
import { MediaKind } from "./kind";
import { MediaError } from "./process-image";
import { mediaIdFor, storeImage, storeImageVariants, storeMedia, storeMediaMany } from "./store-media";

let db: Db;
beforeAll(async () => {
  db = await getDb();
});

const picture = (colour: string, width = 900, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();

async function rowCount(ids: string[]): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(media).where(inArray(media.id, ids));
  return Number(row?.n ?? 0);
}

describe("storeMedia", () => {
  it("uses the SHA-256 of the stored bytes as the id and stores each content once", async () => {
    const bytes = Buffer.from("pretend these are jpeg bytes");
    const item = { bytes, mime: "image/jpeg", width: 1, height: 1, kind: MediaKind.Other };
    const id = await storeMedia(db, item);
    expect(id).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(isMediaId(id)).toBe(true);
    expect(await storeMedia(db, { ...item, kind: MediaKind.Page })).toBe(id);
    expect(await rowCount([id])).toBe(1);
  });

  it("stores a batch with duplicates, returning ids in input order", async () => {
    const a = { bytes: Buffer.from("batch a"), mime: "image/jpeg", width: 1, height: 1, kind: MediaKind.Page };
    const b = { ...a, bytes: Buffer.from("batch b") };
    const ids = await storeMediaMany(db, [a, b, a, b, a]);
    expect(ids).toEqual([mediaIdFor(a.bytes), mediaIdFor(b.bytes), mediaIdFor(a.bytes), mediaIdFor(b.bytes), mediaIdFor(a.bytes)]);
    expect(await rowCount(ids)).toBe(2);
    expect(await storeMediaMany(db, [])).toEqual([]);
  });

  it("stores every byte value exactly, large items included", async () => {
    const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const large = Buffer.concat([everyByte, Buffer.alloc(2 * 1024 * 1024, 0xa5), everyByte.reverse()]);
    const items = [everyByte, large].map((bytes) => ({ bytes, mime: "image/jpeg", width: 1, height: 1, kind: MediaKind.Page }));
    const ids = await storeMediaMany(db, items);
    for (const [i, id] of ids.entries()) {
      const file = await getMedia(db, { id });
      expect(file?.size).toBe(items[i]?.bytes.byteLength);
      expect(Buffer.compare(file?.bytes ?? Buffer.alloc(0), items[i]?.bytes ?? Buffer.alloc(0))).toBe(0);
    }
  });
});

describe("storeImage and storeImageVariants", () => {
  it("stores the re-encoded JPEG, not the upload, and dedupes identical uploads", async () => {
    const upload = await picture("#3366aa");
    const first = await storeImage(db, { input: upload, maxWidth: 600, kind: MediaKind.Cover });
    const second = await storeImage(db, { input: upload, maxWidth: 600, kind: MediaKind.Cover });
    expect(second).toEqual(first);
    expect(first).toMatchObject({ width: 600, height: 400 });
    expect(first.id).not.toBe(mediaIdFor(upload));

    const file = await getMedia(db, { id: first.id });
    expect(file).not.toBeNull();
    expect(file?.mime).toBe("image/jpeg");
    expect(file?.size).toBe(file?.bytes.byteLength);
    expect(mediaIdFor(file?.bytes ?? Buffer.alloc(0))).toBe(first.id);
    expect((await sharp(file?.bytes).metadata()).format).toBe("jpeg");
    expect(await rowCount([first.id])).toBe(1);
  });

  it("returns one stored image per width; widths above the original share its id", async () => {
    const upload = await picture("#aa3366", 800, 1200);
    const ids = await storeImageVariants(db, { input: upload, widths: [1000, 800, 500, 350], kind: MediaKind.Page });
    expect(ids.get(1000)?.id).toBe(ids.get(800)?.id);
    expect(ids.get(500)).toMatchObject({ width: 500, height: 750 });
    expect(ids.get(350)).toMatchObject({ width: 350, height: 525 });
    const distinct = new Set([...ids.values()].map((v) => v.id));
    expect(distinct.size).toBe(3);
    expect(await rowCount([...distinct])).toBe(3);
  });

  it("stores nothing when the upload is rejected", async () => {
    const [before] = await db.select({ n: sql<number>`count(*)::int` }).from(media);
    await expect(storeImage(db, { input: Buffer.from("GIF89a not really"), maxWidth: 100, kind: MediaKind.Cover })).rejects.toBeInstanceOf(MediaError);
    const [after] = await db.select({ n: sql<number>`count(*)::int` }).from(media);
    expect(after?.n).toBe(before?.n);
  });
});

describe("getMedia", () => {
  it("returns null for malformed and unknown ids", async () => {
    expect(await getMedia(db, { id: "abc" })).toBeNull();
    expect(await getMedia(db, { id: "A".repeat(64) })).toBeNull();
    expect(await getMedia(db, { id: "0".repeat(64) })).toBeNull();
    expect(await getMediaHead(db, { id: "0".repeat(64) })).toBeNull();
  });

  it("reads type and size without the bytes for HEAD", async () => {
    const id = await storeMedia(db, { bytes: Buffer.from("head me"), mime: "image/png", width: 2, height: 3, kind: MediaKind.Other });
    expect(await getMediaHead(db, { id })).toEqual({ id, mime: "image/png", size: 7 });
  });
});
