import { z } from "zod";
import type { Locale } from "@/i18n/routing";
import en from "@/messages/en.json";
import ar from "@/messages/ar.json";
import {
  closeMonthSchema,
  payoutThresholdSchema,
  resolvePayoutSchema,
  type MonetizationTranslate,
} from "@/lib/validation/monetization";
import type { LocalizedSchema } from "@/server/core/localized-schema";
import { IMPRESSION_POSITIONS } from "./record-impression";
import { PAYOUT_QUEUE_STATES } from "./list-payouts";
import { MAX_ID } from "@/lib/validation/numbers";

/**
 * The /api/Monetization calls' input, checked with the shared schemas of lib/validation/monetization.ts in the
 * request's language (the same words as the page's forms). Invalid input is one 422 with every field's errors.
 */
const TEXTS = { en: en.monetization.errors, ar: ar.monetization.errors } as const;
export const monetizationTranslator =
  (locale: Locale): MonetizationTranslate =>
  (key) =>
    (TEXTS[locale] as Record<string, string>)[key] ?? key;

/** The calls' bodies for defineRoute, checked before the handler in the request's language. */
export const monetizationBody = {
  closeMonth: { inLocale: (locale) => closeMonthSchema(monetizationTranslator(locale)) },
  threshold: { inLocale: (locale) => payoutThresholdSchema(monetizationTranslator(locale)) },
  resolve: { inLocale: (locale) => resolvePayoutSchema(monetizationTranslator(locale)) },
} satisfies Record<string, LocalizedSchema>;

/** RecordImpression: `{ chapterId, position: "start" | "mid" | "end" }` (0, 1, 2 too). */
export const recordImpressionBody = z.object({
  chapterId: z.coerce.number().int().positive().max(MAX_ID),
  position: z
    .union([z.enum(IMPRESSION_POSITIONS), z.number().int().min(0).max(2).transform((i) => IMPRESSION_POSITIONS[i]!)]),
});

/** Payouts' query: status "pending" (default) or "settled", page (1…), pageSize (1–100, default 20). */
export const payoutsQuery = z.object({
  status: z.enum(PAYOUT_QUEUE_STATES).default("pending"),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
