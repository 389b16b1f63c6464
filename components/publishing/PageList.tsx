"use client";

import { AlertCircle, AlertTriangle, ArrowDown, ArrowUp, CheckCircle2, GripVertical, Loader2, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import type { PageCheck } from "./file-checks";
import { IconButton } from "@/components/ui/Button";
import { splitBytes } from "./upload-state";
import { useDragReorder } from "./use-drag-reorder";

export interface PendingPage {
  id: string;
  file: File;
  /** Object URL of the file for its thumbnail. */
  url: string;
  check: PageCheck | null;
}

/**
 * The chapter's pages in reading order, before sending: a thumbnail, the file's name and its check for each; drag a
 * page (mouse) or use its up/down buttons (keyboard, touch) to move it; remove one.
 */
export function PageList({
  pages,
  duplicates,
  disabled,
  onMove,
  onRemove,
}: {
  pages: readonly PendingPage[];
  /** For each page, the number of an earlier page with the same bytes, or null. */
  duplicates: ReadonlyArray<number | null>;
  disabled: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const t = useTranslations("upload");
  const drag = useDragReorder(onMove, disabled);
  return (
    <ol aria-label={t("pageList")} className="grid gap-2 sm:grid-cols-2" data-testid="page-list">
      {pages.map((page, index) => {
        const number = index + 1;
        const invalid = (page.check?.problems.length ?? 0) > 0;
        return (
          <li
            key={page.id}
            {...drag.itemProps(index)}
            data-testid="page-item"
            data-name={page.file.name}
            className={`flex items-center gap-2 rounded-2xl border bg-white p-2 transition dark:bg-zinc-900 ${
              invalid ? "border-red-300 dark:border-red-500/50" : "border-zinc-200 dark:border-zinc-800"
            } ${drag.highlight(index) === "target" ? "ring-2 ring-brand-500" : ""} ${drag.highlight(index) === "dragged" ? "opacity-50" : ""}`}
          >
            <GripVertical className="size-4 shrink-0 cursor-grab text-zinc-400" aria-hidden />
            {/* eslint-disable-next-line @next/next/no-img-element -- a local object URL */}
            <img src={page.url} alt={t("thumbnailAlt", { number, name: page.file.name })} className="h-20 w-14 shrink-0 rounded-lg bg-zinc-100 object-cover dark:bg-zinc-800" />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold">{t("page", { number })}</p>
              <p className="truncate text-xs text-zinc-500 dark:text-zinc-400" dir="auto" title={page.file.name}>{page.file.name}</p>
              <PageChecks check={page.check} duplicate={duplicates[index] ?? null} />
            </div>
            <div className="flex shrink-0 flex-col items-center">
              <IconButton label={t("moveUp", { number })} icon={<ArrowUp aria-hidden />} disabled={disabled || index === 0} onClick={() => onMove(index, index - 1)} />
              <IconButton label={t("moveDown", { number })} icon={<ArrowDown aria-hidden />} disabled={disabled || index === pages.length - 1} onClick={() => onMove(index, index + 1)} />
            </div>
            <IconButton label={t("remove", { number })} icon={<Trash2 aria-hidden />} tone="danger" disabled={disabled} onClick={() => onRemove(index)} />
          </li>
        );
      })}
    </ol>
  );
}

/** A page's checks: its problems (red), warnings (amber: a duplicate, small dimensions) or that it is fine (green). */
function PageChecks({ check, duplicate }: { check: PageCheck | null; duplicate: number | null }) {
  const tc = useTranslations("upload.checks");
  const tu = useTranslations("upload.units");
  const size = (bytes: number) => {
    const { value, unit } = splitBytes(bytes);
    return `${value} ${tu(unit)}`;
  };
  const problems = check?.problems ?? [];
  const lines: Array<{ tone: "error" | "warning" | "ok"; text: string }> = [];
  for (const p of problems) {
    lines.push({ tone: "error", text: p.code === "imageTooLarge" ? tc("imageTooLarge", { size: size(p.size) }) : tc(p.code) });
  }
  if (check && duplicate !== null) lines.push({ tone: "warning", text: tc("duplicate", { number: duplicate }) });
  if (check?.width && check.height) {
    if (check.belowRecommended) lines.push({ tone: "warning", text: tc("dimensions", { width: check.width, height: check.height }) });
    else if (problems.length === 0) lines.push({ tone: "ok", text: tc("ok", { width: check.width, height: check.height }) });
  }
  if (!check) {
    return (
      <p className="mt-0.5 flex items-center gap-1 text-xs text-zinc-500 dark:text-zinc-400">
        <Loader2 className="size-3.5 animate-spin" aria-hidden />
        {tc("checking")}
      </p>
    );
  }
  return (
      <ul className="mt-0.5 space-y-0.5" data-testid="page-checks">
        {lines.map((line) => (
          <li
            key={line.text}
            data-tone={line.tone}
            className={`flex items-start gap-1 text-xs ${
              line.tone === "error" ? "text-red-700 dark:text-red-400" : line.tone === "warning" ? "text-amber-800 dark:text-amber-300" : "text-emerald-700 dark:text-emerald-400"
            }`}
          >
            {line.tone === "error" ? <AlertCircle className="mt-px size-3.5 shrink-0" aria-hidden /> : line.tone === "warning" ? <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden /> : <CheckCircle2 className="mt-px size-3.5 shrink-0" aria-hidden />}
            <span>{line.text}</span>
          </li>
        ))}
      </ul>
  );
}
