import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { getDb, type Db } from "@/db/client";
import { chapterPages, chapters, manga } from "@/db/schema";
import { Status } from "@/lib/enums";
import { GET, HEAD } from "@/app/media/[id]/route";
import { getPageRange } from "@/server/chapters/pages";
import { getMedia } from "./get-media";
import { MediaKind } from "./kind";
import { mediaUrlExpiry, signedMediaUrl, verifyMediaUrl } from "./signed-url";
import { storeMediaMany } from "./store-media";

/**
 * Premium pages by URL (issue 19, item 11): a page image of a chapter that is premium right now answers only to a
 * signed, unexpired URL, privately cached; free pages, covers and pages a free chapter shares stay public and immutable.
 */

let db: Db;
let mangaId: number;
let userId: number;
const IMMUTABLE = "public, max-age=31536000, immutable";

async function jpeg(width: number, height: number, seed: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: (seed * 13) % 256 } } }).jpeg({ quality: 80 }).toBuffer();
}

/** A chapter of one page (reading image and 350/500/700 copies, or the given ids); returns the chapter and its ids. */
async function chapterWith(opts: {
  premium: boolean;
  freeAt?: Date | null;
  seed: number;
  ids?: string[];
  status?: Status;
  publishAt?: Date | null;
  inManga?: number;
}): Promise<{ chapterId: number; ids: string[] }> {
  const owner = opts.inManga ?? mangaId;
  const ids =
    opts.ids ??
    (await storeMediaMany(
      db,
      await Promise.all([[200, 300], [35, 52], [50, 75], [70, 105]].map(async ([w, h], i) => ({ bytes: await jpeg(w!, h!, opts.seed * 4 + i), mime: "image/jpeg", width: w!, height: h!, kind: MediaKind.Page }))),
    ));
  const [max] = await db.select({ n: sql<number>`coalesce(max(${chapters.number}), 0)::int` }).from(chapters).where(eq(chapters.mangaId, owner));
  const [row] = await db
    .insert(chapters)
    .values({
      mangaId: owner,
      title: `C${opts.seed}`,
      number: Number(max?.n ?? 0) + 1,
      status: opts.status ?? Status.Accepted,
      publishAt: opts.publishAt ?? null,
      isPremium: opts.premium,
      freeAt: opts.freeAt ?? null,
      pageCount: 1,
    })
    .returning({ id: chapters.id });
  const [imageId, image350Id, image500Id, image700Id] = ids as [string, string, string, string];
  await db.insert(chapterPages).values({ chapterId: row!.id, pageNumber: 1, imageId, image350Id, image500Id, image700Id, width: 200, height: 300 });
  return { chapterId: row!.id, ids };
}

const get = (url: string, headers: HeadersInit = {}, handler: typeof GET = GET) => {
  const id = url.slice("/media/".length).split("?")[0]!;
  return handler(new Request(`http://localhost${url}`, { headers }), { params: Promise.resolve({ id }) });
};

async function expectRefused(url: string, headers: HeadersInit = {}, handler: typeof GET = GET) {
  const res = await get(url, headers, handler);
  expect(res.status, url).toBe(403);
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  if (handler === GET) {
    const body = (await res.json()) as { statusCode: number; message: string; data: { code: string } };
    expect(body).toMatchObject({ statusCode: 403, data: { code: "premiumImage" } });
    expect(body.message.length).toBeGreaterThan(10);
  }
}

async function expectPublic(url: string) {
  const res = await get(url);
  expect(res.status, url).toBe(200);
  expect(res.headers.get("cache-control")).toBe(IMMUTABLE);
  return res;
}

function privateMaxAge(res: Response): number {
  const match = /^private, max-age=(\d+)$/.exec(res.headers.get("cache-control") ?? "");
  expect(match, res.headers.get("cache-control") ?? "").not.toBeNull();
  return Number(match![1]);
}

beforeAll(async () => {
  db = await getDb();
  const [m] = await db.insert(manga).values({ title: "Premium URLs", status: Status.Accepted }).returning({ id: manga.id });
  mangaId = m!.id;
  userId = 4242;
});

describe("/media of premium pages", () => {
  it("serves a free chapter's page publicly and immutably, as before", async () => {
    const { ids } = await chapterWith({ premium: false, seed: 1 });
    for (const id of ids) await expectPublic(`/media/${id}`);
    await expectPublic(`/media/${ids[0]}?w=160`);
  });

  it("refuses a premium page by its plain URL (every size, HEAD, ?w= copies and validators too)", async () => {
    const { ids } = await chapterWith({ premium: true, seed: 2 });
    for (const id of ids) await expectRefused(`/media/${id}`);
    await expectRefused(`/media/${ids[0]}?w=320`);
    await expectRefused(`/media/${ids[0]}`, {}, HEAD);
    // A validator must not confirm the image either (a 304 would let a cache that has it serve it).
    await expectRefused(`/media/${ids[0]}`, { "If-None-Match": `"${ids[0]}"` });
    await expectRefused(`/media/${ids[0]}?w=320`, { "If-None-Match": `"${ids[0]}-w320"` });
  });

  it("serves a premium page by a signed URL, cached privately until the URL expires", async () => {
    const { ids } = await chapterWith({ premium: true, seed: 3 });
    const grant = { userId, exp: mediaUrlExpiry() };
    const url = signedMediaUrl(ids[0]!, grant);
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    const maxAge = privateMaxAge(res);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(grant.exp - Math.floor(Date.now() / 1000));
    const stored = await getMedia(db, { id: ids[0]! });
    expect(Buffer.from(await res.arrayBuffer()).equals(stored!.bytes)).toBe(true);
    // HEAD and a validator under the same signature: private too.
    privateMaxAge(await get(url, {}, HEAD));
    const revalidated = await get(url, { "If-None-Match": `"${ids[0]}"` });
    expect(revalidated.status).toBe(304);
    privateMaxAge(revalidated);
    // A width copy needs a signature over its width: ?w= added to a plain signature is refused, a signed one served.
    await expectRefused(`${url}&w=320`);
    const copy = await get(signedMediaUrl(ids[0]!, grant, 320));
    expect(copy.status).toBe(200);
    expect(copy.headers.get("content-type")).toBe("image/webp");
    privateMaxAge(copy);
    // The reader's AVIF copy: its signature binds the format too (f=avif added to a width's signature is refused).
    await expectRefused(signedMediaUrl(ids[0]!, grant, 720).replace("w=720&", "w=720&f=avif&"));
    const avif = await get(signedMediaUrl(ids[0]!, grant, 720, "avif"));
    expect(avif.status).toBe(200);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    privateMaxAge(avif);
  });

  it("refuses expired, tampered, other-image, other-width and incomplete signatures", async () => {
    const { ids } = await chapterWith({ premium: true, seed: 4 });
    const [id, other] = ids as [string, string];
    const now = Math.floor(Date.now() / 1000);
    const good = signedMediaUrl(id, { userId, exp: now + 600 });
    expect((await get(good)).status).toBe(200);
    const params = new URL(`http://x${good}`).searchParams;
    const sig = params.get("sig")!;
    const flipped = `${sig[0] === "A" ? "B" : "A"}${sig.slice(1)}`;
    const bad = [
      signedMediaUrl(id, { userId, exp: now - 1 }), // expired
      signedMediaUrl(id, { userId, exp: now }), // expires this second
      good.replace(`sig=${sig}`, `sig=${flipped}`), // tampered signature
      good.replace(`u=${userId}`, `u=${userId + 1}`), // another user's
      good.replace(`exp=${now + 600}`, `exp=${now + 6000}`), // extended
      `/media/${other}?${good.split("?")[1]}`, // another image's signature
      signedMediaUrl(id, { userId, exp: now + 600 }, 320).replace("w=320&", ""), // signed for a width copy
      signedMediaUrl(id, { userId, exp: now + 600 }, 720, "avif").replace("f=avif&", ""), // signed for the AVIF copy
      good.replace(/&sig=[^&]+/, ""), // no signature
      good.replace(/&exp=[^&]+/, ""), // no expiry
      good.replace(`sig=${sig}`, `sig=${sig.slice(0, 21)}`), // short
      good.replace(`sig=${sig}`, `sig=${sig}A`), // long
      good.replace(`u=${userId}`, "u=0x10"),
      good.replace(`exp=${now + 600}`, `exp=${now + 600}.5`),
    ];
    for (const url of bad) await expectRefused(url);
    expect(verifyMediaUrl(id, null, params, (now + 600) * 1000)).toBeNull();
    expect(verifyMediaUrl(id, null, params, (now + 599) * 1000)).toEqual({ userId, exp: now + 600 });
  });

  it("serves the pages publicly again once the chapter's free date has passed", async () => {
    const { chapterId, ids } = await chapterWith({ premium: true, freeAt: new Date(Date.now() + 3_600_000), seed: 5 });
    await expectRefused(`/media/${ids[0]}`);
    await db.update(chapters).set({ freeAt: sql`now() - interval '1 second'` }).where(eq(chapters.id, chapterId));
    for (const id of ids) await expectPublic(`/media/${id}`);
    await expectPublic(`/media/${ids[0]}?w=160`);
    // …and so does unticking premium.
    const second = await chapterWith({ premium: true, seed: 6 });
    await expectRefused(`/media/${second.ids[2]}`);
    await db.update(chapters).set({ isPremium: false }).where(eq(chapters.id, second.chapterId));
    await expectPublic(`/media/${second.ids[2]}`);
  });

  it("keeps an image public while a free chapter, a cover or a profile image uses it too", async () => {
    const premium = await chapterWith({ premium: true, seed: 7 });
    await expectRefused(`/media/${premium.ids[1]}`);
    await chapterWith({ premium: false, seed: 7, ids: premium.ids });
    await expectPublic(`/media/${premium.ids[1]}`);

    // The same bytes stored again as a cover become a cover (kind), public whatever pages use them.
    const other = await chapterWith({ premium: true, seed: 8 });
    await expectRefused(`/media/${other.ids[0]}`);
    const stored = await getMedia(db, { id: other.ids[0]! });
    await storeMediaMany(db, [{ bytes: stored!.bytes, mime: "image/jpeg", width: 200, height: 300, kind: MediaKind.Cover }]);
    await expectPublic(`/media/${other.ids[0]}`);
  });

  it("keeps a premium image private when a pending, rejected, scheduled or hidden manga's free chapter uses it too (issue 27, item 9)", async () => {
    const premium = await chapterWith({ premium: true, seed: 11 });
    await expectRefused(`/media/${premium.ids[0]}`);
    // The attack: a writer's own free chapter, never approved, made of the premium chapter's page.
    const pending = await chapterWith({ premium: false, seed: 11, ids: premium.ids, status: Status.Pending });
    await chapterWith({ premium: false, seed: 11, ids: premium.ids, status: Status.Rejected });
    await chapterWith({ premium: false, seed: 11, ids: premium.ids, publishAt: new Date(Date.now() + 3_600_000) });
    const [hidden] = await db.insert(manga).values({ title: "Never approved", status: Status.Pending }).returning({ id: manga.id });
    await chapterWith({ premium: false, seed: 11, ids: premium.ids, inManga: hidden!.id });
    for (const id of premium.ids) await expectRefused(`/media/${id}`);
    await expectRefused(`/media/${premium.ids[0]}?w=160`);
    await expectRefused(`/media/${premium.ids[0]}`, {}, HEAD);
    // Signed URLs still serve it, privately.
    privateMaxAge(await get(signedMediaUrl(premium.ids[0]!, { userId, exp: mediaUrlExpiry() })));
    // Once one of those free chapters is published (accepted, released, its manga visible) the image is public.
    await db.update(chapters).set({ status: Status.Accepted }).where(eq(chapters.id, pending.chapterId));
    await expectPublic(`/media/${premium.ids[0]}`);
    await expectPublic(`/media/${premium.ids[0]}?w=160`);
  });

  it("keeps an unpublished free chapter's own pages behind signed URLs, and its author and root get signed ones (issue 27, item 9)", async () => {
    const pending = await chapterWith({ premium: false, seed: 12, status: Status.Pending });
    for (const id of pending.ids) await expectRefused(`/media/${id}`);
    const [page] = await getPageRange({ db, chapterId: pending.chapterId, from: 1, to: 1, viewer: { userId } });
    for (const url of [page!.imageUrl, page!.variants[350], page!.variants[500], page!.variants[700]]) {
      expect(url).toMatch(new RegExp(`^/media/[0-9a-f]{64}\\?u=${userId}&`));
      privateMaxAge(await get(url));
    }
    // A page image no chapter uses any more is not public either.
    const [orphan] = await storeMediaMany(db, [{ bytes: await jpeg(40, 60, 999), mime: "image/jpeg", width: 40, height: 60, kind: MediaKind.Page }]);
    await expectRefused(`/media/${orphan}`);
    // Published: plain, public, immutable URLs.
    await db.update(chapters).set({ status: Status.Accepted }).where(eq(chapters.id, pending.chapterId));
    const [published] = await getPageRange({ db, chapterId: pending.chapterId, from: 1, to: 1, viewer: { userId } });
    expect(published!.imageUrl).toBe(`/media/${pending.ids[0]}`);
    await expectPublic(published!.imageUrl);
  });

  it("hands out signed URLs for a premium chapter's pages and plain ones for a free chapter's", async () => {
    const premium = await chapterWith({ premium: true, seed: 9 });
    const free = await chapterWith({ premium: false, seed: 10 });
    const [page] = await getPageRange({ db, chapterId: premium.chapterId, from: 1, to: 1, viewer: { userId } });
    for (const url of [page!.imageUrl, page!.variants[350], page!.variants[500], page!.variants[700]]) {
      expect(url).toMatch(new RegExp(`^/media/[0-9a-f]{64}\\?u=${userId}&exp=\\d+&sig=[\\w-]{22}$`));
      const res = await get(url);
      expect(res.status, url).toBe(200);
      privateMaxAge(res);
    }
    // Rounded expiries: the same URL again a moment later (the browser's cached copy is reused).
    const [again] = await getPageRange({ db, chapterId: premium.chapterId, from: 1, to: 1, viewer: { userId } });
    expect(again!.imageUrl).toBe(page!.imageUrl);
    const [open] = await getPageRange({ db, chapterId: free.chapterId, from: 1, to: 1, viewer: { userId } });
    expect(open!.imageUrl).toBe(`/media/${free.ids[0]}`);
    expect(open!.variants[350]).toBe(`/media/${free.ids[1]}`);
    // The free date passed: plain URLs.
    await db.update(chapters).set({ freeAt: sql`now() - interval '1 second'` }).where(eq(chapters.id, premium.chapterId));
    const [freed] = await getPageRange({ db, chapterId: premium.chapterId, from: 1, to: 1, viewer: { userId } });
    expect(freed!.imageUrl).toBe(`/media/${premium.ids[0]}`);
  });
});

describe("mediaUrlExpiry", () => {
  it("rounds up to a quarter of the life, so URLs live between the life and 1.25 times it", () => {
    const ttl = 7200;
    const base = Date.UTC(2026, 0, 1, 10, 0, 0);
    for (const offset of [0, 1, 899_000, 1_799_000, 1_800_000, 3_599_999]) {
      const now = base + offset;
      const exp = mediaUrlExpiry(now, ttl);
      expect(exp % 1800).toBe(0);
      const life = exp - Math.floor(now / 1000);
      expect(life).toBeGreaterThanOrEqual(ttl);
      expect(life).toBeLessThanOrEqual(ttl * 1.25);
    }
    expect(mediaUrlExpiry(base + 1000, ttl)).toBe(mediaUrlExpiry(base + 1_700_000, ttl));
  });
});

