"use client";

import { Check, Trash2, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useReviewDesk, type ReviewSubject } from "./ReviewDesk";

/**
 * Root's buttons for one subject: approve and reject (the one matching its present state is left out: either decision
 * can be reversed later) and delete. The subject A and R apply to marks its buttons with their shortcut.
 */
export function DecisionBar({ subject }: { subject: ReviewSubject }) {
  const t = useTranslations("approval.decision");
  const { isRoot, busy, target, open } = useReviewDesk();
  if (!isRoot) return null;
  const isManga = subject.kind === "manga";
  const isTarget = target?.kind === subject.kind && target.id === subject.id;
  const base =
    "inline-flex h-10 items-center gap-2 rounded-xl px-3.5 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60";
  const kbd = (key: string) =>
    isTarget ? (
      <kbd aria-hidden className="rounded border border-current/40 px-1 font-mono text-[11px] leading-4 opacity-90">
        {key}
      </kbd>
    ) : null;
  return (
    <div role="group" aria-label={t("actionsFor", { subject: subject.label })} className="flex flex-wrap gap-2" data-testid={`decision-bar-${subject.kind}`}>
      {subject.status !== 1 && (
        <button
          type="button"
          disabled={busy || subject.processing !== 0}
          aria-keyshortcuts={isTarget ? "A" : undefined}
          onClick={() => open("approve", subject)}
          className={`${base} bg-emerald-700 text-white shadow-sm hover:bg-emerald-800 focus-visible:outline-emerald-700`}
          data-testid="approve"
        >
          <Check className="size-4" aria-hidden />
          {isManga ? t("approveManga") : t("approveChapter")}
          {kbd("A")}
        </button>
      )}
      {subject.status !== 2 && (
        <button
          type="button"
          disabled={busy}
          aria-keyshortcuts={isTarget ? "R" : undefined}
          onClick={() => open("reject", subject)}
          className={`${base} border border-red-700 bg-white text-red-800 hover:bg-red-50 focus-visible:outline-red-700 dark:border-red-400 dark:bg-zinc-900 dark:text-red-300 dark:hover:bg-red-500/10`}
          data-testid="reject"
        >
          <X className="size-4" aria-hidden />
          {isManga ? t("rejectManga") : t("rejectChapter")}
          {kbd("R")}
        </button>
      )}
      <button
        type="button"
        disabled={busy}
        onClick={() => open("delete", subject)}
        className={`${base} text-zinc-700 hover:bg-zinc-100 hover:text-red-800 focus-visible:outline-brand-600 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-red-300`}
        data-testid="delete"
      >
        <Trash2 className="size-4" aria-hidden />
        {isManga ? t("deleteManga") : t("deleteChapter")}
      </button>
    </div>
  );
}
