"use client";

import { useTranslations } from "next-intl";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FieldError, fieldBorder, inputClass } from "@/components/auth/fields";

/**
 * A premium chapter's free date (a timed premium window, issue 16): a local date-time, empty for "premium for good".
 * Shown by the chapter forms under the premium box while it is ticked.
 */
export function FreeAtField({ id, registration, error, zone, disabled }: { id: string; registration: UseFormRegisterReturn; error?: string; zone: string; disabled?: boolean }) {
  const t = useTranslations("premium.freeAt");
  return (
    <div data-testid="free-at-field">
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200">{t("label")}</label>
      <input
        id={id}
        type="datetime-local"
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className={`${inputClass} ${fieldBorder(Boolean(error))}`}
        {...registration}
      />
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">{t("hint", { zone })}</p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
