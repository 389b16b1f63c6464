"use client";

import { useSeedFavorites } from "./use-favorites";

/** Hands the favourites a server page already read to the hearts below it (no extra request). */
export function FavoritesSeed({ userId, ids }: { userId: number; ids: number[] }) {
  useSeedFavorites(userId, ids);
  return null;
}
