import { z } from "zod";
import { RATING_MAX, RATING_MIN } from "@/lib/rating";
import { id } from "./numbers";

/**
 * Ratings (issue 34, item 3; docs/decisions/028), shared by the preview's rating control and the /api/Rating routes.
 * A score is a JSON whole number from 1 to 10: not a string, not 5.5. Unknown keys are refused (strict), so a client
 * cannot believe it sent something the server ignored.
 */
export const ratingScore = z.number().int().min(RATING_MIN).max(RATING_MAX);

/** POST /api/Rating/Rate: `{ mangaId, score }`. */
export const rateBody = z.object({ mangaId: id(), score: ratingScore }).strict();
export type RateBody = z.infer<typeof rateBody>;

/** POST /api/Rating/Remove: `{ mangaId }`. */
export const removeRatingBody = z.object({ mangaId: id() }).strict();

/** GET /api/Rating/Mine: `?mangaId=`. */
export const myRatingQuery = z.object({ mangaId: id() }).strict();

/** What the routes answer: my score (null: none), whether it counts yet, and the manga's counted mean and count. */
export interface RatingState {
  mangaId: number;
  score: number | null;
  /** False while the account is younger than a day: stored, not yet in the mean. */
  counted: boolean;
  mean: number | null;
  count: number;
}
