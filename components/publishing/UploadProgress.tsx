"use client";

import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/Button";
import { splitBytes, splitDuration, type UploadProgress as Progress } from "./upload-state";

/** The progress of an upload: a bar with its percentage, bytes sent, speed and time left, and a cancel button. */
export function UploadProgress({ progress, onCancel }: { progress: Progress; onCancel: () => void }) {
  const t = useTranslations("upload");
  const tu = useTranslations("upload.units");
  const bytes = (n: number) => {
    const { value, unit } = splitBytes(n);
    return `${value} ${tu(unit)}`;
  };
  const left = progress.remainingTime === null ? null : splitDuration(progress.remainingTime);
  return (
    <div className="rounded-2xl border border-brand-200 bg-brand-50/60 p-4 dark:border-brand-500/30 dark:bg-brand-500/10" data-testid="upload-progress">
      <div className="flex items-center justify-between gap-3">
        <span id="upload-progress-label" className="text-sm font-semibold">{t("progressLabel")}</span>
        <span className="text-sm font-bold tabular-nums" data-testid="upload-percentage">{progress.percentage}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="upload-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percentage}
        aria-valuetext={`${progress.percentage}%`}
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-white ring-1 ring-brand-200 dark:bg-zinc-900 dark:ring-brand-500/30"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300 ease-out" style={{ width: `${progress.percentage}%` }} />
      </div>
      <div className="mt-2.5 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-xs text-zinc-600 dark:text-zinc-300">
        <p className="flex flex-wrap gap-x-3 gap-y-1 tabular-nums" data-testid="upload-stats">
          <span>{t("progress", { percentage: progress.percentage, loaded: bytes(progress.loaded), total: bytes(progress.total) })}</span>
          {progress.speed > 0 && <span data-testid="upload-speed">{t("speed", { speed: bytes(progress.speed) })}</span>}
          <span data-testid="upload-remaining">{left ? t("remaining", { time: t(left.unit, { count: left.count }) }) : t("calculating")}</span>
        </p>
        <Button variant="secondary" size="sm" onClick={onCancel} icon={<X className="size-4" aria-hidden />}>
          {t("cancel")}
        </Button>
      </div>
    </div>
  );
}
