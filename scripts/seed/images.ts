import type { Sharp } from "sharp";
import type { Db } from "@/db/client";
import { MediaKind } from "@/server/media/kind";
import { COVER_AVIF_WIDTHS, PAGE_COPY_WIDTHS, type PageCopyWidth } from "@/lib/media-url";
import { encodeAvifCopies, encodePageVariants, encodeVariants, FAST_JPEG, type EncodedImage } from "@/server/media/process-image";
import { mediaIdFor, storeMediaMany, type MediaToStore } from "@/server/media/store-media";
import { ACCOUNTS } from "./accounts";
import { renderBanner, renderCover, BANNER_WIDTH, COVER_WIDTH } from "./art/cover";
import { renderPage } from "./art/page";
import { PAGE_WIDTH } from "./art/page-layout";
import { TextCache } from "./art/text-cache";
import { openArtCache, type ArtCache } from "./art-cache";
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
  /** The reader's AVIF copies of the reading image (media_variants rows, written by the seed). */
  copies: Array<{ width: PageCopyWidth; mediaId: string }>;
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
  /** The covers' AVIF copies (COVER_AVIF_WIDTHS), drawn and stored with them, as an upload gets them after its commit. */
  coverCopies: Array<{ sourceId: string; width: number; mediaId: string }>;
}

export const poolKey = (style: number, pageNumber: number, premium = false) => `${premium ? "p" : ""}${style}/${pageNumber}`;

/** Images drawn at once: sharp's work runs on libuv's thread pool, the SVG building on this thread. */
const CONCURRENCY = 4;

async function forEachLimit<T>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await fn(items[index] as T, index);
    }
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

/**
 * The reading image with the fast bulk settings; the variants the reader downloads as small as uploads' (PAGE_WIDTHS
 * order), then the reading image's AVIF copies as an upload gets them (PAGE_COPY_WIDTHS order).
 */
async function encodePage(art: Sharp): Promise<EncodedImage[]> {
  const variants = await encodePageVariants(art, PAGE_WIDTHS, FAST_JPEG);
  const jpegs = PAGE_WIDTHS.map((width) => variant(variants, width));
  const copies = await encodeAvifCopies(jpegs[0]!.bytes, PAGE_COPY_WIDTHS);
  return [...jpegs, ...PAGE_COPY_WIDTHS.map((width) => variant(copies, width))];
}

function storePage([full, w700, w500, w350, ...copies]: EncodedImage[], writer: MediaWriter): PageImage {
  if (!full || !w700 || !w500 || !w350) throw new Error("a page needs its four widths");
  if (copies.length !== PAGE_COPY_WIDTHS.length) throw new Error("a page needs its AVIF copies");
  return {
    imageId: writer.add(full, MediaKind.Page),
    image700Id: writer.add(w700, MediaKind.Page),
    image500Id: writer.add(w500, MediaKind.Page),
    image350Id: writer.add(w350, MediaKind.Page),
    copies: copies.map((copy, i) => ({ width: PAGE_COPY_WIDTHS[i]!, mediaId: writer.add(copy, MediaKind.Page) })),
    width: full.width,
    height: full.height,
  };
}

async function drawPages(plan: DemoPlan, texts: TextCache, writer: MediaWriter, cache: ArtCache): Promise<Map<string, PageImage>> {
  const pages = new Map<string, PageImage>();
  await forEachLimit(pagesNeeded(plan), CONCURRENCY, async ({ style, pageNumber, free, premium }) => {
    const options = { style, language: style < 2 ? ("en" as const) : ("ar" as const), pageNumber, texts };
    const key = `page-${style}-${pageNumber}`;
    if (!premium) {
      pages.set(poolKey(style, pageNumber), storePage(await cache.get(key, async () => encodePage(await renderPage(options))), writer));
      return;
    }
    // Premium chapters' pages are the premium edition (a ribbon: other bytes, so another media id), drawn once with it.
    let drawn: Promise<{ free: Sharp; premium: Sharp }> | undefined;
    const editions = () => (drawn ??= renderPage(options, { premium: true }));
    if (free) pages.set(poolKey(style, pageNumber), storePage(await cache.get(key, async () => encodePage((await editions()).free)), writer));
    pages.set(poolKey(style, pageNumber, true), storePage(await cache.get(`${key}-premium`, async () => encodePage((await editions()).premium)), writer));
  });
  return pages;
}

async function drawCovers(plan: DemoPlan, texts: TextCache, writer: MediaWriter, cache: ArtCache): Promise<Pick<SeedImages, "covers" | "banners" | "coverCopies">> {
  const covers = new Map<string, string>();
  const banners = new Map<string, string>();
  const coverCopies: SeedImages["coverCopies"] = [];
  await forEachLimit(plan.manga, CONCURRENCY, async (m, index) => {
    const { title, language, genres } = m.entry;
    // The cover, then its AVIF copies (COVER_AVIF_WIDTHS order), made from it as an upload's are.
    const [cover, ...copies] = await cache.get(`cover-${index}`, async () => {
      const art = await renderCover({ key: title, title, language, genres, credit: creditFor(m), texts });
      const jpeg = variant(await encodeVariants(art, [COVER_WIDTH], FAST_JPEG), COVER_WIDTH);
      const avif = await encodeAvifCopies(jpeg.bytes, COVER_AVIF_WIDTHS);
      return [jpeg, ...COVER_AVIF_WIDTHS.map((width) => variant(avif, width))];
    });
    if (copies.length !== COVER_AVIF_WIDTHS.length) throw new Error("a cover needs its AVIF copies");
    const coverId = writer.add(cover!, MediaKind.Cover);
    covers.set(title, coverId);
    copies.forEach((copy, i) => coverCopies.push({ sourceId: coverId, width: COVER_AVIF_WIDTHS[i]!, mediaId: writer.add(copy, MediaKind.Cover) }));
    if (!m.entry.featured) return;
    const [banner] = await cache.get(`banner-${index}`, async () => {
      const art = await renderBanner({ key: title, title, language, genres });
      return [variant(await encodeVariants(art, [BANNER_WIDTH], FAST_JPEG), BANNER_WIDTH)];
    });
    banners.set(title, writer.add(banner!, MediaKind.Banner));
  });
  return { covers, banners, coverCopies };
}

export async function drawAndStoreImages(db: Db, plan: DemoPlan): Promise<SeedImages> {
  const texts = new TextCache();
  const writer = new MediaWriter(db);
  const cache = await openArtCache();
  const { covers, banners, coverCopies } = await drawCovers(plan, texts, writer, cache);
  const pages = await drawPages(plan, texts, writer, cache);
  await writer.flush();
  return { covers, banners, pages, coverCopies };
}
