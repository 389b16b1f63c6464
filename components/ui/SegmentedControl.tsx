"use client";

import { useId, type ReactNode } from "react";
import { cx } from "./cx";

export interface SegmentOption<V extends string> {
  value: V;
  label: ReactNode;
  icon?: ReactNode;
  testId?: string;
}

/**
 * One of a few choices side by side in a tray, the chosen one raised (a preview's language, a role on the sign-up
 * form): real radio inputs (hidden, still focusable: arrows move between them as in any radio group) in a fieldset
 * whose legend names the group (visually hidden unless `showLegend`). Use RadioCards when each choice needs a hint.
 */
export function SegmentedControl<V extends string>({
  legend,
  showLegend = false,
  options,
  value,
  onChange,
  full = false,
}: {
  legend: string;
  showLegend?: boolean;
  options: Array<SegmentOption<V>>;
  value: V;
  onChange: (value: V) => void;
  /** Stretch across the container, the choices sharing it equally. */
  full?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className={cx("min-w-0", full ? "block" : "inline-block")}>
      <legend className={showLegend ? "mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200" : "sr-only"}>{legend}</legend>
      <div className={cx("gap-1 rounded-xl bg-zinc-100 p-1 dark:bg-zinc-800", full ? "flex" : "inline-flex")}>
        {options.map((option) => (
          <label
            key={option.value}
            className={cx(
              "inline-flex h-9 min-w-20 cursor-pointer items-center justify-center gap-2 rounded-lg px-3 text-sm font-semibold transition select-none has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 [&>svg]:size-4",
              full && "flex-1",
              value === option.value ? "bg-white text-zinc-900 shadow-sm dark:bg-zinc-950 dark:text-zinc-100" : "text-zinc-700 hover:text-zinc-900 dark:text-zinc-300 dark:hover:text-white",
            )}
            data-testid={option.testId}
          >
            <input type="radio" className="sr-only" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
            {option.icon}
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
