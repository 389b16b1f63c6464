"use client";

import { AlertCircle, Loader2, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { isApiError } from "@/lib/api-client";

export interface DialogField {
  name: string;
  label: string;
  help?: string;
  multiline?: boolean;
  inputMode?: "decimal" | "text";
  maxLength?: number;
  /** The shared schema's rule for this value: an error text, or null when it is fine. */
  validate: (value: string) => string | null;
  /** Shown under the field as the value changes (the month's pool, say). */
  preview?: (value: string) => ReactNode;
}

/**
 * The monetisation page's confirmations (request a payout, record a transfer, mark a payout failed, close a month): a
 * modal dialog with a sentence, at most one field checked by the shared schema before sending, the server's field
 * error or failure shown in place, and focus kept inside until it closes. `onConfirm` throws the API's error as is.
 */
export function ActionDialog({
  title,
  text,
  confirmLabel,
  busyLabel,
  cancelLabel,
  failedText,
  field,
  tone = "brand",
  testId,
  onConfirm,
  onClose,
}: {
  title: string;
  text: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel: string;
  failedText: (message: string) => string;
  field?: DialogField;
  tone?: "brand" | "danger";
  testId: string;
  onConfirm: (value: string) => Promise<void>;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const [value, setValue] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    dialog.showModal();
    (field ? inputRef.current : cancelRef.current)?.focus();
  }, [field]);

  const close = () => {
    if (!busy) ref.current?.close();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    // While busy the buttons are aria-disabled, not disabled: a disabled button drops the keyboard focus to the page.
    if (busy) return;
    setFailure("");
    const problem = field ? field.validate(value) : null;
    setFieldError(problem);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await onConfirm(value.trim());
      setBusy(false);
      ref.current?.close();
    } catch (error) {
      setBusy(false);
      const fromServer = field && isApiError(error) ? error.fieldErrors[field.name]?.[0] : undefined;
      if (fromServer) {
        setFieldError(fromServer);
        inputRef.current?.focus();
      } else {
        setFailure(failedText(isApiError(error) ? error.message : String(error)));
      }
    }
  };

  // Once an error is shown it follows the value, so a corrected amount never sits under a stale "invalid" line.
  const change = (next: string) => {
    setValue(next);
    if (fieldError && field) setFieldError(field.validate(next));
  };

  const inputId = `${id}-field`;
  const helpId = `${inputId}-help`;
  const errorId = `${inputId}-error`;
  const describedBy = [field?.help ? helpId : null, fieldError ? errorId : null].filter(Boolean).join(" ") || undefined;
  const inputClass = `block w-full rounded-xl border bg-white px-3.5 py-2.5 text-[15px] text-zinc-900 shadow-sm outline-none transition focus:ring-4 dark:bg-zinc-950 dark:text-zinc-100 ${
    fieldError ? "border-red-600 focus:ring-red-500/15" : "border-zinc-300 focus:border-brand-500 focus:ring-brand-500/15 dark:border-zinc-700"
  }`;

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={onClose}
      onCancel={(event) => busy && event.preventDefault()}
      data-testid={testId}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/60 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <h2 id={`${id}-title`} className="pt-1.5 text-lg font-bold break-words">{title}</h2>
          <button
            type="button"
            onClick={close}
            aria-label={cancelLabel}
            className="grid size-9 shrink-0 place-items-center rounded-full text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-zinc-300 dark:hover:bg-zinc-800"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
        <p id={`${id}-text`} className="text-sm leading-6 break-words text-zinc-700 dark:text-zinc-300">{text}</p>
        {field && (
          <div>
            <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200">{field.label}</label>
            {field.multiline ? (
              <textarea
                ref={inputRef}
                id={inputId}
                rows={3}
                value={value}
                maxLength={field.maxLength}
                onChange={(e) => change(e.target.value)}
                aria-required
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={describedBy}
                dir="auto"
                data-testid={`${testId}-field`}
                className={`${inputClass} resize-y`}
              />
            ) : (
              <input
                ref={inputRef}
                id={inputId}
                value={value}
                inputMode={field.inputMode}
                maxLength={field.maxLength}
                onChange={(e) => change(e.target.value)}
                aria-required
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={describedBy}
                dir={field.inputMode === "decimal" ? "ltr" : "auto"}
                autoComplete="off"
                data-testid={`${testId}-field`}
                className={`${inputClass} h-11`}
              />
            )}
            {field.help && <p id={helpId} className="mt-1.5 text-sm text-zinc-600 dark:text-zinc-400">{field.help}</p>}
            {field.preview && <p className="mt-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200" aria-live="polite">{field.preview(value)}</p>}
            {fieldError && (
              <p id={errorId} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700 dark:text-red-400">
                <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
                <span>{fieldError}</span>
              </p>
            )}
          </div>
        )}
        {failure && (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2.5 text-sm font-medium text-red-800 dark:bg-red-500/10 dark:text-red-300">{failure}</p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            ref={cancelRef}
            type="button"
            onClick={close}
            aria-disabled={busy || undefined}
            className="h-11 rounded-xl border border-zinc-300 px-4 font-semibold text-zinc-800 transition hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-disabled:opacity-60 dark:border-zinc-600 dark:text-zinc-100 dark:hover:bg-zinc-800"
          >
            {cancelLabel}
          </button>
          <button
            type="submit"
            aria-disabled={busy || undefined}
            data-testid={`${testId}-confirm`}
            className={`inline-flex h-11 items-center justify-center gap-2 rounded-xl px-4 font-semibold text-white shadow-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 aria-disabled:opacity-70 ${
              tone === "danger" ? "bg-red-700 hover:bg-red-800 focus-visible:outline-red-700" : "bg-brand-600 hover:bg-brand-700 focus-visible:outline-brand-600"
            }`}
          >
            {busy && <Loader2 className="size-4 animate-spin" aria-hidden />}
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
