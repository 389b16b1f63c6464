import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { favorites } from "@/db/schema";
import { PAGE_SIZE } from "@/lib/constants";
import { listManga, type MangaListItem, type Paged } from "@/server/manga/list-manga";
import { type SignedInViewer } from "@/server/core/viewer";

/**
 * The ids the user has favourited, optionally only among `mangaIds` (a page's cards): one indexed query,
 * so a page of cards learns its hearts' state at once.
 */
export async function listFavoriteIds({ db, userId, mangaIds }: { db: Db; userId: number; mangaIds?: readonly number[] }): Promise<number[]> {
  if (mangaIds && mangaIds.length === 0) return [];
  const rows = await db
    .select({ mangaId: favorites.mangaId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), mangaIds ? inArray(favorites.mangaId, [...new Set(mangaIds)]) : undefined));
  return rows.map((r) => r.mangaId);
}

/** Whether the user has favourited the manga (one primary-key lookup). */
export async function isFavoriteOf({ db, userId, mangaId }: { db: Db; userId: number; mangaId: number }): Promise<boolean> {
  return (await listFavoriteIds({ db, userId, mangaIds: [mangaId] })).length > 0;
}

/**
 * The user's favourite manga as catalogue cards, most recently added first, limited to what the user may still see
 * (a favourite that was later rejected drops out). The same query path as the catalogue (listManga).
 */
export function listFavoriteManga({ db, viewer, page = 1, pageSize = PAGE_SIZE.max }: { db: Db; viewer: SignedInViewer; page?: number; pageSize?: number }): Promise<Paged<MangaListItem>> {
  return listManga({ db, viewer, favoritedBy: viewer.userId, page, pageSize });
}
