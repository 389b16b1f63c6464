import { z } from "zod";
import { integer } from "@/lib/validation/numbers";
import type { Locale } from "@/i18n/routing";
import en from "@/messages/en.json";
import ar from "@/messages/ar.json";
import { REPORT_QUEUE_STATES, reportSubmitSchema, resolveSchema, type ReportsTranslate } from "@/lib/validation/reports";
import type { LocalizedSchema } from "@/server/core/localized-schema";

/**
 * The /api/Report calls' input, checked with the shared schemas of lib/validation/reports.ts in the request's language
 * (the same words as the dialogs). Invalid input is one 422 with every field's errors; nothing reaches a use case.
 */
const TEXTS = { en: en.reports.errors, ar: ar.reports.errors } as const;
export const reportsTranslator =
  (locale: Locale): ReportsTranslate =>
  (key) =>
    (TEXTS[locale] as Record<string, string>)[key] ?? key;

/** The calls' bodies for defineRoute, checked before the handler in the request's language. */
export const reportBody = {
  submit: { inLocale: (locale) => reportSubmitSchema(reportsTranslator(locale)) },
  resolve: { inLocale: (locale) => resolveSchema(reportsTranslator(locale)) },
} satisfies Record<string, LocalizedSchema>;

/** PaginatedReport's query: page (1…), pageSize (1–100, default 10), status "open" (default) or "resolved" (0 / 1 too). */
export const listQuery = z.object({
  page: integer({ min: 1, max: 1_000_000 }).default(1),
  pageSize: integer({ min: 1, max: 100 }).default(10),
  status: z
    .string()
    .trim()
    .toLowerCase()
    .transform((v) => (v === "" || v === "0" ? "open" : v === "1" ? "resolved" : v))
    .pipe(z.enum(REPORT_QUEUE_STATES))
    .default("open"),
});
export type ListQuery = z.output<typeof listQuery>;
