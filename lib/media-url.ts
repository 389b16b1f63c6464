/** Media ids are lower-case SHA-256 hex digests of the stored bytes (server/media/store-media.ts). */
export function isMediaId(id: string): boolean {
  return /^[0-9a-f]{64}$/.test(id);
}

/** Public URL of a stored image (served by app/media/[id]/route.ts with immutable caching). */
export function mediaUrl(id: string | null | undefined): string | null {
  return id ? `/media/${id}` : null;
}

/**
 * Whether a media URL is signed (a premium chapter's page, `/media/{id}?…&exp=…&sig=…`, server/media/signed-url.ts):
 * such a URL expires, and the reader fetches the page again when its image fails.
 */
export function isSignedMediaUrl(url: string): boolean {
  return url.startsWith("/media/") && /[?&]sig=/.test(url);
}

/** Widths of the WebP copies `/media/{id}?w=…` serves (server/media/variants.ts); nothing else is accepted. */
export const VARIANT_WIDTHS = [160, 320, 480, 720, 1080] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

/** The copies covers (cards, previews, search results) and banners are shown at; made ahead for stored images. */
export const COVER_VARIANT_WIDTHS = [160, 320, 480, 720] as const satisfies readonly VariantWidth[];
export const BANNER_VARIANT_WIDTHS = [480, 720, 1080] as const satisfies readonly VariantWidth[];

/**
 * Chapter pages' AVIF copies (`/media/{id}?w=…&f=avif`, made from the reading image at upload), which the reader offers
 * in a `<picture>` before its JPEG variants: 1×, 2× and 3× screens at the spec's 350/500/700 px render widths.
 */
export const PAGE_COPY_WIDTHS = [480, 720, 1080] as const satisfies readonly VariantWidth[];
export type PageCopyWidth = (typeof PAGE_COPY_WIDTHS)[number];

/**
 * Covers' AVIF copies (docs/decisions/024), offered before their WebP copies in a `<picture>` (components/ui/
 * AvifPicture.tsx): about 40 % fewer bytes at the same SSIM. Made ahead like the WebP copies.
 */
export const COVER_AVIF_WIDTHS = [320, 480, 720] as const satisfies readonly VariantWidth[];

/** Every width `f=avif` is served at (pages' and covers' copies); nothing else is accepted. */
export const AVIF_WIDTHS = [320, 480, 720, 1080] as const satisfies readonly VariantWidth[];

/** Formats of the width copies: WebP (`?w=…`) or, with `f=avif`, AVIF (chapter pages, covers). */
export type VariantFormat = "webp" | "avif";

/** A width-limited copy (WebP unless AVIF is asked) of a media URL (a `/media/{id}` path); other URLs are returned as they are. */
export function mediaVariantUrl(url: string, width: VariantWidth, format: VariantFormat = "webp"): string {
  if (!url.startsWith("/media/") || url.includes("?")) return url;
  return format === "avif" ? `${url}?w=${width}&f=avif` : `${url}?w=${width}`;
}

/** `srcset` of a media URL's copies at the given widths, for responsive `<img>`s; undefined for other URLs. */
export function mediaSrcSet(url: string, widths: readonly VariantWidth[], format: VariantFormat = "webp"): string | undefined {
  if (!url.startsWith("/media/") || url.includes("?")) return undefined;
  return widths.map((w) => `${mediaVariantUrl(url, w, format)} ${w}w`).join(", ");
}

/** `sizes` of a manga cover in a carousel (spec §9: 1.2 to 5.2 slides from 320 to 1280 px; the page is at most 1800 px). */
export const CAROUSEL_COVER_SIZES =
  "(min-width: 1800px) 346px, (min-width: 1280px) 19vw, (min-width: 1024px) 24vw, (min-width: 768px) 31vw, (min-width: 640px) 40vw, (min-width: 480px) 55vw, 83vw";

/** `sizes` of a manga cover in the discovery grid (2, 3, 4 and 5 columns from 0, 640, 1024 and 1280 px). */
export const GRID_COVER_SIZES = "(min-width: 1800px) 340px, (min-width: 1280px) 19vw, (min-width: 1024px) 24vw, (min-width: 640px) 32vw, 47vw";
