import type { Role } from "@/db/schema/enums";

/** Who is asking: a signed-in user (id and role from the access token or the session), or a visitor (null). */
export type Viewer = { userId: number; role: Role } | null;

/** Spec §3 paged list. */
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

/** Render-width variants of a page (spec §9: 350 mobile, 500 tablet, 700 desktop), as `/media/{id}` URLs. */
export interface PageVariants {
  350: string;
  500: string;
  700: string;
}

/** One page as the reader uses it: URLs only. */
export interface ReaderPage {
  pageNumber: number;
  /** The reading-width image (about 1000–1400 px wide). */
  imageUrl: string;
  width: number;
  height: number;
  variants: PageVariants;
}
