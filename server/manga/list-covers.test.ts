import { and, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as paginated } from "@/app/api/manga/PaginatedManga/route";
import { GET as myFavorites } from "@/app/api/Authentication/Me/Favorites/route";
import { getDb, type Db } from "@/db/client";
import { favorites, manga, media, mediaVariants, users } from "@/db/schema";
import { Role, Status } from "@/lib/enums";
import { CARD_JPEG_WIDTH } from "@/server/media/card-jpeg";
import { MediaKind } from "@/server/media/kind";
import { storeMedia } from "@/server/media/store-media";
import { noParams, tokenFor } from "@/server/http/test-helpers";
import { LIST_BASE64_BUDGET } from "./cover-images";

/**
 * Issue 19, item 1: a list's base64 `coverImage` is the cover's card JPEG (320 px), not the 600 × 900 cover, and one
 * answer carries at most LIST_BASE64_BUDGET characters of base64 however many items it has. The covers here are
 * stored the way covers stored before the card existed were (no card yet): the first list makes each card once.
 */
interface Item { id: number; title: string; coverImage?: string | null; coverImageUrl: string | null }
interface Body { statusCode: number; data: { items: Item[] } }

let db: Db;
const covers: Array<{ id: string; bytes: Buffer }> = [];
let readerId: number;

/** A 600 × 900 cover JPEG with detail everywhere (noise over a gradient): ~110 kB, its card ~11 kB. */
async function coverJpeg(seed: number): Promise<Buffer> {
  const width = 600, height = 900;
  const raw = Buffer.alloc(width * height * 3);
  let x = seed * 7919 + 1;
  for (let i = 0; i < raw.length; i += 3) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    const p = i / 3;
    const shade = ((p % width) / width) * 120 + ((Math.floor(p / width) / height) * 100);
    raw[i] = shade + ((x >> 8) % 100);
    raw[i + 1] = 200 - shade / 2 + ((x >> 14) % 100);
    raw[i + 2] = seed * 40 + ((x >> 20) % 100);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}

beforeAll(async () => {
  db = await getDb();
  const [writer, reader] = await db
    .insert(users)
    .values([
      { username: "coverwriter", email: "coverwriter@example.test", fullName: "Cover Writer", role: Role.writer },
      { username: "coverreader", email: "coverreader@example.test", fullName: "Cover Reader", role: Role.reader },
    ])
    .returning({ id: users.id });
  readerId = reader!.id;
  for (let seed = 0; seed < 4; seed++) {
    const bytes = await coverJpeg(seed);
    covers.push({ id: await storeMedia(db, { bytes, mime: "image/jpeg", width: 600, height: 900, kind: MediaKind.Cover }), bytes });
  }
  // 110 accepted manga sharing the four covers, newest first by id; the oldest has none.
  const rows = Array.from({ length: 110 }, (_, i) => ({
    title: `Cover test ${String(i).padStart(3, "0")}`,
    description: "",
    status: Status.Accepted,
    authorId: writer!.id,
    coverImageId: i === 0 ? null : covers[i % covers.length]!.id,
    createdAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000),
  }));
  const inserted = await db.insert(manga).values(rows).returning({ id: manga.id });
  await db.insert(favorites).values(inserted.map((m) => ({ userId: readerId, mangaId: m.id })));
});

async function get(query: string, token?: string): Promise<{ status: number; text: string; body: Body }> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const res = await paginated(new Request(`http://localhost/api/manga/PaginatedManga?${query}`, { headers }), noParams);
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as Body };
}

const base64Chars = (items: Array<{ coverImage?: string | null }>) => items.reduce((n, i) => n + (i.coverImage?.length ?? 0), 0);
/** Base64 length of each cover's card, by cover URL (filled by the first test). */
const cardChars = new Map<string, number>();

/** The budget is spent in order: the first item left without its card would not have fitted. */
function expectBudgetSpentInOrder(items: Array<{ coverImage?: string | null; coverImageUrl: string | null }>): void {
  const used = base64Chars(items);
  expect(used).toBeLessThanOrEqual(LIST_BASE64_BUDGET);
  const firstWithout = items.findIndex((i) => i.coverImageUrl && !("coverImage" in i));
  expect(firstWithout).toBeGreaterThan(0);
  expect(used + cardChars.get(items[firstWithout]!.coverImageUrl!)!).toBeGreaterThan(LIST_BASE64_BUDGET);
  for (const item of items.slice(firstWithout)) {
    if (item.coverImageUrl) expect(item).not.toHaveProperty("coverImage");
    else expect(item.coverImage).toBeNull();
  }
}

describe("list answers carry the card JPEG, within a byte budget", () => {
  it("coverImage is the 320 px card JPEG (tens of kB), made once per cover and stored content-addressed", async () => {
    const r = await get("page=1&pageSize=20&sortBy=0&sortDirection=asc");
    expect(r.status).toBe(200);
    const withCover = r.body.data.items.filter((i) => i.coverImageUrl);
    expect(withCover.length).toBeGreaterThan(0);
    for (const item of withCover) {
      const card = Buffer.from(item.coverImage!, "base64");
      const meta = await sharp(card).metadata();
      expect(meta.format).toBe("jpeg");
      expect(meta.width).toBe(CARD_JPEG_WIDTH);
      expect(meta.height).toBe(480);
      const cover = covers.find((c) => item.coverImageUrl === `/media/${c.id}`)!;
      // Much smaller than the cover, and within "tens of kB".
      expect(card.byteLength).toBeLessThan(cover.bytes.byteLength / 2);
      expect(card.byteLength).toBeLessThan(60 * 1024);
      cardChars.set(item.coverImageUrl!, item.coverImage!.length);
    }
    expect(cardChars.size).toBe(covers.length);
    const stored = await db
      .select({ sourceId: mediaVariants.sourceId, mediaId: mediaVariants.mediaId })
      .from(mediaVariants)
      .where(and(inArray(mediaVariants.sourceId, covers.map((c) => c.id)), eq(mediaVariants.format, "jpeg")));
    expect(stored.map((s) => s.sourceId).sort()).toEqual(covers.map((c) => c.id).sort());
    // The card is content-addressed media: its id is the hash of the bytes answered.
    const [card] = await db.select({ id: media.id, bytes: media.bytes, mime: media.mime }).from(media).where(eq(media.id, stored[0]!.mediaId));
    expect(card!.mime).toBe("image/jpeg");
    // Asking again makes nothing new.
    await get("page=1&pageSize=20");
    expect(await db.select().from(mediaVariants).where(eq(mediaVariants.format, "jpeg"))).toHaveLength(covers.length);
  });

  it("at pageSize=100 the answer stays under the budget: the first items carry base64, the rest only coverImageUrl", async () => {
    const r = await get("page=1&pageSize=100&sortBy=0&sortDirection=asc");
    expect(r.status).toBe(200);
    const items = r.body.data.items;
    expect(items).toHaveLength(100);
    expect(base64Chars(items)).toBeLessThanOrEqual(LIST_BASE64_BUDGET);
    // The whole answer: the budget plus the items' other fields.
    expect(Buffer.byteLength(r.text)).toBeLessThan(LIST_BASE64_BUDGET + 64 * 1024);
    expectBudgetSpentInOrder(items);
    // The manga without a cover still says so with null (it is the oldest: first in ascending creation order).
    expect(items[0]).toMatchObject({ title: "Cover test 000", coverImage: null, coverImageUrl: null });
  });

  it("signed-in lists too: Me/Favorites carries cards within the budget", async () => {
    const token = await tokenFor(Role.reader, readerId);
    const res = await myFavorites(new Request("http://localhost/api/Authentication/Me/Favorites", { headers: { authorization: `Bearer ${token}` } }), noParams);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: Array<{ coverImage?: string | null; coverImageUrl: string | null }> };
    expect(body.data).toHaveLength(110);
    const first = body.data.find((i) => typeof i.coverImage === "string")!;
    expect((await sharp(Buffer.from(first.coverImage!, "base64")).metadata()).width).toBe(CARD_JPEG_WIDTH);
    expectBudgetSpentInOrder(body.data);
  });

  it("imageFormat=url still leaves base64 out entirely", async () => {
    const r = await get("page=1&pageSize=100&imageFormat=url");
    for (const item of r.body.data.items) expect(item).not.toHaveProperty("coverImage");
  });
});
