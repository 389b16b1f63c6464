import type { ButtonHTMLAttributes, ReactNode, Ref } from "react";
import { cx } from "./cx";

/**
 * Buttons. Use `Button` for every action and submit; `buttonClass()` only to draw a link (`<Link>`, `<a>`) as a
 * button; `IconButton` for an icon-only action (it always has a 44 px target and a label). Variants: `primary` (the
 * one main action of a view or form), `secondary` (cancel, secondary actions), `danger` (destructive, confirmed),
 * `dangerOutline` (a destructive action beside secondary ones: remove, delete a row), `ghost` (quiet actions in
 * toolbars and rows), `dangerGhost` (a quiet destructive action in a row: its Delete before the confirmation). `loading` shows a spinner, marks it busy and disables it.
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

/** The spinner inside a busy button, in the button's text colour. */
export function ButtonSpinner() {
  return <span aria-hidden className="size-4.5 animate-spin rounded-full border-2 border-current/35 border-t-current" data-testid="button-spinner" />;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  full?: boolean;
  /** Shows the spinner, sets aria-busy and disables the button (its label may change to say what is happening). */
  loading?: boolean;
  /** An icon drawn before the label (hidden from assistive technology). */
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant, size, full, loading = false, icon, className, type = "button", disabled, children, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(buttonClass({ variant, size, full }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <ButtonSpinner /> : icon}
      {children}
    </button>
  );
}

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children" | "aria-label"> {
  /** What the button does, read by screen readers and shown as its tooltip. */
  label: string;
  icon: ReactNode;
  tone?: "default" | "danger" | "onDark";
  ref?: Ref<HTMLButtonElement>;
}

const ICON_TONES = {
  default: "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white",
  danger: "text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-500/10",
  onDark: "text-white hover:bg-white/15",
} as const;

/** An icon-only button: a 44 × 44 px target (WCAG 2.5.8 and phones' thumb), its label as aria-label and title. */
export function IconButton({ label, icon, tone = "default", className, type = "button", ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={cx(
        "grid size-11 shrink-0 place-items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50 [&>svg]:size-5",
        ICON_TONES[tone],
        className,
      )}
      {...rest}
    >
      {icon}
    </button>
  );
}

/** A link inside running text or under a form ("Forgot password?"): the brand colour, underlined on hover. */
export const textLinkClass = "font-semibold text-brand-600 underline-offset-4 hover:underline dark:text-brand-400";
