import type { Sharp } from "sharp";
import type { Db } from "@/db/client";
import { MediaKind } from "@/server/media/kind";
import { encodePageVariants, encodeVariants, FAST_JPEG, type EncodedImage } from "@/server/media/process-image";
import { mediaIdFor, storeMediaMany, type MediaToStore } from "@/server/media/store-media";
import { ACCOUNTS } from "./accounts";
import { renderBanner, renderCover, BANNER_WIDTH, COVER_WIDTH } from "./art/cover";
import { renderPage } from "./art/page";
import { PAGE_WIDTH } from "./art/page-layout";
import { TextCache } from "./art/text-cache";
import type { DemoPlan, PlannedManga } from "./plan";

/**
 * Draws and stores every demo image. Chapter pages come from a pool: one image per
 * (art style, page number), shared by every chapter drawn in that style, so ~80 unique pages serve
 * thousands of page rows. Media ids are content hashes, so a pool page is stored exactly once.
 * Premium chapters take a pool of their own (issue 27, item 9), the same drawings with a premium ribbon: a free
 * chapter's page is public at /media, so a premium page with the same bytes (the same id) would be public too.
 */

/** Reading width and the reader's render widths (spec §9: 350 / 500 / 700 px). */
export const PAGE_WIDTHS = [PAGE_WIDTH, 700, 500, 350] as const;

export interface PageImage {
  imageId: string;
  image700Id: string;
  image500Id: string;
  image350Id: string;
  width: number;
  height: number;
}

export interface SeedImages {
  /** by manga title */
  covers: Map<string, string>;
  /** by manga title, featured titles only */
  banners: Map<string, string>;
  /** by poolKey(style, pageNumber, premium) */
  pages: Map<string, PageImage>;
}

export const poolKey = (style: number, pageNumber: number, premium = false) => `${premium ? "p" : ""}${style}/${pageNumber}`;

/** Images drawn at once: sharp's work runs on libuv's thread pool, the SVG building on this thread. */
const CONCURRENCY = 4;

async function forEachLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Inserts finished images in the background, one statement at a time, while drawing continues. */
class MediaWriter {
  private chain: Promise<unknown> = Promise.resolve();
  private pending: MediaToStore[] = [];
  private pendingBytes = 0;

  constructor(private readonly db: Db) {}

  /** Queues an image and returns its id, known at once since it is the content hash. */
  add(image: EncodedImage, kind: MediaKind): string {
    this.pending.push({ bytes: image.bytes, mime: image.mime, width: image.width, height: image.height, kind });
    this.pendingBytes += image.bytes.byteLength;
    if (this.pendingBytes > 4 * 1024 * 1024) this.send();
    return mediaIdFor(image.bytes);
  }

  async flush(): Promise<void> {
    this.send();
    await this.chain;
  }

  private send(): void {
    const batch = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    if (batch.length > 0) this.chain = this.chain.then(() => storeMediaMany(this.db, batch));
  }
}

function variant(variants: Map<number, EncodedImage>, width: number): EncodedImage {
  const image = variants.get(width);
  if (!image) throw new Error(`missing ${width}px variant`);
  return image;
}

function creditFor(m: PlannedManga): string {
  const author = ACCOUNTS.find((a) => a.username === m.entry.author);
  if (m.entry.language === "ar") return `بقلم ${author?.arabicName ?? "مجهول"}`;
  return `by ${author?.fullName ?? "Unknown"}`;
}

/** Every (style, page number) some chapter needs, in a stable order, and whether a premium chapter needs it too. */
function pagesNeeded(plan: DemoPlan): Array<{ style: number; pageNumber: number; free: boolean; premium: boolean }> {
  const wanted = new Map<string, { style: number; pageNumber: number; free: boolean; premium: boolean }>();
  for (const m of plan.manga) {
    for (const c of m.chapters) {
      for (let n = 1; n <= c.pageCount; n++) {
        const page = wanted.get(poolKey(m.style, n)) ?? { style: m.style, pageNumber: n, free: false, premium: false };
        if (c.isPremium) page.premium = true;
        else page.free = true;
        wanted.set(poolKey(m.style, n), page);
      }
    }
  }
  return [...wanted.values()].sort((a, b) => a.style - b.style || a.pageNumber - b.pageNumber);
}

/** The reading image with the fast bulk settings; the variants the reader downloads as small as uploads'. */
async function storePage(art: Sharp, writer: MediaWriter): Promise<PageImage> {
  const variants = await encodePageVariants(art, PAGE_WIDTHS, FAST_JPEG);
  const full = variant(variants, PAGE_WIDTH);
  return {
    imageId: writer.add(full, MediaKind.Page),
    image700Id: writer.add(variant(variants, 700), MediaKind.Page),
    image500Id: writer.add(variant(variants, 500), MediaKind.Page),
    image350Id: writer.add(variant(variants, 350), MediaKind.Page),
    width: full.width,
    height: full.height,
  };
}

async function drawPages(plan: DemoPlan, texts: TextCache, writer: MediaWriter): Promise<Map<string, PageImage>> {
  const pages = new Map<string, PageImage>();
  await forEachLimit(pagesNeeded(plan), CONCURRENCY, async ({ style, pageNumber, free, premium }) => {
    const options = { style, language: style < 2 ? ("en" as const) : ("ar" as const), pageNumber, texts };
    if (!premium) {
      pages.set(poolKey(style, pageNumber), await storePage(await renderPage(options), writer));
      return;
    }
    // Premium chapters' pages are the premium edition (a ribbon: other bytes, so another media id), drawn once with it.
    const art = await renderPage(options, { premium: true });
    if (free) pages.set(poolKey(style, pageNumber), await storePage(art.free, writer));
    pages.set(poolKey(style, pageNumber, true), await storePage(art.premium, writer));
  });
  return pages;
}

async function drawCovers(plan: DemoPlan, texts: TextCache, writer: MediaWriter): Promise<Pick<SeedImages, "covers" | "banners">> {
  const covers = new Map<string, string>();
  const banners = new Map<string, string>();
  await forEachLimit(plan.manga, CONCURRENCY, async (m) => {
    const { title, language, genres } = m.entry;
    const cover = await renderCover({ key: title, title, language, genres, credit: creditFor(m), texts });
    covers.set(title, writer.add(variant(await encodeVariants(cover, [COVER_WIDTH], FAST_JPEG), COVER_WIDTH), MediaKind.Cover));
    if (!m.entry.featured) return;
    const banner = await renderBanner({ key: title, title, language, genres });
    banners.set(title, writer.add(variant(await encodeVariants(banner, [BANNER_WIDTH], FAST_JPEG), BANNER_WIDTH), MediaKind.Banner));
  });
  return { covers, banners };
}

export async function drawAndStoreImages(db: Db, plan: DemoPlan): Promise<SeedImages> {
  const texts = new TextCache();
  const writer = new MediaWriter(db);
  const { covers, banners } = await drawCovers(plan, texts, writer);
  const pages = await drawPages(plan, texts, writer);
  await writer.flush();
  return { covers, banners, pages };
}
