/** Spec §3 paged list, shared by every list the API and the pages return. */
export interface Paged<T> {
  items: T[];
  pageNumber: number;
  pageSize: number;
  totalPages: number;
  totalRecords: number;
  totalDisplayRecords: number;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
}

/** Builds the paged shape; totalPages is at least 1 so an empty list still has a page. */
export function paged<T>(items: T[], pageNumber: number, pageSize: number, totalRecords: number, totalDisplayRecords = totalRecords): Paged<T> {
  const totalPages = Math.max(1, Math.ceil(totalDisplayRecords / pageSize));
  return {
    items,
    pageNumber,
    pageSize,
    totalPages,
    totalRecords,
    totalDisplayRecords,
    hasPreviousPage: pageNumber > 1,
    hasNextPage: pageNumber < totalPages,
  };
}

/** Render-width variants of a chapter page (spec §9: 350 mobile, 500 tablet, 700 desktop), as `/media/{id}` URLs. */
export interface PageVariants {
  350: string;
  500: string;
  700: string;
}

/** A chapter page's AVIF copies of its reading image (480/720/1080 px wide at most), as `/media/{id}?w=…&f=avif` URLs. */
export interface PageCopies {
  480: string;
  720: string;
  1080: string;
}

/** A chapter's page sizes ([width, height] for page 1, 2, …) and its spreads' page numbers (issue 32). */
export interface PageShapes {
  sizes: Array<[number, number]>;
  spreads: number[];
}

/** A page wider than tall is a spread (a two-page drawing): the reader shows it alone across the width in double view. */
export function isSpread(size: { width: number; height: number }): boolean {
  return size.width > size.height;
}

/** One chapter page as the reader uses it: URLs only. */
export interface ReaderPage {
  pageNumber: number;
  /** The reading-width image (about 1000–1400 px wide). */
  imageUrl: string;
  width: number;
  height: number;
  /** Wider than tall, stored at upload (issue 32): shown alone across the width in double view. */
  spread?: boolean;
  variants: PageVariants;
  /** AVIF copies, offered before the JPEG variants to browsers that accept AVIF (absent: JPEG only). */
  avif?: PageCopies;
}
