import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { manga, mangaGenres } from "@/db/schema";
import { GENRES, type Genre } from "@/lib/enums";
import { mediaUrl } from "@/lib/media-url";
import { listCoversBase64, type ListCover } from "@/server/manga/cover-images";
import type { ImageFormat } from "./types";

/**
 * What the caller's lists of manga (Me/Favorites, Me/Manga) share: the cap, a card's genres by name, and its cover,
 * answered as base64 (the card JPEG, within the answer's budget) unless imageFormat=url, and as `/media/{id}`.
 */

/** Most entries returned in one answer (the spec shows no paging for these calls). */
export const MY_LIST_LIMIT = 500;

/** Select column: the manga's genre numbers, in order. */
export const genresOf = sql<number[]>`coalesce((select array_agg(${mangaGenres.genre} order by ${mangaGenres.genre}) from ${mangaGenres} where ${mangaGenres.mangaId} = ${manga.id}), '{}')`;

export function genreNames(ids: readonly number[] | null): Genre[] {
  return (ids ?? []).map((g) => GENRES[g]).filter((g): g is Genre => g !== undefined);
}

/**
 * The base64 covers of a list's rows (the card JPEG within the answer's budget, server/manga/cover-images.ts), or
 * nulls with imageFormat=url.
 */
export async function listCovers(db: Db, coverImageIds: ReadonlyArray<string | null>, imageFormat: ImageFormat | undefined): Promise<ListCover[]> {
  if ((imageFormat ?? "base64") !== "base64") return coverImageIds.map(() => null);
  return listCoversBase64(db, coverImageIds);
}

/** A card's cover fields: `coverImage` (left out past the budget) and `/media/{id}`. */
export function coverFields(cover: ListCover, coverImageId: string | null): { coverImage?: string | null; coverImageUrl: string | null } {
  return cover === undefined ? { coverImageUrl: mediaUrl(coverImageId) } : { coverImage: cover, coverImageUrl: mediaUrl(coverImageId) };
}
