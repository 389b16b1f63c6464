"use client";

import { useRef } from "react";
import { useTranslations } from "next-intl";
import { ReadingDirection } from "@/lib/enums";
import type { MenuChapter } from "./ChapterMenu";
import { EndCard } from "./EndCard";
import { HelpDialog } from "./HelpDialog";
import { BlackoutScreen, PausedNotice } from "./ProtectionScreens";
import { ReaderContent } from "./ReaderContent";
import { ReaderFooter } from "./ReaderFooter";
import { ReaderHeader } from "./ReaderHeader";
import { isNearEnd, pageLabelFor, savedPageFor } from "./reader-logic";
import type { ReaderPage } from "./reader-utils";
import { SettingsPanel, type PanelManga } from "./SettingsPanel";
import { SponsoredOverlay } from "./SponsoredOverlay";
import { setPrefs } from "./storage";
import { useHydrated } from "./use-media-query";
import { usePageData } from "./use-page-data";
import { usePaging } from "./use-paging";
import { useImagePreload, useNextChapterPreload, usePagedPrefetch } from "./use-preload";
import { useRecordView, useSaveProgress } from "./use-progress";
import { useContentProtection } from "./use-protection";
import { useReaderApi } from "./use-reader-api";
import { useFullscreen, usePanels, useZoom } from "./use-reader-controls";
import { useReaderKeyboard } from "./use-reader-keyboard";
import { useReaderPrefs } from "./use-reader-prefs";
import { useReadingPosition } from "./use-reading-position";
import { useSponsoredOverlay } from "./use-sponsored-overlay";
import { useVerticalView } from "./use-vertical-view";

export interface ReaderProps {
  manga: PanelManga & { id: number; readingDirection: number };
  chapters: MenuChapter[];
  chapter: { id: number; title: string; pageCount: number; sourceType: number };
  /** Pages the server already loaded (the first screen is in the HTML). */
  initialPages: ReaderPage[];
  /** Where to open: the signed-in user's saved page, else 1 (visitors: this browser's saved page, after hydration). */
  initialPage: number;
  restoreLocally: boolean;
  viewer: { username: string; accessToken: string } | null;
  backHref: string;
  titleHref: string;
}

/**
 * The chapter reader (spec §2, §4, §7, §9; issue 5): single, double and vertical views, prefetching, zoom,
 * hotkeys in the title's reading direction, progress saving, the sponsored overlay, view recording and
 * content protection. Each of these is a hook of its own (use-*.ts); this component wires them together and
 * lays out the header, the page area and the footer. The hooks are called in the order their effects must run.
 */
export function Reader(props: ReaderProps) {
  const { manga, chapters, chapter, viewer } = props;
  const t = useTranslations("reader");
  const api = useReaderApi(viewer?.accessToken ?? null);
  const hydrated = useHydrated();
  const { isMobile, view, fit, dataSaver, step } = useReaderPrefs(manga.readingDirection);
  const rtlReading = manga.readingDirection === ReadingDirection.RightToLeft;
  const pageCount = chapter.pageCount;

  const rootRef = useRef<HTMLDivElement>(null);
  const areaRef = useRef<HTMLElement>(null);
  const { blackoutUntil, blurred, quiet } = useContentProtection(rootRef);
  const position = useReadingPosition({ chapterId: chapter.id, pageCount, initialPage: props.initialPage, restoreLocally: props.restoreLocally, hydrated, view });
  const { current, atEnd, verticalUntil, restored, first, last, spread, range } = position;
  const { zoom, changeZoom } = useZoom(quiet);
  const panels = usePanels();
  const data = usePageData({ api, chapter, pageCount, initialPages: props.initialPages, view, step, quiet, verticalUntil });
  const overlay = useSponsoredOverlay({ api, chapterId: chapter.id, positionKnown: hydrated && restored && pageCount > 0, range });

  const preload = useImagePreload(zoom, dataSaver);
  usePagedPrefetch({ view, atEnd, first, step, fit, loadPages: data.loadPages, preload });
  const sentinelRef = useVerticalView({ view, areaRef, pageCount, step, verticalUntil, setVerticalUntil: position.setVerticalUntil, setCurrent: position.setCurrent, scrollRequest: position.scrollRequest, pages: data.pages, loadPages: data.loadPages });
  const paging = usePaging({ view, pageCount, step, readingDirection: manga.readingDirection, areaRef, quiet, position });
  const { fullscreen, toggleFullscreen } = useFullscreen(rootRef);
  useReaderKeyboard({ ...panels, overlayOpen: overlay.open !== null, readingDirection: manga.readingDirection, goNext: paging.goNext, goPrevious: paging.goPrevious, toggleFullscreen, changeZoom, zoom });
  useRecordView(api, chapter.id);
  useSaveProgress({ api, chapterId: chapter.id, page: savedPageFor(view, position, pageCount), pageCount, restored, viewer });
  const currentIndex = chapters.findIndex((c) => c.id === chapter.id);
  const nextChapter = currentIndex >= 0 ? chapters[currentIndex + 1] : undefined;
  useNextChapterPreload({ api, nextChapter, nearEnd: isNearEnd(last, atEnd, pageCount), view, fit, preload });

  const label = pageLabelFor(view, position, pageCount);
  return (
    <div
      ref={rootRef}
      data-testid="reader"
      data-view={view}
      data-page={view === "vertical" ? current : first}
      data-at-end={atEnd || undefined}
      data-ready={(hydrated && restored) || undefined}
      className="flex h-dvh select-none flex-col overflow-hidden bg-zinc-950 text-zinc-100 [--rw:350px] min-[769px]:[--rw:500px] min-[1025px]:[--rw:700px]"
    >
      <ReaderHeader
        backHref={props.backHref}
        mangaId={manga.id}
        mangaTitle={manga.title}
        chapters={chapters}
        currentId={chapter.id}
        menuOpen={panels.menuOpen}
        onMenuOpenChange={panels.setMenuOpen}
        onOpenSettings={() => panels.setSettingsOpen(true)}
        report
        compact={isMobile}
      />
      <main ref={areaRef} dir="ltr" onClick={paging.onAreaClick} className="relative min-h-0 flex-1 overflow-auto overscroll-contain">
        {/* The page's heading (the header's chapter menu shows the same names): "{manga} – {chapter}". */}
        <h1 dir="auto" className="sr-only" data-testid="reader-title">{t("metaTitle", { manga: manga.title, chapter: chapter.title })}</h1>
        <div className={`min-h-full transition-[filter] duration-200 ${blurred ? "blur-2xl" : ""}`}>
          <ReaderContent
            view={view} pageCount={pageCount} atEnd={atEnd} spread={spread} current={current} verticalUntil={verticalUntil}
            sentinelRef={sentinelRef} initialPage={props.initialPage} pages={data.pages} failed={data.failed} retry={data.retry}
            refreshSigned={data.refreshSigned} fit={fit} zoom={zoom} dataSaver={dataSaver} watermark={viewer?.username ?? null} rtlReading={rtlReading}
            endCard={
              <EndCard
                mangaId={manga.id}
                chapterTitle={chapter.title}
                next={nextChapter ? { id: nextChapter.id, title: nextChapter.title, index: currentIndex + 2 } : null}
                titleHref={props.titleHref}
                onRestart={paging.restart}
                rtlArrows={rtlReading}
              />
            }
          />
        </div>
        {blurred && <PausedNotice />}
      </main>
      <ReaderFooter
        rtlReading={rtlReading}
        progress={range.last}
        label={label === null ? "" : label.key === "pagesOf" ? t("pagesOf", label) : t("pageOf", label)}
        canPrevious={paging.canPrevious}
        canNext={paging.canNext}
        onPrevious={paging.goPrevious}
        onNext={paging.goNext}
        view={view}
        onView={paging.changeView}
        doubleAvailable={!isMobile}
        fit={fit}
        onFit={(f) => setPrefs({ fit: f })}
        zoom={zoom}
        onZoom={changeZoom}
        dataSaver={dataSaver}
        onDataSaver={(on) => setPrefs({ dataSaver: on })}
        fullscreen={fullscreen}
        onFullscreen={toggleFullscreen}
        onHelp={() => panels.setHelpOpen(true)}
      />
      <ReaderPanels manga={manga} chapterCount={chapters.length} panels={panels} overlay={overlay} blackoutUntil={blackoutUntil} />
    </div>
  );
}

/** What opens over the reader: the settings, the hotkeys help, the sponsored message and protection's blackout. */
function ReaderPanels({ manga, chapterCount, panels, overlay, blackoutUntil }: {
  manga: ReaderProps["manga"];
  chapterCount: number;
  panels: ReturnType<typeof usePanels>;
  overlay: ReturnType<typeof useSponsoredOverlay>;
  blackoutUntil: number | null;
}) {
  return (
    <>
      {panels.settingsOpen && <SettingsPanel manga={manga} chapterCount={chapterCount} onClose={() => panels.setSettingsOpen(false)} />}
      {panels.helpOpen && <HelpDialog readingDirection={manga.readingDirection} onClose={() => panels.setHelpOpen(false)} />}
      {overlay.open && <SponsoredOverlay key={overlay.open} band={overlay.open} onClose={overlay.closeOverlay} onShown={overlay.recordImpression} />}
      {blackoutUntil !== null && <BlackoutScreen until={blackoutUntil} />}
    </>
  );
}
