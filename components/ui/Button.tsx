import type { ButtonHTMLAttributes, ReactNode, Ref } from "react";
import { buttonClass, type ButtonSize, type ButtonVariant } from "./button-styles";
import { cx } from "./cx";

export { buttonClass, textLinkClass, type ButtonSize, type ButtonVariant } from "./button-styles";

/**
 * Buttons. Use `Button` for every action and submit; `buttonClass()` only to draw a link (`<Link>`, `<a>`) as a
 * button; `IconButton` for an icon-only action (it always has a 44 px target and a label). Variants: `primary` (the
 * one main action of a view or form), `secondary` (cancel, secondary actions), `danger` (destructive, confirmed),
 * `dangerOutline` (a destructive action beside secondary ones: remove, delete a row), `ghost` (quiet actions in
 * toolbars and rows), `dangerGhost` (a quiet destructive action in a row: its Delete before the confirmation). `loading` shows a spinner, marks it busy and disables it.
 */
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

/**
 * An icon-only button: a 44 × 44 px target (WCAG 2.5.8 and phones' thumb), its label as aria-label and title. A toggle
 * (`aria-pressed`) is filled in the brand colour while pressed.
 */
export function IconButton({ label, icon, tone = "default", className, type = "button", ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={cx(
        "grid size-11 shrink-0 place-items-center rounded-full transition-colors aria-pressed:bg-brand-600 aria-pressed:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50 [&>svg]:size-5",
        ICON_TONES[tone],
        className,
      )}
      {...rest}
    >
      {icon}
    </button>
  );
}
