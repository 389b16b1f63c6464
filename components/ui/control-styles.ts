import { cx } from "./cx";

/**
 * The kit's control classes in a module without "use client", so a server-rendered form (the discovery filters: a
 * plain GET form, no JavaScript needed) draws its controls as the kit's fields do.
 */
const CONTROL =
  "block w-full rounded-xl border bg-white text-[15px] text-zinc-900 shadow-sm outline-none transition placeholder:text-zinc-500 focus:ring-4 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400";
const OK = "border-zinc-300 focus:border-brand-500 focus:ring-brand-500/15 dark:border-zinc-700";
const BAD = "border-red-600 focus:border-red-600 focus:ring-red-500/15 dark:border-red-500";

/** The classes of a text control (input, select, text area) in its valid or invalid state; for the kit's own fields. */
export function controlClass(invalid: boolean, extra?: string): string {
  return cx(CONTROL, invalid ? BAD : OK, extra);
}

/** A field's label (as Field draws it). */
export const fieldLabelClass = "mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200";

/**
 * ToggleChip's look for an uncontrolled checkbox inside the label (a GET form's chip): filled while its checkbox is
 * checked, CSS alone (`has-[:checked]`), so it needs no state.
 */
export const formChipClass =
  "inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full border border-zinc-300 bg-white px-3.5 text-sm font-semibold text-zinc-800 transition select-none hover:bg-zinc-50 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-600 has-[:checked]:text-white has-[:checked]:hover:bg-brand-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800";

/** ToggleChip's "on" look for a link that removes a filter in force (a chip with ×). */
export const activeChipClass =
  "inline-flex h-9 items-center gap-1.5 rounded-full border border-brand-600 bg-brand-600 px-3.5 text-sm font-semibold text-white transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
