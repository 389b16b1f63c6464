"use client";

import { useTranslations } from "next-intl";
import {
  ChevronLeft, ChevronRight, Columns2, Expand, Feather, FileImage, HelpCircle, Minimize, Minus, MoveHorizontal,
  MoveVertical, Plus, Rows3,
} from "lucide-react";
import { READER } from "@/lib/reader-constants";
import type { FitMode, ViewMode } from "./reader-utils";

/**
 * Spec §2 reader footer: progress bar, previous/next, view switch, fit, zoom, fullscreen and the hotkeys help;
 * beyond the spec, the data-saver switch. Previous/next and the progress bar follow the title's reading
 * direction (a right-to-left manga moves leftwards), not the interface language.
 */
export interface ReaderFooterProps {
  rtlReading: boolean;
  progress: number;
  label: string;
  canPrevious: boolean;
  canNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  view: ViewMode;
  onView: (view: ViewMode) => void;
  doubleAvailable: boolean;
  fit: FitMode;
  onFit: (fit: FitMode) => void;
  zoom: number;
  onZoom: (zoom: number) => void;
  dataSaver: boolean;
  onDataSaver: (on: boolean) => void;
  fullscreen: boolean;
  onFullscreen: () => void;
  onHelp: () => void;
}

const button =
  "grid size-10 shrink-0 place-items-center rounded-xl text-zinc-300 transition hover:bg-white/10 hover:text-white disabled:pointer-events-none disabled:opacity-30 aria-pressed:bg-brand-600 aria-pressed:text-white";

export function ReaderFooter(p: ReaderFooterProps) {
  const t = useTranslations("reader");
  const Back = p.rtlReading ? ChevronRight : ChevronLeft;
  const Forward = p.rtlReading ? ChevronLeft : ChevronRight;
  const views: Array<{ id: ViewMode; label: string; Icon: typeof Rows3 }> = [
    { id: "single", label: t("viewSingle"), Icon: FileImage },
    ...(p.doubleAvailable ? [{ id: "double" as const, label: t("viewDouble"), Icon: Columns2 }] : []),
    { id: "vertical", label: t("viewVertical"), Icon: Rows3 },
  ];
  const percent = Math.round(p.zoom * 100);
  return (
    <footer className="relative z-30 shrink-0 border-t border-white/10 bg-zinc-950/95 px-2 backdrop-blur sm:px-4">
      <div className="flex h-7 items-center gap-3 text-[11px] font-semibold tabular-nums text-zinc-400">
        <span data-testid="page-label" className="shrink-0">{p.label}</span>
        <div
          role="progressbar"
          aria-label={t("progress")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(p.progress)}
          dir={p.rtlReading ? "rtl" : "ltr"}
          className="h-1.5 flex-1 overflow-hidden rounded-full bg-white/10"
        >
          <div className="h-full rounded-full bg-brand-500 transition-[width] duration-300" style={{ width: `${p.progress}%` }} />
        </div>
        <span className="w-9 shrink-0 text-end">{Math.round(p.progress)}%</span>
      </div>
      <div className="flex h-14 items-center justify-between gap-1">
        <div className="flex items-center gap-1" dir={p.rtlReading ? "rtl" : "ltr"}>
          <button type="button" className={button} onClick={p.onPrevious} disabled={!p.canPrevious} aria-label={t("previous")} title={t("previous")} data-testid="previous-page">
            <Back className="size-6" aria-hidden />
          </button>
          <button type="button" className={button} onClick={p.onNext} disabled={!p.canNext} aria-label={t("next")} title={t("next")} data-testid="next-page">
            <Forward className="size-6" aria-hidden />
          </button>
        </div>

        <div role="group" aria-label={t("view")} className="flex items-center gap-0.5 rounded-2xl bg-white/5 p-0.5">
          {views.map(({ id, label, Icon }) => (
            <button key={id} type="button" className={button} aria-pressed={p.view === id} aria-label={label} title={label} data-testid={`view-${id}`} onClick={() => p.onView(id)}>
              <Icon className="size-5" aria-hidden />
            </button>
          ))}
        </div>

        <div className="flex items-center gap-0.5">
          {p.view !== "vertical" && (
            <button
              type="button"
              className={button}
              onClick={() => p.onFit(p.fit === "height" ? "width" : "height")}
              aria-label={p.fit === "height" ? t("fitWidth") : t("fitHeight")}
              title={p.fit === "height" ? t("fitWidth") : t("fitHeight")}
              data-testid="fit-toggle"
            >
              {p.fit === "height" ? <MoveHorizontal className="size-5" aria-hidden /> : <MoveVertical className="size-5" aria-hidden />}
            </button>
          )}
          <div className="hidden items-center gap-0.5 md:flex">
            <button type="button" className={button} onClick={() => p.onZoom(p.zoom - READER.zoom.step)} disabled={p.zoom <= READER.zoom.min} aria-label={t("zoomOut")} title={t("zoomOut")}>
              <Minus className="size-5" aria-hidden />
            </button>
            <button type="button" onClick={() => p.onZoom(1)} title={t("resetZoom", { percent })} data-testid="zoom-level" className="h-10 w-14 rounded-xl text-xs font-bold tabular-nums text-zinc-300 hover:bg-white/10">
              {percent}%<span className="sr-only"> – {t("resetZoom", { percent })}</span>
            </button>
            <button type="button" className={button} onClick={() => p.onZoom(p.zoom + READER.zoom.step)} disabled={p.zoom >= READER.zoom.max} aria-label={t("zoomIn")} title={t("zoomIn")}>
              <Plus className="size-5" aria-hidden />
            </button>
          </div>
          <button type="button" className={button} aria-pressed={p.dataSaver} onClick={() => p.onDataSaver(!p.dataSaver)} aria-label={t("dataSaver")} title={p.dataSaver ? t("dataSaverOn") : t("dataSaver")} data-testid="data-saver">
            <Feather className="size-5" aria-hidden />
          </button>
          <button type="button" className={button} onClick={p.onFullscreen} aria-label={p.fullscreen ? t("exitFullscreen") : t("fullscreen")} title={p.fullscreen ? t("exitFullscreen") : t("fullscreen")}>
            {p.fullscreen ? <Minimize className="size-5" aria-hidden /> : <Expand className="size-5" aria-hidden />}
          </button>
          <button type="button" className={button} onClick={p.onHelp} aria-label={t("help")} title={t("help")} data-testid="open-help">
            <HelpCircle className="size-5" aria-hidden />
          </button>
        </div>
      </div>
    </footer>
  );
}
