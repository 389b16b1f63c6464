"use client";

import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";

/**
 * A labelled on/off switch: a real checkbox with role="switch" (keyboard, forms and screen readers as usual) drawn
 * as a track and knob. The hint and, when it cannot be used, the reason are read with it.
 */
export function Switch({
  id,
  label,
  hint,
  reason,
  disabled,
  registration,
  testId,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  reason?: string;
  disabled?: boolean;
  registration: UseFormRegisterReturn;
  testId?: string;
}) {
  const describedBy = [hint ? `${id}-hint` : null, reason ? `${id}-reason` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <label htmlFor={id} className={`text-[15px] font-semibold text-zinc-900 dark:text-zinc-100 ${disabled ? "" : "cursor-pointer"}`}>
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">
            {hint}
          </p>
        )}
        {reason && (
          <p id={`${id}-reason`} className="mt-1 text-sm font-medium text-amber-800 dark:text-amber-300" data-testid={testId ? `${testId}-reason` : undefined}>
            {reason}
          </p>
        )}
      </div>
      <span className="relative mt-0.5 inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          disabled={disabled}
          aria-describedby={describedBy}
          className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
          data-testid={testId}
          {...registration}
        />
        <span
          aria-hidden
          className="flex h-7 w-12 items-center rounded-full bg-zinc-300 p-0.5 transition peer-checked:bg-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:opacity-50 dark:bg-zinc-700 dark:peer-checked:bg-brand-500 [&>span]:transition peer-checked:[&>span]:translate-x-5 rtl:peer-checked:[&>span]:-translate-x-5"
        >
          <span className="size-6 rounded-full bg-white shadow-sm" />
        </span>
      </span>
    </div>
  );
}
