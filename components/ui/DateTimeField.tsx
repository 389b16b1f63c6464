"use client";

import type { InputHTMLAttributes, Ref } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { controlClass, Field } from "./fields";

/**
 * A date, or a local date and time (a chapter's scheduled release, a premium chapter's free date): the browser's own
 * picker in the kit's field frame (label, hint, error in red wired with aria-invalid and aria-describedby). With
 * react-hook-form pass `registration={register("name")}`; the value is the input's (`2031-05-06T07:08`, local time).
 */
export interface DateTimeFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type" | "className"> {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  /** "datetime-local" (default) or "date". */
  type?: "datetime-local" | "date";
  registration?: UseFormRegisterReturn;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

export function DateTimeField({ id, label, hint, error, type = "datetime-local", registration, className, ...input }: DateTimeFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <input
        id={id}
        type={type}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={controlClass(Boolean(error), "h-11 px-3.5")}
        {...input}
        {...registration}
      />
    </Field>
  );
}
