/**
 * manga.popularity, the default sort (spec §9): views plus ten points per favourite. Every write that changes
 * views or favourites moves popularity by the same formula, in the same statement.
 */
export const POPULARITY_PER_VIEW = 1;
export const POPULARITY_PER_FAVORITE = 10;

export function popularityOf({ views, favorites }: { views: number; favorites: number }): number {
  return views * POPULARITY_PER_VIEW + favorites * POPULARITY_PER_FAVORITE;
}
