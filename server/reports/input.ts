import { z } from "zod";
import { integer } from "@/lib/validation/numbers";
import type { Locale } from "@/i18n/routing";
import en from "@/messages/en.json";
import ar from "@/messages/ar.json";
import { REPORT_QUEUE_STATES, reportSubmitSchema, resolveSchema, type ReportsTranslate, type ReportSubmitValues, type ResolveValues } from "@/lib/validation/reports";
import { fieldErrorsOf, validation } from "@/server/core/errors";

/**
 * The /api/Report calls' input, checked with the shared schemas of lib/validation/reports.ts in the request's language
 * (the same words as the dialogs). Invalid input is one 422 with every field's errors; nothing reaches a use case.
 */
const TEXTS = { en: en.reports.errors, ar: ar.reports.errors } as const;
export const reportsTranslator =
  (locale: Locale): ReportsTranslate =>
  (key) =>
    (TEXTS[locale] as Record<string, string>)[key] ?? key;

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw validation(fieldErrorsOf(result.error));
}

export const parseSubmit = (value: unknown, locale: Locale): ReportSubmitValues => parse(reportSubmitSchema(reportsTranslator(locale)), value);
export const parseResolve = (value: unknown, locale: Locale): ResolveValues => parse(resolveSchema(reportsTranslator(locale)), value);

/** The shape-only bodies for defineRoute (JSON read, size capped, key case matched); the rules run in the handler. */
export const bodyShape = {
  submit: z.looseObject({ mangaId: z.unknown().optional(), chapterId: z.unknown().optional(), reason: z.unknown().optional(), details: z.unknown().optional() }),
  resolve: z.looseObject({ mangaId: z.unknown().optional(), chapterId: z.unknown().optional(), action: z.unknown().optional(), note: z.unknown().optional() }),
};

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
