"use client";

import { useTranslations } from "next-intl";
import {
  ArrowLeftRight, BookImage, ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight, Columns2, Expand, Feather, FileImage,
  HelpCircle, Minimize, Minus, MoveHorizontal,
  MoveVertical, Plus, Rows3,
} from "lucide-react";
import { Button, IconButton } from "@/components/ui/Button";
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
  /** At the chapter's edges (issue 32): the previous chapter in place of a disabled previous page, the next in place of next. */
  onPreviousChapter: (() => void) | null;
  onNextChapter: (() => void) | null;
  navigatorOpen: boolean;
  onNavigator: () => void;
  view: ViewMode;
  onView: (view: ViewMode) => void;
  fit: FitMode;
  onFit: (fit: FitMode) => void;
  /** Double view's pairing (issue 32): the cover alone, and a one-page shift. */
  pairing: { coverAlone: boolean; shift: boolean; onChange: (change: { coverAlone?: boolean; shift?: boolean }) => void };
  zoom: number;
  onZoom: (zoom: number) => void;
  dataSaver: boolean;
  onDataSaver: (on: boolean) => void;
  fullscreen: boolean;
  onFullscreen: () => void;
  onHelp: () => void;
}


export function ReaderFooter(p: ReaderFooterProps) {
  const t = useTranslations("reader");
  return (
    <footer className="dark relative z-30 shrink-0 border-t border-white/10 bg-zinc-950/95 px-2 backdrop-blur sm:px-4">
      <ProgressLine {...p} name={t("progress")} />
      <div className="flex h-14 items-center justify-between gap-1">
        <PageTurns {...p} />
        <ViewSwitch {...p} />
        <div className="flex items-center gap-0.5">
          {p.view === "double" && <PairingControls {...p.pairing} />}
          {p.view !== "vertical" && (
            <IconButton
              tone="onDark"
              onClick={() => p.onFit(p.fit === "height" ? "width" : "height")}
              label={p.fit === "height" ? t("fitWidth") : t("fitHeight")}
              icon={p.fit === "height" ? <MoveHorizontal aria-hidden /> : <MoveVertical aria-hidden />}
              data-testid="fit-toggle"
            />
          )}
          <ZoomControls zoom={p.zoom} onZoom={p.onZoom} />
          <IconButton tone="onDark" aria-pressed={p.dataSaver} onClick={() => p.onDataSaver(!p.dataSaver)} label={t("dataSaver")} title={p.dataSaver ? t("dataSaverOn") : t("dataSaver")} icon={<Feather aria-hidden />} data-testid="data-saver" />
          <IconButton tone="onDark" onClick={p.onFullscreen} label={p.fullscreen ? t("exitFullscreen") : t("fullscreen")} icon={p.fullscreen ? <Minimize aria-hidden /> : <Expand aria-hidden />} />
          <IconButton tone="onDark" onClick={p.onHelp} label={t("help")} icon={<HelpCircle aria-hidden />} data-testid="open-help" />
        </div>
      </div>
    </footer>
  );
}

/**
 * The page label (a button: it opens the page navigator to jump to a page, issue 32), the progress bar (in the title's
 * reading direction) and the percentage.
 */
function ProgressLine({ rtlReading, progress, label, name, navigatorOpen, onNavigator }: ReaderFooterProps & { name: string }) {
  const t = useTranslations("reader");
  return (
    <div className="flex h-7 items-center gap-3 text-[11px] font-semibold tabular-nums text-zinc-400">
      <Button variant="ghost" size="sm" onClick={onNavigator} aria-expanded={navigatorOpen} title={t("jumpToPage")} data-testid="open-navigator" className="-ms-2 w-36 shrink-0 !justify-start !h-7 !px-2 !text-[11px]">
        {/* A fixed width: the bar beside it does not move as the page number grows (no layout shift, issue 32). */}
        <span data-testid="page-label" className="truncate">{label}</span>
        <span className="sr-only"> – {t("jumpToPage")}</span>
      </Button>
      <div
        role="progressbar"
        aria-label={name}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress)}
        dir={rtlReading ? "rtl" : "ltr"}
        className="h-1.5 flex-1 overflow-hidden rounded-full bg-white/10"
      >
        <div className="h-full rounded-full bg-brand-500 transition-[width] duration-300" style={{ width: `${progress}%` }} />
      </div>
      {/* Padded with figure spaces to three digits: the text keeps its width and place as it grows (no layout shift). */}
      <span className="w-9 shrink-0 text-end">{String(Math.round(progress)).padStart(3, "\u2007")}%</span>
    </div>
  );
}

function PageTurns(p: ReaderFooterProps) {
  const t = useTranslations("reader");
  const Back = p.rtlReading ? ChevronRight : ChevronLeft;
  const Forward = p.rtlReading ? ChevronLeft : ChevronRight;
  const BackChapter = p.rtlReading ? ChevronsRight : ChevronsLeft;
  const ForwardChapter = p.rtlReading ? ChevronsLeft : ChevronsRight;
  return (
    <div className="flex items-center gap-1" dir={p.rtlReading ? "rtl" : "ltr"}>
      {!p.canPrevious && p.onPreviousChapter ? (
        <IconButton tone="onDark" onClick={p.onPreviousChapter} label={t("previousChapter")} icon={<BackChapter aria-hidden />} data-testid="previous-chapter" />
      ) : (
        <IconButton tone="onDark" onClick={p.onPrevious} disabled={!p.canPrevious} label={t("previous")} icon={<Back aria-hidden />} data-testid="previous-page" />
      )}
      {!p.canNext && p.onNextChapter ? (
        <IconButton tone="onDark" onClick={p.onNextChapter} label={t("nextChapter")} icon={<ForwardChapter aria-hidden />} data-testid="next-chapter-button" />
      ) : (
        <IconButton tone="onDark" onClick={p.onNext} disabled={!p.canNext} label={t("next")} icon={<Forward aria-hidden />} data-testid="next-page" />
      )}
    </div>
  );
}

function ViewSwitch(p: ReaderFooterProps) {
  const t = useTranslations("reader");
  const views: Array<{ id: ViewMode; label: string; Icon: typeof Rows3 }> = [
    { id: "single", label: t("viewSingle"), Icon: FileImage },
    { id: "double", label: t("viewDouble"), Icon: Columns2 },
    { id: "vertical", label: t("viewVertical"), Icon: Rows3 },
  ];
  // Double view is for wide screens (spec §4): hidden by the same breakpoint in CSS, so the server's HTML is already
  // right on a phone and nothing moves when the page hydrates.
  return (
    <div role="group" aria-label={t("view")} className="flex items-center gap-0.5 rounded-2xl bg-white/5 p-0.5">
      {views.map(({ id, label, Icon }) => (
        <IconButton key={id} tone="onDark" aria-pressed={p.view === id} label={label} icon={<Icon aria-hidden />} data-testid={`view-${id}`} onClick={() => p.onView(id)} className={id === "double" ? "max-[768px]:hidden" : undefined} />
      ))}
    </div>
  );
}

/** Double view: the cover alone (on by default) and the one-page shift, for a chapter whose pairs are off by one. */
function PairingControls({ coverAlone, shift, onChange }: ReaderFooterProps["pairing"]) {
  const t = useTranslations("reader");
  return (
    <div role="group" aria-label={t("pairing")} className="flex items-center gap-0.5">
      <IconButton tone="onDark" aria-pressed={coverAlone} onClick={() => onChange({ coverAlone: !coverAlone })} label={t("coverAlone")} icon={<BookImage aria-hidden />} data-testid="cover-alone" />
      <IconButton tone="onDark" aria-pressed={shift} onClick={() => onChange({ shift: !shift })} label={t("shiftPages")} icon={<ArrowLeftRight aria-hidden />} data-testid="shift-pages" />
    </div>
  );
}

/** Zoom out, the level (which resets it) and zoom in; wide screens only. */
function ZoomControls({ zoom, onZoom }: { zoom: number; onZoom: (zoom: number) => void }) {
  const t = useTranslations("reader");
  const percent = Math.round(zoom * 100);
  return (
    <div className="hidden items-center gap-0.5 md:flex">
      <IconButton tone="onDark" onClick={() => onZoom(zoom - READER.zoom.step)} disabled={zoom <= READER.zoom.min} label={t("zoomOut")} icon={<Minus aria-hidden />} />
      <Button variant="ghost" size="sm" onClick={() => onZoom(1)} title={t("resetZoom", { percent })} data-testid="zoom-level" className="min-w-14 tabular-nums">
        {percent}%<span className="sr-only"> – {t("resetZoom", { percent })}</span>
      </Button>
      <IconButton tone="onDark" onClick={() => onZoom(zoom + READER.zoom.step)} disabled={zoom >= READER.zoom.max} label={t("zoomIn")} icon={<Plus aria-hidden />} />
    </div>
  );
}
