import { LONE_SURROGATE } from "@/lib/validation/text";
import { validation, type FieldErrors } from "@/server/core/errors";

/**
 * The API's last line against text the database cannot store. U+0000 (issue 19, item 2): PostgreSQL refuses it in
 * text. A lone UTF-16 surrogate (issue 27, item 8: `"\ud800"` in JSON): no character at all, refused by jsonb (the
 * audit log) and mangled by UTF-8. A string carrying either that reached a query answered 500. defineRoute (JSON bodies,
 * query values, path segments) and readUpload (form fields) refuse them here with a 422 field error before any handler
 * runs, whatever the route's schema says; the schemas' own rule (lib/validation/text.ts) refuses the other control
 * characters with a field's own wording.
 */
const NUL = "\u0000";
/** Deeper than any payload the API takes; a deeper body is refused as a whole rather than walked. */
const MAX_DEPTH = 32;

/** The message key of what is wrong with `text`, if anything. */
function refusalOf(text: string): "controlCharacters" | "loneSurrogate" | undefined {
  if (text.includes(NUL)) return "controlCharacters";
  return LONE_SURROGATE.test(text) ? "loneSurrogate" : undefined;
}

/** A field name fit for the answer: no NUL, no lone surrogate (each becomes U+FFFD). */
function printable(name: string): string {
  return name.replaceAll(NUL, "\uFFFD").replace(new RegExp(LONE_SURROGATE.source, "g"), "\uFFFD");
}

/** Adds a field error for every string (value or key) under `value` that holds U+0000 or a lone surrogate. */
export function collectNulFields(value: unknown, path: string, errors: FieldErrors, depth = 0): void {
  if (typeof value === "string") {
    const refusal = refusalOf(value);
    if (refusal) (errors[printable(path) || "_form"] ??= []).push(refusal);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  if (depth >= MAX_DEPTH) {
    (errors[printable(path) || "_form"] ??= []).push("badRequest");
    return;
  }
  // Arrays and objects: every key and every value.
  const entries: Array<[string, unknown]> = Array.isArray(value) ? value.map((item, i) => [String(i), item]) : Object.entries(value);
  for (const [key, item] of entries) {
    const name = path ? `${path}.${key}` : key;
    const refusal = refusalOf(key);
    if (refusal) (errors[printable(name)] ??= []).push(refusal);
    else collectNulFields(item, name, errors, depth + 1);
  }
}

/** Throws the 422 envelope when any string under the named values holds U+0000 or a lone surrogate (errors by name). */
export function refuseNul(...sources: Array<Record<string, unknown>>): void {
  const errors: FieldErrors = {};
  for (const values of sources) collectNulFields(values, "", errors);
  if (Object.keys(errors).length > 0) throw validation(errors);
}

/** A URL's query as `{ name: value | [values] }`, for refuseNul (names count: a NUL in a name is refused too). */
export function queryValues(params: URLSearchParams): Record<string, unknown> {
  const out = new Map<string, string | string[]>();
  for (const [name, value] of params) {
    const seen = out.get(name);
    out.set(name, seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value]);
  }
  return Object.fromEntries(out);
}
