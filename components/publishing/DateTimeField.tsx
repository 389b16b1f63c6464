"use client";

import type { UseFormRegisterReturn } from "react-hook-form";
import { controlClass, Field } from "@/components/ui/fields";

/**
 * A local date and time (a chapter's scheduled release, a premium chapter's free date). The kit has no date-time
 * control, so this is the kit's Field with a native datetime-local input drawn with the kit's controlClass.
 */
export function DateTimeField({ id, label, hint, error, registration, disabled }: { id: string; label: string; hint: string; error?: string; registration: UseFormRegisterReturn; disabled?: boolean }) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        type="datetime-local"
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        className={controlClass(Boolean(error), "h-11 px-3.5")}
        {...registration}
      />
    </Field>
  );
}
