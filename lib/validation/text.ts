import { z } from "zod";

/**
 * The one rule on control characters in text input (issue 19, item 2). Plain zod, no server imports.
 *
 * - Single-line fields (names, usernames, e-mail addresses, titles, tokens): no C0 control character (U+0000–U+001F),
 *   no DEL (U+007F) and no C1 control (U+0080–U+009F). They break lists and logs, and PostgreSQL refuses U+0000 in text.
 * - Multi-line fields (descriptions, messages, report details): the same, except tab, line feed and carriage return
 *   (a browser's form sends a textarea's line breaks as CR LF).
 *
 * The API also refuses U+0000 in any JSON string or query value before a handler runs (server/http/nul-guard.ts),
 * so a schema that forgot this rule still never hands one to the database.
 */
export const SINGLE_LINE_CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
export const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/**
 * A lone UTF-16 surrogate (issue 27, item 8): a high half (U+D800–U+DBFF) not followed by a low one, or a low half
 * (U+DC00–U+DFFF) not preceded by a high one. JSON can carry one (`"\ud800"`), but it is no character: UTF-8 cannot
 * encode it and PostgreSQL's jsonb refuses it (the audit log's insert answered 500). No `u` flag, so the halves match.
 */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type TextKind = "singleLine" | "multiLine";

/** Whether `text` holds a lone UTF-16 surrogate (half of a pair without the other half). */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/**
 * Whether `text` holds a control character that a field of this kind refuses, or a lone surrogate (no field takes
 * one; a browser's form cannot type one, so the control-character wording covers the rare paste; the API's guard,
 * server/http/nul-guard.ts, answers API callers with a message of its own first).
 */
export function hasControlCharacters(text: string, kind: TextKind = "singleLine"): boolean {
  return (kind === "singleLine" ? SINGLE_LINE_CONTROL : MULTI_LINE_CONTROL).test(text) || LONE_SURROGATE.test(text);
}

/**
 * A string schema that first refuses control characters of this kind with `message` (and checks nothing else then):
 * `noControlCharacters(z.string(), t("controlCharacters")).trim().min(1)`. It stays a ZodString, so the input type of
 * a form's schema does not change.
 */
export function noControlCharacters(field: z.ZodString, message: string, kind: TextKind = "singleLine"): z.ZodString {
  return field.refine((value) => !hasControlCharacters(value, kind), { error: message, abort: true });
}
