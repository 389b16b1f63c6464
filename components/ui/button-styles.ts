import { cx } from "./cx";

/**
 * The kit's button and text-link classes, in a module of their own (no component, no "use client"): Button and
 * IconButton draw with them, and so does a link drawn as a button (`buttonClass()`). See ./Button.tsx for the variants.
 */
export type ButtonVariant = "primary" | "secondary" | "danger" | "dangerOutline" | "ghost" | "dangerGhost";
export type ButtonSize = "sm" | "md" | "lg";

const BASE =
  "inline-flex items-center justify-center gap-2 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60";
const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    "bg-brand-600 text-white shadow-sm shadow-brand-600/30 hover:bg-brand-700 focus-visible:outline-brand-500 disabled:hover:bg-brand-600",
  secondary:
    "border border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-50 focus-visible:outline-brand-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800",
  danger: "bg-red-700 text-white shadow-sm hover:bg-red-800 focus-visible:outline-red-700 disabled:hover:bg-red-700",
  dangerOutline:
    "border border-zinc-300 bg-white text-red-700 hover:bg-red-50 focus-visible:outline-red-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-red-400 dark:hover:bg-red-500/10",
  ghost: "text-zinc-700 hover:bg-zinc-100 focus-visible:outline-brand-500 dark:text-zinc-200 dark:hover:bg-zinc-800",
  dangerGhost: "text-red-700 hover:bg-red-50 focus-visible:outline-red-700 dark:text-red-400 dark:hover:bg-red-500/10",
};
/** `lg`: a page's one call to action (the landing hero, a preview's "Start reading"). */
const SIZES: Record<ButtonSize, string> = { sm: "h-10 px-4 text-sm", md: "h-11 px-5 text-[15px]", lg: "h-12 px-6 text-base" };

/** `pill`: fully rounded, for the public pages' calls to action. */
export function buttonClass({ variant = "primary", size = "md", full = false, pill = false }: { variant?: ButtonVariant; size?: ButtonSize; full?: boolean; pill?: boolean } = {}): string {
  return cx(BASE, VARIANTS[variant], SIZES[size], pill ? "rounded-full" : "rounded-xl", full && "w-full");
}

/** A link inside running text or under a form ("Forgot password?"): the brand colour, underlined on hover. */
export const textLinkClass = "font-semibold text-brand-600 underline-offset-4 hover:underline dark:text-brand-400";
