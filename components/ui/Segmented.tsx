"use client";

import { useRef, type ReactNode } from "react";

export interface SegmentOption<V extends string | number> {
  value: V;
  label: ReactNode;
  icon?: ReactNode;
  testId?: string;
}

/**
 * A choice of two to four options shown side by side in a track (reader or writer, light or dark): a radio group of
 * buttons, the chosen one raised. Arrows move the choice along the reading direction (reversed in Arabic); only the
 * chosen option is in the Tab order. For longer lists use RadioCards or SelectField.
 */
export function Segmented<V extends string | number>({ labelledBy, options, value, onChange }: { labelledBy: string; options: Array<SegmentOption<V>>; value: V; onChange: (value: V) => void }) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const step = (from: number, key: string, rtl: boolean): number => {
    const forward = key === (rtl ? "ArrowLeft" : "ArrowRight") || key === "ArrowDown";
    const back = key === (rtl ? "ArrowRight" : "ArrowLeft") || key === "ArrowUp";
    if (forward) return (from + 1) % options.length;
    if (back) return (from - 1 + options.length) % options.length;
    return -1;
  };
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="flex gap-1 rounded-xl bg-zinc-100 p-1 dark:bg-zinc-800">
      {options.map((option, i) => (
        <button
          key={option.value}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="radio"
          aria-checked={value === option.value}
          tabIndex={value === option.value ? 0 : -1}
          onClick={() => onChange(option.value)}
          onKeyDown={(e) => {
            const to = step(i, e.key, e.currentTarget.closest("[dir]")?.getAttribute("dir") === "rtl");
            if (to < 0) return;
            e.preventDefault();
            onChange(options[to]!.value);
            refs.current[to]?.focus();
          }}
          data-testid={option.testId}
          className="flex h-10 flex-1 items-center justify-center gap-2 rounded-lg text-sm font-semibold text-zinc-600 transition hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 aria-checked:bg-white aria-checked:text-brand-700 aria-checked:shadow-sm dark:text-zinc-400 dark:hover:text-zinc-100 dark:aria-checked:bg-zinc-700 dark:aria-checked:text-white [&>svg]:size-4"
        >
          {option.icon}
          {option.label}
        </button>
      ))}
    </div>
  );
}
