import { z } from "zod";
import type { Locale } from "@/i18n/routing";
import en from "@/messages/en.json";
import ar from "@/messages/ar.json";
import {
  closeMonthSchema,
  payoutThresholdSchema,
  resolvePayoutSchema,
  type CloseMonthValues,
  type MonetizationTranslate,
  type PayoutThresholdValues,
  type ResolvePayoutValues,
} from "@/lib/validation/monetization";
import { fieldErrorsOf, validation } from "@/server/core/errors";
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

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw validation(fieldErrorsOf(result.error));
}

export const parseCloseMonth = (value: unknown, locale: Locale, now?: Date): CloseMonthValues => parse(closeMonthSchema(monetizationTranslator(locale), now), value);
export const parseThreshold = (value: unknown, locale: Locale): PayoutThresholdValues => parse(payoutThresholdSchema(monetizationTranslator(locale)), value);
export const parseResolvePayout = (value: unknown, locale: Locale): ResolvePayoutValues => parse(resolvePayoutSchema(monetizationTranslator(locale)), value);

/** The shape-only bodies for defineRoute (JSON read, size capped, key case matched); the rules run in the handler. */
export const bodyShape = {
  closeMonth: z.looseObject({ month: z.unknown().optional(), income: z.unknown().optional() }),
  threshold: z.looseObject({ threshold: z.unknown().optional() }),
  resolve: z.looseObject({ transactionId: z.unknown().optional(), outcome: z.unknown().optional(), referenceId: z.unknown().optional(), note: z.unknown().optional() }),
};


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
