"use client";

import { Keyboard } from "lucide-react";
import { useTranslations } from "next-intl";
import { useReviewDesk } from "./ReviewDesk";

const Key = ({ children }: { children: string }) => (
  <kbd className="rounded-md border border-zinc-300 bg-white px-1.5 py-0.5 font-mono text-xs font-semibold text-zinc-800 shadow-[0_1px_0] shadow-zinc-300 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-100 dark:shadow-zinc-700">
    {children}
  </kbd>
);

/** The help line of the review page's keyboard shortcuts, naming what A and R apply to just now. */
export function ShortcutHelp({ pages }: { pages: boolean }) {
  const t = useTranslations("approval.shortcuts");
  const { isRoot, target } = useReviewDesk();
  if (!isRoot && !pages) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl bg-zinc-100 px-3 py-2 text-sm text-zinc-700 dark:bg-zinc-800/70 dark:text-zinc-300" data-testid="shortcut-help">
      <span className="inline-flex items-center gap-1.5 font-semibold">
        <Keyboard className="size-4" aria-hidden />
        {t("label")}
      </span>
      {isRoot && (
        <>
          <span className="inline-flex items-center gap-1.5"><Key>A</Key> {t("approve")}</span>
          <span className="inline-flex items-center gap-1.5"><Key>R</Key> {t("reject")}</span>
          <span className="inline-flex items-center gap-1.5"><Key>N</Key> {t("next")}</span>
        </>
      )}
      {pages && (
        <span className="inline-flex items-center gap-1.5">
          <Key>←</Key><Key>→</Key> <Key>J</Key><Key>K</Key> {t("pages")}
        </span>
      )}
      {isRoot && (
        <span className="basis-full text-xs text-zinc-600 dark:text-zinc-400" data-testid="shortcut-target">
          {target ? t("target", { subject: target.label }) : t("noTarget")}
        </span>
      )}
    </div>
  );
}
