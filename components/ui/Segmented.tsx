"use client";

import { useId, type ReactNode } from "react";
import { cx } from "./cx";

/**
 * A small set of mutually exclusive choices drawn as joined segments (a radio group under a legend): a filter (all /
 * unread / read), an audience (one user / everyone), a kind (images / PDF). The radios are visually hidden but stay
 * native: arrows move the choice, the group is named by its legend. For choices with a line of explanation each, use
 * RadioCards; for switching between panels, Tabs. Each radio lies transparent over its whole segment, so a press
 * anywhere on it (or a test's click on the radio itself) lands on the radio.
 */
export interface SegmentOption<V extends string> {
  value: V;
  label: ReactNode;
  icon?: ReactNode;
  testId?: string;
}

export function Segmented<V extends string>({
  name,
  legend,
  legendHidden = false,
  options,
  value,
  onChange,
  disabled,
  fit = false,
  className,
}: {
  /** The radios' shared name (unique on the page; one is made up without it). */
  name?: string;
  legend: ReactNode;
  /** The legend is read by screen readers only (the choices say what they are: a preview's languages). */
  legendHidden?: boolean;
  options: ReadonlyArray<SegmentOption<V>>;
  value: V;
  onChange: (value: V) => void;
  disabled?: boolean;
  /** From the small breakpoint up, as wide as its segments instead of its container. */
  fit?: boolean;
  className?: string;
}) {
  const ownName = useId();
  return (
    <fieldset className={className}>
      <legend className={legendHidden ? "sr-only" : "mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200"}>{legend}</legend>
      <div className={cx("grid grid-flow-col auto-cols-fr gap-1 rounded-xl bg-zinc-100 p-1 dark:bg-zinc-800", fit && "sm:inline-grid")}>
        {options.map((option) => (
          <label
            key={option.value}
            data-testid={option.testId}
            className="relative flex h-9 cursor-pointer items-center justify-center gap-2 rounded-lg px-2 text-sm font-semibold whitespace-nowrap text-zinc-600 transition hover:text-zinc-900 has-[:checked]:bg-white has-[:checked]:text-zinc-900 has-[:checked]:shadow-sm has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 sm:px-4 dark:text-zinc-400 dark:hover:text-zinc-100 dark:has-[:checked]:bg-zinc-900 dark:has-[:checked]:text-zinc-100 [&>svg]:size-4"
          >
            <input type="radio" name={name ?? ownName} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} disabled={disabled} className="absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-lg opacity-0 disabled:cursor-not-allowed" />
            {option.icon}
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
