import type { Db } from "@/db/client";
import { base64ByUrl, listCoversBase64, mediaIdOf, type ImageFormat } from "./cover-images";
import type { MangaDetail } from "./get-manga";
import type { MangaListItem, Paged } from "./list-manga";

/**
 * The API's shapes of spec §3 (DESIGN §6): `coverImage` is base64 JPEG for compatibility and `coverImageUrl` points at
 * /media/{id}; with imageFormat=url the base64 field is left out. A list's `coverImage` is the cover's card JPEG
 * (320 px), within the answer's base64 budget; items past it leave the field out (cover-images.ts, docs/decisions/018).
 * A manga's detail keeps its full cover. A few media queries per response, never per item.
 */
export type ApiMangaListItem = MangaListItem & { coverImage?: string | null };

export async function mangaListResponse(db: Db, page: Paged<MangaListItem>, format: ImageFormat): Promise<Paged<ApiMangaListItem>> {
  if (format === "url") return page;
  const covers = await listCoversBase64(db, page.items.map((m) => mediaIdOf(m.coverImageUrl)));
  return { ...page, items: page.items.map((m, i) => withCover(m, covers[i])) };
}

/** The item with its `coverImage` (left out when the budget was spent before it). */
export function withCover<T extends object>(item: T, cover: string | null | undefined): T & { coverImage?: string | null } {
  return cover === undefined ? item : { ...item, coverImage: cover };
}

export type ApiMangaDetail = MangaDetail & { coverImage?: string | null; isFavorite?: boolean };

export async function mangaDetailResponse(db: Db, detail: MangaDetail, format: ImageFormat, isFavorite?: boolean): Promise<ApiMangaDetail> {
  const out: ApiMangaDetail = { ...detail, ...(isFavorite === undefined ? {} : { isFavorite }) };
  if (format === "url") return out;
  const images = await base64ByUrl(db, [detail.coverImageUrl]);
  return { ...out, coverImage: (detail.coverImageUrl && images.get(detail.coverImageUrl)) ?? null };
}
