"use client";

import { useEffect, useId, useRef, type FormEventHandler, type ReactNode } from "react";
import { Button, IconButton } from "./Button";
import { cx } from "./cx";
import { Close } from "./icons";

/**
 * Dialogs on the native modal `<dialog>`: the browser keeps focus inside, Escape cancels, focus returns to the opener,
 * the rest of the page is inert. Use `Dialog` for a form or a detail that interrupts the page, `ConfirmDialog` to
 * confirm one action (destructive ones in red), `Drawer` (./Drawer.tsx) for a long form beside a list.
 * While `busy`, Escape and the close button do nothing, so an action in flight is never cut off.
 */
export interface DialogProps {
  /** Shown while true (default); closed (with onClose) when the user cancels or the parent sets it false. */
  open?: boolean;
  onClose: (returnValue: string) => void;
  title: ReactNode;
  description?: ReactNode;
  /** An icon beside the title, in a tinted square. */
  icon?: ReactNode;
  tone?: "brand" | "danger";
  busy?: boolean;
  /** The close (×) button's label; without it there is no × (the footer's cancel closes). */
  closeLabel?: string;
  /** The dialog's content is a form with this submit handler (the footer's submit button submits it). */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  footer?: ReactNode;
  width?: "sm" | "md" | "lg";
  /** On phones, a sheet along the bottom edge instead of a centred card. */
  sheetOnPhone?: boolean;
  testId?: string;
  /** A ref to the element (to call close(returnValue) from inside). */
  dialogRef?: React.RefObject<HTMLDialogElement | null>;
  children?: ReactNode;
}

const WIDTHS = { sm: "max-w-md", md: "max-w-lg", lg: "max-w-2xl" } as const;
const TONES = {
  brand: "bg-brand-50 text-brand-700 dark:bg-brand-500/10 dark:text-brand-300",
  danger: "bg-red-50 text-red-700 dark:bg-red-500/10 dark:text-red-400",
} as const;

/** Opens and closes a native dialog with `open` (showModal keeps the focus trap and the inert page). */
export function useModal(ref: React.RefObject<HTMLDialogElement | null>, open: boolean) {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [ref, open]);
}

export function Dialog({ open = true, onClose, title, description, icon, tone = "brand", busy = false, closeLabel, onSubmit, footer, width = "sm", sheetOnPhone = false, testId, dialogRef, children }: DialogProps) {
  const ownRef = useRef<HTMLDialogElement>(null);
  const ref = dialogRef ?? ownRef;
  const id = useId();
  useModal(ref, open);

  const content = (
    <>
      <div className="flex items-start gap-4">
        {icon && <span className={cx("grid size-11 shrink-0 place-items-center rounded-2xl [&>svg]:size-5", TONES[tone])}>{icon}</span>}
        <div className="min-w-0 flex-1">
          <h2 id={`${id}-title`} className="text-lg font-bold break-words">
            {title}
          </h2>
          {description && (
            <div id={`${id}-text`} className="mt-1.5 text-sm leading-6 break-words text-zinc-600 dark:text-zinc-400">
              {description}
            </div>
          )}
        </div>
        {closeLabel && <IconButton label={closeLabel} icon={<Close />} onClick={() => !busy && ref.current?.close()} disabled={busy} className="-me-2 -mt-2" />}
      </div>
      {children}
      {footer && <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>}
    </>
  );

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-text` : undefined}
      onClose={(event) => onClose(event.currentTarget.returnValue)}
      onCancel={(event) => busy && event.preventDefault()}
      data-testid={testId}
      className={cx(
        "m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-y-auto rounded-3xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/60 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100",
        WIDTHS[width],
        sheetOnPhone && "max-sm:mb-0 max-sm:w-full max-sm:max-w-none max-sm:rounded-b-none",
      )}
    >
      {onSubmit ? (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5 p-5 sm:p-6">
          {content}
        </form>
      ) : (
        <div className="flex flex-col gap-5 p-5 sm:p-6">{content}</div>
      )}
    </dialog>
  );
}

/** The warning triangle of a destructive confirmation. */
function Warning() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3" />
      <path d="M12 9v4" />
      <path d="M12 17h.01" />
    </svg>
  );
}

/**
 * Confirms one action: a title, what will happen, Cancel (focused first, so Enter never destroys by accident) and the
 * action. `onConfirm` runs it; while `busy` both buttons wait and the action's label says what is happening.
 */
export function ConfirmDialog({
  open = true,
  title,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel,
  busy,
  destructive = true,
  onConfirm,
  onClose,
  testId,
}: {
  open?: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel: string;
  busy: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={children}
      icon={destructive ? <Warning /> : undefined}
      tone="danger"
      busy={busy}
      testId={testId}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy} autoFocus>
            {cancelLabel}
          </Button>
          <Button variant={destructive ? "danger" : "primary"} onClick={onConfirm} loading={busy}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    />
  );
}
