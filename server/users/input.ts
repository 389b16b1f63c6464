import { z } from "zod";
import type { Locale } from "@/i18n/routing";
import { createUserSchema, deleteUserSchema, updateUserSchema, userListQuerySchemaFor, type UserTranslate } from "@/lib/validation/users";
import { fieldErrorsOf, validation } from "@/server/core/errors";
import { userTranslator } from "./validation";

/**
 * The /api/User routes' input: defineRoute reads the JSON body with these shapes (top-level keys matched
 * case-insensitively, values unchecked), then the real rules of lib/validation/users.ts run in the request's language.
 */
const shape = (...keys: string[]) => z.looseObject(Object.fromEntries(keys.map((k) => [k, z.unknown().optional()])));
export const bodyShape = {
  create: shape("fullName", "username", "email", "password", "confirmPassword", "role", "dateOfBirth"),
  update: shape("id", "fullName", "username", "email", "role", "isBanned", "emailVerified", "unlock", "trusted", "subscription"),
  delete: shape("userId"),
};

/** Invalid input is the 422 envelope with field errors in `locale`; nothing is read from or written to the database. */
export function parseUserInput<S extends z.ZodType>(factory: (t: UserTranslate) => S, value: unknown, locale: Locale): z.output<S> {
  const result = factory(userTranslator(locale)).safeParse(value);
  if (result.success) return result.data;
  throw validation(fieldErrorsOf(result.error));
}

export const parseCreateUser = (value: unknown, locale: Locale) => parseUserInput(createUserSchema, value, locale);
export const parseUpdateUser = (value: unknown, locale: Locale) => parseUserInput(updateUserSchema, value, locale);
export const parseDeleteUser = (value: unknown, locale: Locale) => parseUserInput(deleteUserSchema, value, locale);
export const parseUserListQuery = (searchParams: URLSearchParams, locale: Locale) => parseUserInput(userListQuerySchemaFor, searchParams, locale);
