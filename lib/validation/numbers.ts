import { z } from "zod";

/**
 * Whole numbers in API input (ids, page numbers, page sizes, statuses): issue 19, item 9. `z.coerce.number()` took
 * anything `Number()` takes, so `"0x30"`, `"0b110000"`, `"4.8e1"`, `[48]` and `true` all read as 48 or 1. Here a
 * whole number is a JSON number that is an integer, or a string of decimal digits (an optional minus sign, surrounding
 * blanks ignored); anything else fails as "expected a number", a 422 field error. Plain zod: client code may import it.
 */
const DECIMAL_INTEGER = /^-?\d{1,15}$/;

/** A decimal string → its number; every other value is left as it is (a number goes on to `.int()`). */
export function decimalInteger(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  return DECIMAL_INTEGER.test(text) ? Number(text) : value;
}

export interface IntegerOptions {
  min?: number;
  max?: number;
  /** One message for every failure (not a number, not whole, out of range); zod's own texts when absent. */
  error?: string;
}

/** A whole number within `min`…`max`: `integer({ min: 1, max: 100 }).default(10)`. */
export function integer({ min, max, error }: IntegerOptions = {}) {
  const e = error === undefined ? undefined : { error };
  let n = z.number(e).int(e);
  if (min !== undefined) n = n.min(min, e);
  if (max !== undefined) n = n.max(max, e);
  return z.preprocess(decimalInteger, n);
}

/** The largest id PostgreSQL's `integer` holds. */
export const MAX_ID = 2_147_483_647;

/** Whether a number is a row id (1…MAX_ID): ids read from paths, links and search text before they reach a query. */
export const isRowId = (n: number): boolean => Number.isSafeInteger(n) && n > 0 && n <= MAX_ID;

/** A row id: 1…2,147,483,647. */
export const id = (error?: string) => integer({ min: 1, max: MAX_ID, error });
