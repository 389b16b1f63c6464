import { z } from "zod";
import { hasControlCharacters } from "./text";
import { MAX_ID } from "./numbers";

/**
 * Creators' monetisation (issue 16 §3), shared by the monetization page's forms (react-hook-form + zodResolver) and the
 * /api/Monetization routes. Like lib/validation/reports.ts each schema is a factory taking a translate function, so
 * both sides produce the same texts in the page's / request's language; the texts live in messages/{en,ar}.json under
 * `monetization.errors`, one entry per MonetizationValidationKey.
 *
 * Money is written as a decimal amount ("1234.56", at most two decimals) and carried as integer minor units (cents):
 * never a floating-point amount.
 */
export const MONETIZATION_VALIDATION_KEYS = [
  "monthInvalid", "monthNotEnded", "amountInvalid", "amountTooLarge", "thresholdRange", "transactionInvalid",
  "outcomeInvalid", "referenceRequired", "referenceTooLong", "noteRequired", "noteTooLong", "controlCharacters",
] as const;
export type MonetizationValidationKey = (typeof MONETIZATION_VALIDATION_KEYS)[number];
export type MonetizationTranslate = (key: MonetizationValidationKey) => string;

export const MONETIZATION = {
  /** Spec §1 and §9: creators receive 60% of net advertising income. */
  creatorSharePercent: 60,
  currency: "USD",
  /** Root may set the payout threshold between these (minor units); the default is 50.00. */
  defaultThresholdMinor: 5_000,
  minThresholdMinor: 100,
  maxThresholdMinor: 1_000_000,
  /** A month's income is at most this (minor units): 100,000,000.00. */
  maxIncomeMinor: 10_000_000_000,
  referenceMax: 200,
  noteMax: 500,
} as const;

export const PAYOUT_OUTCOMES = ["paid", "failed"] as const;
export type PayoutOutcome = (typeof PAYOUT_OUTCOMES)[number];


/**
 * An amount as typed: trimmed, with Arabic-Indic and Eastern Arabic-Indic digits (what an Arabic keyboard types) made
 * ASCII and the Arabic decimal separator "٫" made ".". Null when the value is neither a string nor a finite number.
 */
function amountText(value: unknown): string | null {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : null;
  if (typeof value !== "string") return null;
  return value
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066B/g, ".");
}

/** "1234.56", "1234.5", "1234" (or the same as a JSON number, or in Arabic digits) → 123456 minor units; null when it is not such an amount. */
export function parseAmountMinor(value: unknown): number | null {
  const text = amountText(value);
  if (text === null) return null;
  const match = /^(\d{1,11})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** 123456 → "1234.56" (what the forms show in their inputs). */
export function minorToDecimal(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "2026-10" → "2026-10-01", the month's first day (UTC), as ad_income_months keys it. */
export function monthKey(month: string): string {
  return `${month}-01`;
}

/** The first day (UTC) of the month `back` months before the one `now` is in, as "YYYY-MM-DD". */
export function monthStartBefore(now: Date, back: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 10);
}

/** The first day (UTC) of the month `now` is in, as "YYYY-MM". */
export function currentMonth(now: Date = new Date()): string {
  return now.toISOString().slice(0, 7);
}

function amountField(t: MonetizationTranslate, max: number, min = 1) {
  return z.unknown().transform((value, ctx) => {
    const minor = parseAmountMinor(value);
    // A well-formed amount with more digits than any income is too large, not malformed.
    if (minor === null && /^\d{12,}(?:\.\d{1,2})?$/.test(amountText(value) ?? "")) {
      ctx.addIssue({ code: "custom", message: t("amountTooLarge") });
      return z.NEVER;
    }
    if (minor === null || minor < min) {
      ctx.addIssue({ code: "custom", message: t("amountInvalid") });
      return z.NEVER;
    }
    if (minor > max) {
      ctx.addIssue({ code: "custom", message: t("amountTooLarge") });
      return z.NEVER;
    }
    return minor;
  });
}

/**
 * Root's "close a month": the month ("YYYY-MM", an ended month: not the current one or later) and its net advertising
 * income as a decimal amount (0.01 … 100,000,000.00). `now` decides which months have ended (the server's clock).
 */
export function closeMonthSchema(t: MonetizationTranslate, now: Date = new Date()) {
  return z.object({
    month: z.unknown().transform((value, ctx) => {
      const text = typeof value === "string" ? value.trim() : "";
      const match = /^(\d{4})-(\d{2})$/.exec(text);
      if (!match || Number(match[1]) < 2000 || Number(match[2]) < 1 || Number(match[2]) > 12) {
        ctx.addIssue({ code: "custom", message: t("monthInvalid") });
        return z.NEVER;
      }
      if (text >= currentMonth(now)) {
        ctx.addIssue({ code: "custom", message: t("monthNotEnded") });
        return z.NEVER;
      }
      return text;
    }),
    income: amountField(t, MONETIZATION.maxIncomeMinor),
  });
}
export type CloseMonthValues = z.output<ReturnType<typeof closeMonthSchema>>;

/** Root's payout threshold: 1.00 … 10,000.00. */
export function payoutThresholdSchema(t: MonetizationTranslate) {
  return z.object({
    threshold: z.unknown().transform((value, ctx) => {
      const minor = parseAmountMinor(value);
      if (minor === null || minor < MONETIZATION.minThresholdMinor || minor > MONETIZATION.maxThresholdMinor) {
        ctx.addIssue({ code: "custom", message: t("thresholdRange") });
        return z.NEVER;
      }
      return minor;
    }),
  });
}
export type PayoutThresholdValues = z.output<ReturnType<typeof payoutThresholdSchema>>;

function textField(t: MonetizationTranslate, max: number, tooLong: MonetizationValidationKey) {
  return z
    .string({ error: t(tooLong) })
    .trim()
    .refine((v) => !hasControlCharacters(v, "multiLine"), { error: t("controlCharacters") })
    .refine((v) => [...v].length <= max, { error: t(tooLong) });
}

/**
 * Root settles a payout request: "paid" with the transfer service's reference id (what root copied from the transfer
 * it made outside the product), or "failed" with a note the writer reads (the amount returns to their balance).
 */
export function resolvePayoutSchema(t: MonetizationTranslate) {
  return z
    .object({
      transactionId: z.preprocess(
        (v) => (typeof v === "string" && /^\d{1,10}$/.test(v.trim()) ? Number(v) : v),
        z.number({ error: t("transactionInvalid") }).int({ error: t("transactionInvalid") }).min(1, { error: t("transactionInvalid") }).max(MAX_ID, { error: t("transactionInvalid") }),
      ),
      outcome: z.enum(PAYOUT_OUTCOMES, { error: t("outcomeInvalid") }),
      referenceId: z.preprocess((v) => (v == null ? "" : v), textField(t, MONETIZATION.referenceMax, "referenceTooLong")),
      note: z.preprocess((v) => (v == null ? "" : v), textField(t, MONETIZATION.noteMax, "noteTooLong")),
    })
    .superRefine((data, ctx) => {
      if (data.outcome === "paid" && data.referenceId === "") ctx.addIssue({ code: "custom", path: ["referenceId"], message: t("referenceRequired") });
      if (data.outcome === "failed" && data.note === "") ctx.addIssue({ code: "custom", path: ["note"], message: t("noteRequired") });
    });
}
export type ResolvePayoutValues = z.output<ReturnType<typeof resolvePayoutSchema>>;
