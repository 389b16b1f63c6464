const TONE: Record<number, string> = {
  0: "bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200",
  1: "bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200",
  2: "bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-200",
};

/** A payout's state as a badge (waiting, paid, failed). */
export function PayoutStatus({ status, label }: { status: number; label: string }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE[status] ?? TONE[0]}`} data-status={status}>
      {label}
    </span>
  );
}
