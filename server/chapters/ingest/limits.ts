import { PDF_MAX_BYTES } from "@/lib/constants";
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, JPEG_QUALITY } from "@/server/media/process-image";

/** Width of the stored reading image: PDF pages are rendered at it, uploaded images are never enlarged to it. */
export const READING_WIDTH = 1400;
/** Render widths of spec §9 (mobile, tablet, desktop): each page also gets a JPEG this wide (never enlarged). */
export const VARIANT_WIDTHS = [350, 500, 700] as const;
export const PAGE_WIDTHS = [READING_WIDTH, ...VARIANT_WIDTHS] as const;

export const MAX_IMAGE_PAGES = 200;
export const MAX_PDF_PAGES = 300;
export { PDF_MAX_BYTES, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS };

/** A rendered PDF page is never taller than this (very long strips are rendered narrower instead). */
export const PDF_MAX_PAGE_HEIGHT = IMAGE_MAX_SIDE;
/** pdf.js skips (does not decode) any embedded image above this many pixels: 40 MP covers a 600 dpi A4 scan. */
export const PDF_MAX_IMAGE_PIXELS = IMAGE_MAX_PIXELS;
/** A page that takes longer than this to render and encode is rejected (TOO_COMPLEX) and its worker killed. */
export const PDF_PAGE_TIMEOUT_MS = 60_000;
/** JS heap cap of one rasterisation worker (decoded images live outside it, bounded by PDF_MAX_IMAGE_PIXELS). */
export const PDF_WORKER_HEAP_MB = 512;
/** At most this many rasterisation workers per ingestion, whatever the core count (each holds a copy of the PDF). */
export const PDF_MAX_WORKERS = 4;

export const PAGE_JPEG_QUALITY = JPEG_QUALITY;
