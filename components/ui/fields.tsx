"use client";

import { useState, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { ButtonSpinner, buttonClass } from "./Button";
import { controlClass } from "./control-styles";
import { cx } from "./cx";
import { AlertCircle, ChevronDown, Eye, EyeOff } from "./icons";
import { useHydrated } from "./use-hydrated";

/**
 * Form fields. Every input, text area and select of a screen is one of these: a visible label, an optional hint, the
 * error in red under the field (spec §5) wired with aria-invalid and aria-describedby. With react-hook-form pass
 * `registration={register("name")}`; outside a form pass value/onChange as to the native element.
 */

export { controlClass };

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-600 dark:text-red-400" data-field-error>
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{message}</span>
    </p>
  );
}

interface FieldFrame {
  id: string;
  label: ReactNode;
  /** A line under the field, hidden while it shows an error. */
  hint?: ReactNode;
  error?: string;
  className?: string;
  /** The label is read by screen readers only (a control whose group already says what it is: a date's day). */
  labelHidden?: boolean;
}

/** The ids a control points at with aria-describedby: its error, its hint, its counter. */
function describedBy(id: string, error?: string, hint?: ReactNode, counter?: boolean): string | undefined {
  return [error ? `${id}-error` : null, hint && !error ? `${id}-hint` : null, counter ? `${id}-counter` : null].filter(Boolean).join(" ") || undefined;
}

/** Label, control, hint and error: the frame of every field (use it directly for a control the kit has not got). */
export function Field({ id, label, hint, error, className, labelHidden = false, children, after }: FieldFrame & { children: ReactNode; after?: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelHidden ? "sr-only" : "mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200"}>
        {label}
      </label>
      {children}
      {after}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-zinc-600 dark:text-zinc-400">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export interface TextFieldProps extends FieldFrame, Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className"> {
  registration?: UseFormRegisterReturn;
  /** Something drawn inside the field at its end (a show-password toggle); the text leaves room for it. */
  trailing?: ReactNode;
  inputClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A one-line text input (text, email, number, url, search…). */
export function TextField({ id, label, hint, error, className, registration, trailing, inputClassName, ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={controlClass(Boolean(error), cx("h-11 px-3.5", trailing ? "pe-11" : null, inputClassName))}
          {...input}
          {...registration}
        />
        {trailing}
      </div>
    </Field>
  );
}

/** A password input with a show/hide toggle; its two labels come from the screen's texts. */
export function PasswordField({ showLabel, hideLabel, ...props }: Omit<TextFieldProps, "type" | "trailing"> & { showLabel: string; hideLabel: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? "text" : "password"}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? hideLabel : showLabel}
          aria-pressed={visible}
          aria-controls={props.id}
          className="absolute inset-y-0 end-0 grid w-11 place-items-center rounded-e-xl text-zinc-600 transition hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-zinc-400 dark:hover:text-zinc-100"
        >
          {visible ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
        </button>
      }
    />
  );
}

export interface TextAreaFieldProps extends FieldFrame, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className"> {
  registration?: UseFormRegisterReturn;
  /** Characters used and allowed, shown under the field ("12 / 1000", red past the limit). */
  counter?: { count: number; max: number };
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line text with an optional counter. */
export function TextAreaField({ id, label, hint, error, className, registration, counter, rows = 4, ...input }: TextAreaFieldProps) {
  const over = counter ? counter.count > counter.max : false;
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      className={className}
      after={
        counter && (
          <p id={`${id}-counter`} className={cx("mt-1 text-end text-xs tabular-nums", over ? "font-semibold text-red-700 dark:text-red-400" : "text-zinc-600 dark:text-zinc-400")}>
            {/* Numbers around a slash read left to right in both languages. */}
            <span dir="ltr">
              {counter.count} / {counter.max}
            </span>
          </p>
        )
      }
    >
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint, Boolean(counter))}
        className={controlClass(Boolean(error), "resize-y px-3.5 py-2.5")}
        {...input}
        {...registration}
      />
    </Field>
  );
}

export interface SelectFieldProps extends FieldFrame, Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "className"> {
  registration?: UseFormRegisterReturn;
  /** For a select in a group that shows one error for all (a date's day, month and year): drawn invalid, pointing at
   * the group's error by these ids, with no message of its own. */
  groupError?: { invalid: boolean; describedBy?: string };
  selectClassName?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A native select (the phone's own picker) with the kit's chevron; options as children. */
export function SelectField({ id, label, hint, error, className, labelHidden, registration, groupError, selectClassName, children, ...select }: SelectFieldProps) {
  const invalid = Boolean(error) || Boolean(groupError?.invalid);
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className} labelHidden={labelHidden}>
      <div className="relative">
        <select
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={groupError ? groupError.describedBy : describedBy(id, error, hint)}
          className={controlClass(invalid, cx("h-11 appearance-none ps-3 pe-8", selectClassName))}
          {...select}
          {...registration}
        >
          {children}
        </select>
        <ChevronDown className="pointer-events-none absolute end-2.5 top-1/2 size-4 -translate-y-1/2 text-zinc-500" aria-hidden />
      </div>
    </Field>
  );
}

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type" | "className"> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  registration?: UseFormRegisterReturn;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox with its label beside it (the whole label is the target). */
export function CheckboxField({ id, label, hint, error, registration, className, ...input }: CheckboxFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="flex min-h-6 cursor-pointer items-start gap-3 text-sm text-zinc-800 dark:text-zinc-200">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={cx("mt-0.5 size-4.5 shrink-0 cursor-pointer rounded accent-brand-600", error && "outline-2 outline-red-600")}
          {...input}
          {...registration}
        />
        <span>
          {label}
          {hint && !error && (
            <span id={`${id}-hint`} className="mt-0.5 block text-xs text-zinc-600 dark:text-zinc-400">
              {hint}
            </span>
          )}
        </span>
      </label>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** An on/off setting that applies at once (not inside a form that is submitted): role switch, its label beside it. */
export function Switch({ id, label, hint, checked, onChange, disabled, testId }: { id: string; label: ReactNode; hint?: ReactNode; checked: boolean; onChange: (next: boolean) => void; disabled?: boolean; testId?: string }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-semibold text-zinc-800 dark:text-zinc-200">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">
            {hint}
          </p>
        )}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        data-testid={testId}
        className={cx(
          "relative inline-flex h-7 w-12 shrink-0 items-center rounded-full p-0.5 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60",
          checked ? "bg-brand-600" : "bg-zinc-400 dark:bg-zinc-600",
        )}
      >
        <span aria-hidden className={cx("size-6 rounded-full bg-white shadow transition-transform", checked ? "translate-x-5 rtl:-translate-x-5" : "translate-x-0")} />
      </button>
    </div>
  );
}

export interface RadioCardOption {
  value: string | number;
  label: ReactNode;
  hint?: ReactNode;
  testId?: string;
}

/** A group of radio choices drawn as cards (a label and a hint each) under a legend. */
export function RadioCards({ id, legend, options, error, registration, name, value, onChange }: { id: string; legend: ReactNode; options: RadioCardOption[]; error?: string; registration?: UseFormRegisterReturn; name?: string; value?: string | number; onChange?: (value: string) => void }) {
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-semibold text-zinc-800 dark:text-zinc-200">{legend}</legend>
      <div className="flex flex-col gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-zinc-200 p-3 transition hover:bg-zinc-50 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 dark:border-zinc-700 dark:hover:bg-zinc-800 dark:has-[:checked]:border-brand-400 dark:has-[:checked]:bg-brand-600/15"
          >
            <input
              type="radio"
              value={option.value}
              className="mt-1 size-4 shrink-0 accent-brand-600"
              aria-describedby={option.hint ? `${id}-hint-${option.value}` : undefined}
              data-testid={option.testId}
              {...(registration ?? { name: name ?? id, checked: value === undefined ? undefined : String(value) === String(option.value), onChange: (e: { target: { value: string } }) => onChange?.(e.target.value) })}
            />
            <span className="min-w-0">
              <span className="block font-semibold">{option.label}</span>
              {option.hint && (
                <span id={`${id}-hint-${option.value}`} className="block text-sm text-zinc-600 dark:text-zinc-400">
                  {option.hint}
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/**
 * A form's submit button. It stays disabled until the page is interactive, so a form is never submitted natively
 * (which would put its fields, passwords included, into the URL). Pressing it does not take the focus from the field
 * being edited: that field's blur would show its error and move the button under a still-pressed pointer.
 */
export function SubmitButton({ busy, busyLabel, label, disabled, full = true, testId }: { busy: boolean; busyLabel: string; label: string; disabled?: boolean; full?: boolean; testId?: string }) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      className={buttonClass({ full })}
      disabled={!hydrated || busy || disabled}
      aria-busy={busy || undefined}
      onMouseDown={(e) => e.preventDefault()}
      data-testid={testId}
    >
      {busy && <ButtonSpinner />}
      {busy ? busyLabel : label}
    </button>
  );
}

/** A range slider with its label on the same line (zoom, a number picked by feel); the value is the caller's. */
export function SliderField({ id, label, value, min, max, step, onChange, before, after, testId }: { id: string; label: ReactNode; value: number; min: number; max: number; step: number; onChange: (value: number) => void; before?: ReactNode; after?: ReactNode; testId?: string }) {
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {before}
      <input id={id} type="range" min={min} max={max} step={step} value={value} onChange={(e) => onChange(Number(e.target.value))} className="h-6 min-w-0 flex-1 accent-brand-600" data-testid={testId} />
      {after}
    </div>
  );
}

export interface RadioPillOption<V extends string> {
  value: V;
  label: ReactNode;
  icon?: ReactNode;
  testId?: string;
  /** The option's own language (a language's name written in it). */
  lang?: string;
}

/** A short set of choices that apply at once (language, theme): radio buttons drawn as pills under a legend. */
export function RadioPills<V extends string>({ name, legend, hint, options, value, onChange, disabled }: { name: string; legend: ReactNode; hint?: ReactNode; options: ReadonlyArray<RadioPillOption<V>>; value: V; onChange: (value: V) => void; disabled?: boolean }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-zinc-800 dark:text-zinc-200">{legend}</legend>
      {hint && <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{hint}</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cx(
              "relative flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl border px-3.5 text-sm font-semibold transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 [&>svg]:size-4",
              option.value === value
                ? "border-brand-500 bg-brand-50 text-brand-700 dark:border-brand-400 dark:bg-brand-500/15 dark:text-brand-100"
                : "border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800",
            )}
          >
            {/* The radio covers its whole pill (the touch target, 44 px high, whatever a sticky header hides of it); the
                ring beside the label draws its state. */}
            <input type="radio" name={name} value={option.value} checked={option.value === value} disabled={disabled} onChange={() => onChange(option.value)} className="peer absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-xl opacity-0 disabled:cursor-not-allowed" data-testid={option.testId} />
            <span aria-hidden className="size-4 shrink-0 rounded-full border-2 border-zinc-400 bg-white peer-checked:border-[5px] peer-checked:border-brand-600 dark:border-zinc-500 dark:bg-zinc-900 dark:peer-checked:border-brand-400" />
            {option.icon}
            <span lang={option.lang}>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
