import { z } from "zod";
import type { Locale } from "@/i18n/routing";
import { createUserSchema, deleteUserSchema, updateUserSchema, userListQuerySchemaFor, type UserTranslate } from "@/lib/validation/users";
import { fieldErrorsOf, validation } from "@/server/core/errors";
import type { LocalizedSchema } from "@/server/core/localized-schema";
import { userTranslator } from "./validation";

/**
 * The /api/User routes' input: the rules of lib/validation/users.ts in the request's language. defineRoute checks
 * CreateUser's and UpdateUser's bodies before the handler; DeleteUser (body or query) and the list's query (repeated
 * and comma-separated filters, read from the URL) are parsed in the handler.
 */
export const userBody = {
  create: { inLocale: (locale) => createUserSchema(userTranslator(locale)) },
  update: { inLocale: (locale) => updateUserSchema(userTranslator(locale)) },
} satisfies Record<string, LocalizedSchema>;

/** DeleteUser's shape-only body and query: its id comes from either, so the rules run in the handler. */
export const deleteUserShape = z.looseObject({ userId: z.unknown().optional() });

/** Invalid input is the 422 envelope with field errors in `locale`; nothing is read from or written to the database. */
export function parseUserInput<S extends z.ZodType>(factory: (t: UserTranslate) => S, value: unknown, locale: Locale): z.output<S> {
  const result = factory(userTranslator(locale)).safeParse(value);
  if (result.success) return result.data;
  throw validation(fieldErrorsOf(result.error));
}

export const parseDeleteUser = (value: unknown, locale: Locale) => parseUserInput(deleteUserSchema, value, locale);
export const parseUserListQuery = (searchParams: URLSearchParams, locale: Locale) => parseUserInput(userListQuerySchemaFor, searchParams, locale);
