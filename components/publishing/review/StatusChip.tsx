import { AlertTriangle, CheckCircle2, Clock3, Loader2, XCircle } from "lucide-react";

export type ChipTone = "pending" | "accepted" | "rejected" | "processing" | "failed" | "neutral";

const TONES: Record<ChipTone, string> = {
  pending: "bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-400/15 dark:text-amber-200 dark:ring-amber-400/30",
  accepted: "bg-emerald-100 text-emerald-900 ring-emerald-300 dark:bg-emerald-400/15 dark:text-emerald-200 dark:ring-emerald-400/30",
  rejected: "bg-red-100 text-red-900 ring-red-300 dark:bg-red-400/15 dark:text-red-200 dark:ring-red-400/30",
  processing: "bg-sky-100 text-sky-900 ring-sky-300 dark:bg-sky-400/15 dark:text-sky-200 dark:ring-sky-400/30",
  failed: "bg-red-100 text-red-900 ring-red-300 dark:bg-red-400/15 dark:text-red-200 dark:ring-red-400/30",
  neutral: "bg-zinc-100 text-zinc-800 ring-zinc-300 dark:bg-zinc-800 dark:text-zinc-200 dark:ring-zinc-700",
};

const ICONS = { pending: Clock3, accepted: CheckCircle2, rejected: XCircle, processing: Loader2, failed: AlertTriangle, neutral: null } as const;

/** A review or processing state as a small labelled chip (colour is never the only cue: each has an icon and text). */
export function StatusChip({ tone, label, testId }: { tone: ChipTone; label: string; testId?: string }) {
  const Icon = ICONS[tone];
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[tone]}`}
      data-testid={testId}
      data-tone={tone}
    >
      {Icon && <Icon className="size-3.5" aria-hidden />}
      {label}
    </span>
  );
}

/** The chip tone of a review status (0 pending, 1 accepted, 2 rejected). */
export const statusTone = (status: number): ChipTone => (status === 1 ? "accepted" : status === 2 ? "rejected" : "pending");
export const statusKey = (status: number): "pending" | "accepted" | "rejected" => statusTone(status) as "pending" | "accepted" | "rejected";
