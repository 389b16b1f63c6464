import type { ReactNode } from "react";
import { cx } from "./cx";

/**
 * A short label on a row or a card: a role, a state, a count. `tone` carries the meaning (green done or allowed, red
 * refused or banned, amber waiting, sky informative, brand highlighted, zinc neutral); the text always says it too, so
 * colour is never the only cue. `StatusChip` maps a status name to its tone through a table the feature gives.
 */
export type BadgeTone = "green" | "red" | "amber" | "zinc" | "brand" | "brandSolid" | "sky";

const TONES: Record<BadgeTone, string> = {
  green: "bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/25",
  red: "bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/25",
  amber: "bg-amber-50 text-amber-900 ring-amber-600/25 dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-400/25",
  zinc: "bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-500/30",
  brand: "bg-brand-50 text-brand-700 ring-brand-600/20 dark:bg-brand-500/10 dark:text-brand-400 dark:ring-brand-400/25",
  /** Filled: over a picture (the featured banner) or beside the current choice (a selected tab's count). */
  brandSolid: "bg-brand-600 text-white ring-brand-600",
  sky: "bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-400/25",
};

export function Badge({ tone = "zinc", icon, children, testId, className }: { tone?: BadgeTone; icon?: ReactNode; children: ReactNode; testId?: string; className?: string }) {
  return (
    <span className={cx("inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset [&>svg]:size-3.5", TONES[tone], className)} data-testid={testId}>
      {icon}
      {children}
    </span>
  );
}

export function StatusChip<S extends string | number>({ status, tones, label, testId }: { status: S; tones: Record<S, BadgeTone>; label: ReactNode; testId?: string }) {
  return (
    <Badge tone={tones[status]} testId={testId}>
      {label}
    </Badge>
  );
}
