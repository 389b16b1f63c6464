import { CheckCircle2, Clock3, XCircle } from "lucide-react";

/** Pending / accepted / rejected (spec §3 Status), as a coloured chip with an icon; the text comes from the caller. */
const STYLES = [
  { Icon: Clock3, className: "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/20" },
  { Icon: CheckCircle2, className: "bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/20" },
  { Icon: XCircle, className: "bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/20" },
] as const;

export function StatusChip({ status, label }: { status: number; label: string }) {
  const { Icon, className } = STYLES[status] ?? STYLES[0];
  return (
    <span className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${className}`} data-status={status}>
      <Icon className="size-3.5" aria-hidden />
      {label}
    </span>
  );
}
