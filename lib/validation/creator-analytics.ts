import { z } from "zod";
import { MAX_ID } from "./numbers";

/**
 * GET /api/manga/Analytics (issue 16 §4, beyond the spec): `mangaId`, `days` (the window of the per-day series, 1–365,
 * default 30; the panel offers 30 and 90) and optionally `chapterId` (whose drop-off histogram to answer; default the
 * chapter where the most signed-in readers stopped). Invalid input is a 422 with zod's texts in the request's language.
 */
export const ANALYTICS_DAY_CHOICES = [30, 90] as const;
export const ANALYTICS_MAX_DAYS = 365;
const id = z.coerce.number().int().min(1).max(MAX_ID);

export const creatorAnalyticsQuery = z.object({
  mangaId: id,
  days: z.coerce.number().int().min(1).max(ANALYTICS_MAX_DAYS).default(30),
  chapterId: id.optional(),
});
export type CreatorAnalyticsQuery = z.output<typeof creatorAnalyticsQuery>;
