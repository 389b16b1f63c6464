import { z } from "zod";
import type { Locale } from "@/i18n/routing";
import en from "@/messages/en.json";
import ar from "@/messages/ar.json";
import type { Translate, ValidationKey } from "@/lib/validation/auth";
import { fieldErrorsOf, validation } from "@/server/core/errors";

/**
 * The server side of lib/validation/auth.ts: the same schemas with their texts in the request's language
 * (messages/{en,ar}.json → `validation`), so data.errors carries exactly what the forms show.
 */
const TEXTS: Record<Locale, Record<ValidationKey, string>> = { en: en.validation, ar: ar.validation };

export function validationTranslator(locale: Locale): Translate {
  return (key) => TEXTS[locale][key];
}

type Factory<S extends z.ZodType> = (t: Translate) => S;

/**
 * A schema for defineRoute that only shapes the body (same top-level keys, values unchecked), so the
 * route wrapper keeps reading JSON, capping size and matching key case; the real rules run in
 * `parseLocalized` inside the handler, where the request's language is known.
 */
export function bodyShapeOf(factory: Factory<z.ZodType>): z.ZodType<Record<string, unknown>> {
  const keys = topLevelKeys(factory(validationTranslator("en"))) ?? [];
  return z.looseObject(Object.fromEntries(keys.map((k) => [k, z.unknown().optional()])));
}

/** Parses with the localized schema; invalid input is the 422 envelope with field errors in `locale`. */
export async function parseLocalized<S extends z.ZodType>(
  factory: Factory<S>,
  value: unknown,
  locale: Locale,
): Promise<z.output<S>> {
  const result = await factory(validationTranslator(locale)).safeParseAsync(value);
  if (result.success) return result.data;
  throw validation(fieldErrorsOf(result.error));
}

function topLevelKeys(schema: z.core.$ZodType): string[] | undefined {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return topLevelKeys(schema.in) ?? topLevelKeys(schema.out);
  return undefined;
}
