import { validation, type FieldErrors } from "@/server/core/errors";

/**
 * The API's last line against U+0000 (issue 19, item 2): PostgreSQL refuses it in text, so a string carrying one that
 * reached a query answered 500. defineRoute (JSON bodies, query values, path segments) and readUpload (form fields)
 * refuse it here with a 422 field error before any handler runs, whatever the route's schema says; the schemas' own rule
 * (lib/validation/text.ts) refuses the other control characters with a field's own wording.
 */
const NUL = "\u0000";
/** Deeper than any payload the API takes; a deeper body is refused as a whole rather than walked. */
const MAX_DEPTH = 32;

/** Adds a field error for every string (value or key) under `value` that holds U+0000; `path` names the value. */
export function collectNulFields(value: unknown, path: string, errors: FieldErrors, depth = 0): void {
  if (typeof value === "string") {
    if (value.includes(NUL)) (errors[path || "_form"] ??= []).push("controlCharacters");
    return;
  }
  if (typeof value !== "object" || value === null) return;
  if (depth >= MAX_DEPTH) {
    (errors[path || "_form"] ??= []).push("badRequest");
    return;
  }
  // Arrays and objects: every key and every value.
  const entries: Array<[string, unknown]> = Array.isArray(value) ? value.map((item, i) => [String(i), item]) : Object.entries(value);
  for (const [key, item] of entries) {
    const name = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) (errors[name.replaceAll(NUL, "\uFFFD")] ??= []).push("controlCharacters");
    else collectNulFields(item, name, errors, depth + 1);
  }
}

/** Throws the 422 envelope when any string under any of the named values holds U+0000 (field errors by name). */
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
