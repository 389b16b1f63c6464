import { z } from "zod";
import { decimalInteger, integer, MAX_ID } from "@/lib/validation/numbers";
import { hasControlCharacters } from "@/lib/validation/text";
import type { Locale } from "@/i18n/routing";
import { fieldErrorsOf, validation } from "@/server/core/errors";
import { apiMessage } from "@/server/core/messages";
import type { NotificationType } from "./publish-notification";

/**
 * The input rules of the /api/Notification calls, with their texts in the request's language (the routes give
 * defineRoute a shape-only body and parse with these in the handler, where the language is known).
 */
export const NOTIFICATION_MESSAGE_MAX = 1000;

/** A whole number, also as digits in a string (query strings, form-ish clients); nothing else (no booleans, no ""). */
const wholeNumber = decimalInteger;

function idSchema(message: string) {
  return z.preprocess(wholeNumber, z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(MAX_ID, { error: message }));
}

function messageSchema(locale: Locale) {
  const required = apiMessage(locale, "notificationMessageRequired");
  const tooLong = apiMessage(locale, "notificationMessageTooLong", { max: NOTIFICATION_MESSAGE_MAX });
  return z
    .string({ error: required })
    // Line breaks and tabs are a message's own; other control characters never mean anything in one (issue 19, item 2).
    .refine((s) => !hasControlCharacters(s, "multiLine"), { error: apiMessage(locale, "controlCharacters"), abort: true })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, { error: required }).refine((s) => [...s].length <= NOTIFICATION_MESSAGE_MAX, { error: tooLong }));
}

function typeSchema(locale: Locale) {
  const invalid = apiMessage(locale, "notificationTypeInvalid");
  return z.preprocess(wholeNumber, z.number({ error: invalid }).int({ error: invalid }).min(1, { error: invalid }).max(4, { error: invalid })).transform((n) => n as NotificationType);
}

const schemas = {
  send: (locale: Locale) => z.object({ message: messageSchema(locale), type: typeSchema(locale) }),
  sendToUser: (locale: Locale) =>
    z.object({ userId: idSchema(apiMessage(locale, "notificationUserInvalid")), message: messageSchema(locale), type: typeSchema(locale) }),
  notificationId: (locale: Locale) => z.object({ notificationId: idSchema(apiMessage(locale, "notificationIdInvalid")) }),
};
type Schemas = typeof schemas;
export type NotificationInput<K extends keyof Schemas> = z.output<ReturnType<Schemas[K]>>;

/** Parses one call's input in `locale`; invalid input is the 422 envelope with every field's errors. */
export function parseNotificationInput<K extends keyof Schemas>(kind: K, value: unknown, locale: Locale): NotificationInput<K> {
  const result = schemas[kind](locale).safeParse(value ?? {});
  if (result.success) return result.data as NotificationInput<K>;
  throw validation(fieldErrorsOf(result.error));
}

/** The shape-only body for defineRoute (JSON read, size capped, key case matched); the rules run in the handler. */
export const bodyShape = {
  send: z.looseObject({ message: z.unknown().optional(), type: z.unknown().optional() }),
  sendToUser: z.looseObject({ userId: z.unknown().optional(), message: z.unknown().optional(), type: z.unknown().optional() }),
  notificationId: z.looseObject({ notificationId: z.unknown().optional() }),
};

/** PaginatedNotification's query (spec §7 defaults 1, 10, empty; `IsRead` beyond the spec filters by read state). */
export const listQuery = z.object({
  Page: integer({ min: 1, max: 1_000_000 }).default(1),
  PageSize: integer({ min: 1, max: 100 }).default(10),
  SearchTerm: z.string().optional(),
  IsRead: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(["true", "false", "1", "0", ""]))
    .transform((v) => (v === "" ? undefined : v === "true" || v === "1"))
    .optional(),
});
export type ListQuery = z.output<typeof listQuery>;
