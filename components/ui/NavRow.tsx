import type { ButtonHTMLAttributes, Ref } from "react";
import { cx } from "./cx";

/**
 * A row of a navigation list or of a dropdown menu: an icon and a label across the whole width. `navRowClass()` draws a
 * link as a row (the dashboard's sidebar links, "Back to site", a menu's links; the current page, aria-current="page",
 * is marked); `NavRowButton` is a row that acts instead of navigating (opens a sub-menu, logs out), drawn the same
 * way so it lines up with the links around it. Size `md` for a sidebar, `sm` for a dropdown menu. Tone `danger` for
 * a row that ends something (logout); `strong` darkens a sidebar row whose sub-menu holds the current page.
 */
export type NavRowSize = "md" | "sm";
export type NavRowTone = "nav" | "menu" | "muted" | "danger";

const BASE =
  "group flex items-center gap-3 rounded-xl px-3 font-semibold transition focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60";
const SIZES: Record<NavRowSize, string> = { md: "min-h-11 py-2 text-[15px] leading-snug", sm: "h-10 text-sm" };
const CURRENT =
  "aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700 dark:aria-[current=page]:bg-brand-500/15 dark:aria-[current=page]:text-brand-400";
const TONES: Record<NavRowTone, string> = {
  nav: "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800/70 dark:hover:text-zinc-100",
  menu: "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800",
  muted: "text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100",
  danger: "text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-500/10",
};
const STRONG = "text-zinc-900 hover:bg-zinc-100 dark:text-zinc-100 dark:hover:bg-zinc-800/70";

/** `full: false` for a row that shares its line with something else (a language switch beside it). */
export function navRowClass({ size = "md", tone = "nav", strong = false, full = true }: { size?: NavRowSize; tone?: NavRowTone; strong?: boolean; full?: boolean } = {}): string {
  return cx(BASE, SIZES[size], strong ? STRONG : TONES[tone], tone === "nav" && CURRENT, full && "w-full");
}

export interface NavRowButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  size?: NavRowSize;
  tone?: NavRowTone;
  strong?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function NavRowButton({ size, tone, strong, className, type = "button", ...rest }: NavRowButtonProps) {
  return <button type={type} className={cx(navRowClass({ size, tone, strong }), className)} {...rest} />;
}
