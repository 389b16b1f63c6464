import type { Db } from "@/db/client";
import { base64ByUrl, type ImageFormat } from "./cover-images";
import type { MangaDetail } from "./get-manga";
import type { MangaListItem, Paged } from "./list-manga";

/**
 * The API's shapes of spec §3 (DESIGN §6): `coverImage` is base64 JPEG for compatibility and `coverImageUrl` points at
 * /media/{id}; with imageFormat=url the base64 field is left out. One media query per response, never per item.
 */
export type ApiMangaListItem = MangaListItem & { coverImage?: string | null };

export async function mangaListResponse(db: Db, page: Paged<MangaListItem>, format: ImageFormat): Promise<Paged<ApiMangaListItem>> {
  if (format === "url") return page;
  const images = await base64ByUrl(db, page.items.map((m) => m.coverImageUrl));
  return { ...page, items: page.items.map((m) => ({ ...m, coverImage: (m.coverImageUrl && images.get(m.coverImageUrl)) ?? null })) };
}

export type ApiMangaDetail = MangaDetail & { coverImage?: string | null; isFavorite?: boolean };

export async function mangaDetailResponse(db: Db, detail: MangaDetail, format: ImageFormat, isFavorite?: boolean): Promise<ApiMangaDetail> {
  const out: ApiMangaDetail = { ...detail, ...(isFavorite === undefined ? {} : { isFavorite }) };
  if (format === "url") return out;
  const images = await base64ByUrl(db, [detail.coverImageUrl]);
  return { ...out, coverImage: (detail.coverImageUrl && images.get(detail.coverImageUrl)) ?? null };
}
