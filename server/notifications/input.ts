import { z } from "zod";
import { decimalInteger, integer, MAX_ID } from "@/lib/validation/numbers";
import { hasControlCharacters } from "@/lib/validation/text";
import type { Locale } from "@/i18n/routing";
import { fieldErrorsOf, validation } from "@/server/core/errors";
import { apiMessage } from "@/server/core/messages";
import type { LocalizedSchema } from "@/server/core/localized-schema";
import type { NotificationType } from "./publish-notification";

/**
 * The input rules of the /api/Notification calls, with their texts in the request's language.
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

/** The calls' bodies for defineRoute: checked before the handler, in the request's language (one 422 with every field's errors). */
export const notificationBody = {
  send: { inLocale: schemas.send },
  sendToUser: { inLocale: schemas.sendToUser },
  notificationId: { inLocale: schemas.notificationId },
} satisfies Record<keyof Schemas, LocalizedSchema>;

/**
 * DeleteNotification's id, from the body or else the query (the one input defineRoute cannot check alone); invalid
 * input is the 422 envelope with every field's errors.
 */
export function parseNotificationInput<K extends keyof Schemas>(kind: K, value: unknown, locale: Locale): NotificationInput<K> {
  const result = schemas[kind](locale).safeParse(value ?? {});
  if (result.success) return result.data as NotificationInput<K>;
  throw validation(fieldErrorsOf(result.error));
}

/** DeleteNotification's shape-only body and query (JSON read, size capped, key case matched). */
export const notificationIdShape = z.looseObject({ notificationId: z.unknown().optional() });

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
