/**
 * Ratings (issue 34, item 3; docs/decisions/028): 1–10 per account per manga. Shared by the browser and the server.
 */
export const RATING_MIN = 1;
export const RATING_MAX = 10;

/**
 * The "top rated" order is a Bayesian mean: (C·m + Σscores) / (C + n) over the counted ratings. C is how many ratings
 * a title needs before its own mean outweighs the prior; m the prior (a fixed 6.0, a little above the scale's middle,
 * not the site-wide mean, so the stored score never needs recomputing across the catalogue). db/schema/manga.ts keeps
 * the score as a generated column from these two numbers: changing them needs a migration.
 */
export const BAYES_MIN_RATINGS = 5;
export const BAYES_PRIOR = 6;

/** The mean shown on cards and the preview (null: no counted rating yet), to one decimal. */
export function ratingMean(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}

/** The Bayesian score of a title (the same formula as the generated column). */
export function bayesianScore(sum: number, count: number): number {
  return (BAYES_MIN_RATINGS * BAYES_PRIOR + sum) / (BAYES_MIN_RATINGS + count);
}
