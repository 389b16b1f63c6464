import "server-only";
import { eq, sql } from "drizzle-orm";
import { manga, mangaGenres, media } from "@/db/schema";
import { GENRES, type Genre } from "@/lib/enums";
import { mediaUrl } from "@/lib/media-url";
import type { ImageFormat } from "./types";

/**
 * What the caller's lists of manga (Me/Favorites, Me/Manga) share: the cap, a card's genres by name, and its cover,
 * whose bytes are joined only when base64 is asked for and answered both as base64 and as `/media/{id}`.
 */

/** Most entries returned in one answer (the spec shows no paging for these calls). */
export const MY_LIST_LIMIT = 500;

/** Select column: the manga's genre numbers, in order. */
export const genresOf = sql<number[]>`coalesce((select array_agg(${mangaGenres.genre} order by ${mangaGenres.genre}) from ${mangaGenres} where ${mangaGenres.mangaId} = ${manga.id}), '{}')`;

export function genreNames(ids: readonly number[] | null): Genre[] {
  return (ids ?? []).map((g) => GENRES[g]).filter((g): g is Genre => g !== undefined);
}

/**
 * The cover's select columns (`bytes`, and `store` saying where they are kept: null unless base64 is asked for) and
 * the condition of its left join on media. Rows read with them go through fillBucketBytes before coverFields.
 */
export function coverSource(imageFormat: ImageFormat | undefined) {
  const withBytes = (imageFormat ?? "base64") === "base64";
  return {
    bytes: withBytes ? media.bytes : sql<null>`null`,
    store: withBytes ? media.store : sql<null>`null`,
    join: withBytes ? eq(media.id, manga.coverImageId) : sql`false`,
  };
}

/** A card's cover fields from the row's bytes and media id. */
export function coverFields(bytes: Uint8Array | null, coverImageId: string | null): { coverImage: string | null; coverImageUrl: string | null } {
  return { coverImage: bytes ? Buffer.from(bytes).toString("base64") : null, coverImageUrl: mediaUrl(coverImageId) };
}
