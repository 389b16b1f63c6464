"use client";

import type { ReactNode } from "react";
import { icon } from "@/components/icons/icon";
import { cx } from "./cx";

const Check = icon(<path d="M20 6 9 17l-5-5" />);

/**
 * A filter choice drawn as a pill: a real checkbox (hidden, still focusable and read as a checkbox) inside its label,
 * filled with the brand colour and a tick while on. Use it for a row of filters that each turn on or off at once
 * (roles, genres) inside a fieldset with a legend; use CheckboxField for a checkbox in a form.
 */
export function ToggleChip({ checked, onChange, children, testId }: { checked: boolean; onChange: (next: boolean) => void; children: ReactNode; testId?: string }) {
  return (
    <label
      className={cx(
        "inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full border px-3.5 text-sm font-semibold transition select-none has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
        checked
          ? "border-brand-600 bg-brand-600 text-white hover:bg-brand-700"
          : "border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800",
      )}
      data-testid={testId}
      data-checked={checked}
    >
      <input type="checkbox" className="sr-only" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {checked && <Check className="size-3.5" aria-hidden />}
      {children}
    </label>
  );
}
