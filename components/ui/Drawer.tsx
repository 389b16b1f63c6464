"use client";

import { useId, useRef, type FormEventHandler, type ReactNode } from "react";
import { IconButton } from "./Button";
import { Close } from "./icons";
import { useModal } from "./Dialog";

/**
 * A panel along the page's end edge (right in English, left in Arabic), full height, on the native modal `<dialog>`:
 * for a long form about one row of a list (editing a user). A header (with an optional leading element and the ×),
 * a scrolling body and a footer that stays in view. While `busy`, Escape and × do nothing.
 */
export function Drawer({
  open = true,
  onClose,
  title,
  subtitle,
  leading,
  closeLabel,
  busy = false,
  onSubmit,
  footer,
  testId,
  children,
}: {
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  subtitle?: ReactNode;
  leading?: ReactNode;
  closeLabel: string;
  busy?: boolean;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  footer?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useModal(ref, open);
  const inner = (
    <>
      <header className="flex items-center gap-3 border-b border-zinc-200 px-5 py-4 dark:border-zinc-800">
        {leading}
        <div className="min-w-0 flex-1">
          <h2 id={`${id}-title`} className="truncate text-lg font-bold" dir="auto">
            {title}
          </h2>
          {subtitle && <div className="truncate text-sm text-zinc-600 dark:text-zinc-400">{subtitle}</div>}
        </div>
        <IconButton label={closeLabel} icon={<Close />} onClick={() => !busy && ref.current?.close()} disabled={busy} />
      </header>
      <div className="flex-1 overflow-y-auto px-5 py-5">{children}</div>
      {footer && <div className="flex flex-col-reverse gap-2 border-t border-zinc-200 px-5 py-4 sm:flex-row sm:justify-end dark:border-zinc-800">{footer}</div>}
    </>
  );
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onCancel={(event) => busy && event.preventDefault()}
      className="ms-auto me-0 my-0 h-dvh max-h-dvh w-full max-w-md border-s border-zinc-200 bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/50 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
      data-testid={testId}
    >
      {onSubmit ? (
        <form onSubmit={onSubmit} noValidate className="flex h-full flex-col">
          {inner}
        </form>
      ) : (
        <div className="flex h-full flex-col">{inner}</div>
      )}
    </dialog>
  );
}
