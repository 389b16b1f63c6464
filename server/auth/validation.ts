import type { z } from "zod";
import type { Locale } from "@/i18n/routing";
import en from "@/messages/en.json";
import ar from "@/messages/ar.json";
import type { Translate, ValidationKey } from "@/lib/validation/auth";
import type { LocalizedSchema } from "@/server/core/localized-schema";

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
 * The schema for defineRoute (`body: localized(loginSchema)`): the form's rules with their texts in the request's
 * language, built for each request (as the forms build them). Invalid input is the 422 with field errors in that language.
 */
export function localized<S extends z.ZodType>(factory: Factory<S>): LocalizedSchema<S> {
  return { inLocale: (locale) => factory(validationTranslator(locale)) };
}
