"use client";

import { AlertCircle, CheckCircle2, Eye, EyeOff, Info } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, useSyncExternalStore, type InputHTMLAttributes, type ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";

/** Shared pieces of the account forms: labelled inputs with their error in red underneath (spec §5). */

export const inputClass =
  "block h-11 w-full rounded-xl border bg-white px-3.5 text-[15px] text-zinc-900 shadow-sm outline-none transition placeholder:text-zinc-400 focus:ring-4 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500";
const okBorder = "border-zinc-300 focus:border-brand-500 focus:ring-brand-500/15 dark:border-zinc-700";
const badBorder = "border-red-500 focus:border-red-500 focus:ring-red-500/15 dark:border-red-500";

export function fieldBorder(invalid: boolean): string {
  return invalid ? badBorder : okBorder;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-600 dark:text-red-400" data-field-error>
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{message}</span>
    </p>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  registration: UseFormRegisterReturn;
  trailing?: ReactNode;
}

export function TextField({ id, label, error, hint, registration, trailing, className = "", ...input }: TextFieldProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} ${fieldBorder(Boolean(error))} ${trailing ? "pe-11" : ""}`}
          {...input}
          {...registration}
        />
        {trailing}
      </div>
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, "type" | "trailing">) {
  const t = useTranslations("auth.password");
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? "text" : "password"}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t("hide") : t("show")}
          aria-pressed={visible}
          aria-controls={props.id}
          className="absolute inset-y-0 end-0 grid w-11 place-items-center rounded-e-xl text-zinc-500 transition hover:text-zinc-800 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-zinc-400 dark:hover:text-zinc-100"
        >
          {visible ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
        </button>
      }
    />
  );
}

export function CheckboxField({
  id,
  label,
  error,
  registration,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <div>
      <label htmlFor={id} className="flex cursor-pointer items-start gap-3 text-sm text-zinc-700 dark:text-zinc-300">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`mt-0.5 size-4.5 shrink-0 cursor-pointer rounded accent-brand-600 ${error ? "outline-2 outline-red-500" : ""}`}
          {...registration}
        />
        <span>{label}</span>
      </label>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

type Tone = "error" | "success" | "info";
const TONES: Record<Tone, string> = {
  error: "border-red-200 bg-red-50 text-red-700 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300",
  success: "border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-300",
  info: "border-sky-200 bg-sky-50 text-sky-800 dark:border-sky-500/30 dark:bg-sky-500/10 dark:text-sky-300",
};

/** A message above a form: red for failures (login), green for success notices. */
export function Banner({ tone, children, testId }: { tone: Tone; children: ReactNode; testId?: string }) {
  const Icon = tone === "error" ? AlertCircle : tone === "success" ? CheckCircle2 : Info;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      data-testid={testId}
      className={`flex items-start gap-2.5 rounded-xl border px-4 py-3 text-sm font-medium ${TONES[tone]}`}
    >
      <Icon className="mt-0.5 size-4.5 shrink-0" aria-hidden />
      <div>{children}</div>
    </div>
  );
}

export function ButtonSpinner() {
  return <span aria-hidden className="size-4.5 animate-spin rounded-full border-2 border-white/40 border-t-white" />;
}

export const primaryButton =
  "inline-flex h-11 w-full items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 text-[15px] font-semibold text-white shadow-sm shadow-brand-600/30 transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:bg-brand-600";
export const secondaryButton =
  "inline-flex h-11 items-center justify-center gap-2 rounded-xl border border-zinc-300 bg-white px-5 text-[15px] font-semibold text-zinc-800 transition hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800";
export const textLink = "font-semibold text-brand-600 underline-offset-4 hover:underline dark:text-brand-400";

const noSubscription = () => () => undefined;

/** False during server rendering and hydration, true once the page's scripts run. */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

/**
 * The form's submit button. It stays disabled until the page is interactive, so a form can never be
 * submitted natively (which would put the fields, passwords included, into the URL). Pressing it does not take the
 * focus from the field being edited: that field's blur would show its error (validation on touch) and move the
 * button down under a still-pressed pointer, so the click was lost; the submit validates every field anyway.
 */
export function SubmitButton({ busy, busyLabel, label, disabled }: { busy: boolean; busyLabel: string; label: string; disabled?: boolean }) {
  const hydrated = useHydrated();
  return (
    <button type="submit" className={primaryButton} disabled={!hydrated || busy || disabled} aria-busy={busy || undefined} onMouseDown={(e) => e.preventDefault()}>
      {busy && <ButtonSpinner />}
      {busy ? busyLabel : label}
    </button>
  );
}
