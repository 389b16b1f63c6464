import type { ReactNode, Ref } from "react";
import { Button, ButtonSpinner, type ButtonVariant } from "./Button";

/**
 * A dialog's footer: Cancel, then the action (the dialog's submit button when it wraps a form, else `onConfirm`).
 * While `busy` the action shows the spinner and its busy label and both wait. With `keepFocus` they are only
 * aria-disabled while busy, so a keyboard user pressing the action keeps the focus on it (a disabled button drops
 * the focus to the page); the caller then ignores presses while busy. Put it in Dialog's `footer`.
 */
export function DialogActions({
  cancelLabel,
  onCancel,
  label,
  busyLabel,
  busy = false,
  variant = "primary",
  icon,
  onConfirm,
  disabled = false,
  keepFocus = false,
  testId,
  cancelRef,
}: {
  cancelLabel: string;
  onCancel: () => void;
  label: string;
  busyLabel: string;
  busy?: boolean;
  variant?: ButtonVariant;
  icon?: ReactNode;
  /** Without it the action submits the dialog's form. */
  onConfirm?: () => void;
  disabled?: boolean;
  keepFocus?: boolean;
  testId?: string;
  cancelRef?: Ref<HTMLButtonElement>;
}) {
  const waiting = keepFocus ? { "aria-disabled": busy || undefined } : { disabled: busy };
  return (
    <>
      <Button ref={cancelRef} variant="secondary" onClick={() => !busy && onCancel()} {...waiting}>
        {cancelLabel}
      </Button>
      <Button
        type={onConfirm ? "button" : "submit"}
        variant={variant}
        onClick={onConfirm && (() => !busy && onConfirm())}
        icon={busy ? <ButtonSpinner /> : icon}
        aria-busy={busy || undefined}
        {...(keepFocus ? { "aria-disabled": busy || disabled || undefined } : { disabled: busy || disabled })}
        data-testid={testId}
      >
        {busy ? busyLabel : label}
      </Button>
    </>
  );
}
