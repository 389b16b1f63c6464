import type { ReactNode } from "react";
import { cx } from "./cx";
import { AlertCircle, CheckCircle, InfoCircle } from "./icons";

/**
 * A message above a form or a panel: red for a failure (role alert, read at once), green for a success, blue for
 * information (role status). Use a toast (./toast.ts) instead for the outcome of an action the user may not be
 * looking at; a Banner stays where it is until the page changes it.
 */
export type BannerTone = "error" | "success" | "info";

const TONES: Record<BannerTone, string> = {
  error: "border-red-200 bg-red-50 text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300",
  success: "border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-300",
  info: "border-sky-200 bg-sky-50 text-sky-800 dark:border-sky-500/30 dark:bg-sky-500/10 dark:text-sky-300",
};

export function Banner({ tone, children, testId, className }: { tone: BannerTone; children: ReactNode; testId?: string; className?: string }) {
  const Icon = tone === "error" ? AlertCircle : tone === "success" ? CheckCircle : InfoCircle;
  return (
    <div role={tone === "error" ? "alert" : "status"} data-testid={testId} className={cx("flex items-start gap-2.5 rounded-xl border px-4 py-3 text-sm font-medium", TONES[tone], className)}>
      <Icon className="mt-0.5 size-4.5 shrink-0" aria-hidden />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
