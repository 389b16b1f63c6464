"use client";

import { useTranslations } from "next-intl";
import { ArrowLeft, Settings2 } from "lucide-react";
import { Link } from "@/i18n/navigation";
import { IconButton } from "@/components/ui/Button";
import { ReportButton } from "@/components/reports/ReportButton";
import { ChapterMenu, type MenuChapter } from "./ChapterMenu";

/** Spec §2 reader header: back to title, the chapter dropdown and the settings panel button. */
export function ReaderHeader(props: {
  backHref: string;
  mangaId: number;
  mangaTitle: string;
  chapters: readonly MenuChapter[];
  currentId: number;
  menuOpen: boolean;
  onMenuOpenChange: (open: boolean) => void;
  onOpenSettings?: () => void;
  /** Show the "report this chapter" flag (the reading view; not the premium lock). */
  report?: boolean;
  /** Offer "Save for offline" in the chapter list (the reading view, online). */
  saveOffline?: boolean;
  compact: boolean;
}) {
  const t = useTranslations("reader");
  return (
    <header className="relative z-30 flex h-14 shrink-0 items-center gap-1 border-b border-white/10 bg-zinc-950/95 px-2 backdrop-blur sm:gap-3 sm:px-4">
      <Link
        href={props.backHref}
        title={t("backToTitle")}
        data-testid="back-to-title"
        className="inline-flex h-10 shrink-0 items-center gap-2 rounded-xl px-2.5 text-sm font-semibold text-zinc-300 hover:bg-white/10 hover:text-white"
      >
        <ArrowLeft className="size-5 rtl:rotate-180" aria-hidden />
        {/* The visible word starts the accessible name (WCAG 2.5.3); phones show only the arrow. */}
        <span className="sr-only sm:not-sr-only">{t("back")}</span>
        <span className="sr-only"> – {t("backToTitle")}</span>
      </Link>
      <div className="flex min-w-0 flex-1 justify-center">
        <ChapterMenu
          mangaId={props.mangaId}
          mangaTitle={props.mangaTitle}
          chapters={props.chapters}
          currentId={props.currentId}
          open={props.menuOpen}
          onOpenChange={props.onMenuOpenChange}
          compact={props.compact}
          saveOffline={props.saveOffline}
        />
      </div>
      {props.report && (
        <ReportButton key={props.currentId} target={{ mangaId: props.mangaId, chapterId: props.currentId, title: props.chapters.find((c) => c.id === props.currentId)?.title ?? props.mangaTitle }} variant="reader" />
      )}
      {props.onOpenSettings ? (
        <IconButton tone="onDark" icon={<Settings2 aria-hidden />} label={t("settings")} onClick={props.onOpenSettings} data-testid="open-settings" />
      ) : (
        <span className="size-11 shrink-0" aria-hidden />
      )}
    </header>
  );
}
