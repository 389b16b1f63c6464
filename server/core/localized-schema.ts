import type { z } from "zod";
import type { Locale } from "@/i18n/routing";

/**
 * A schema whose texts are in the request's language (e.g. the account forms' rules, server/auth/validation.ts
 * `localized`). `defineRoute` takes it wherever it takes a schema and validates with the request's version, so every
 * route validates its input one way: before the handler, with every field's errors in one 422.
 */
export interface LocalizedSchema<S extends z.ZodType = z.ZodType> {
  readonly inLocale: (locale: Locale) => S;
}

export type AnySchema = z.ZodType | LocalizedSchema;

/** The schema to validate with in `locale`. */
export function schemaFor(schema: AnySchema, locale: Locale): z.ZodType {
  return "inLocale" in schema ? schema.inLocale(locale) : schema;
}
