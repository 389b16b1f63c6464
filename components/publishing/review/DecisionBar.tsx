"use client";

import { Check, Trash2, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/Button";
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
  const kbd = (key: string) =>
    isTarget ? (
      <kbd aria-hidden className="rounded border border-current/40 px-1 font-mono text-[11px] leading-4 opacity-90">
        {key}
      </kbd>
    ) : null;
  return (
    <div role="group" aria-label={t("actionsFor", { subject: subject.label })} className="flex flex-wrap gap-2" data-testid={`decision-bar-${subject.kind}`}>
      {subject.status !== 1 && (
        <Button size="sm" disabled={busy || subject.processing !== 0} aria-keyshortcuts={isTarget ? "A" : undefined} onClick={() => open("approve", subject)} icon={<Check className="size-4" aria-hidden />} data-testid="approve">
          {isManga ? t("approveManga") : t("approveChapter")}
          {kbd("A")}
        </Button>
      )}
      {subject.status !== 2 && (
        <Button size="sm" variant="danger" disabled={busy} aria-keyshortcuts={isTarget ? "R" : undefined} onClick={() => open("reject", subject)} icon={<X className="size-4" aria-hidden />} data-testid="reject">
          {isManga ? t("rejectManga") : t("rejectChapter")}
          {kbd("R")}
        </Button>
      )}
      <Button size="sm" variant="ghost" disabled={busy} onClick={() => open("delete", subject)} icon={<Trash2 className="size-4" aria-hidden />} data-testid="delete">
        {isManga ? t("deleteManga") : t("deleteChapter")}
      </Button>
    </div>
  );
}
