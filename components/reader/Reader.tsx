"use client";

import { lazy, Suspense, type MouseEvent, type ReactNode, type RefObject } from "react";
import { useTranslations } from "next-intl";
import { ReadingDirection } from "@/lib/enums";
import { EndCard } from "./EndCard";
import { HelpDialog } from "./HelpDialog";
import { BlackoutScreen, PausedNotice } from "./ProtectionScreens";
import { ReaderContent } from "./ReaderContent";
import { ReaderFooter } from "./ReaderFooter";
import { ReaderHeader } from "./ReaderHeader";
import { pageLabelFor } from "./reader-logic";
import { SettingsPanel, type ReadingSettings } from "./SettingsPanel";
import { SponsoredOverlay } from "./SponsoredOverlay";
import type { usePanels } from "./use-reader-controls";
import { useReader, type ReaderProps } from "./use-reader";
import type { ReaderBindings } from "./use-reader-bindings";
import type { useSponsoredOverlay } from "./use-sponsored-overlay";

export type { ReaderProps };

/** The page navigator (jump, thumbnails, slider) loads on first use: the reader's first load does not carry it. */
// React's lazy, not next/dynamic (whose loader costs the first load ~1.5 kB: ADR 010): only opened in the browser.
const PageNavigator = lazy(() => import("./PageNavigator"));

/**
 * The chapter reader (spec §2, §4, §7, §9; issue 5): single, double and vertical views, prefetching, zoom,
 * hotkeys in the title's reading direction, progress saving, the sponsored overlay, view recording and
 * content protection. Each of these is a hook of its own (use-*.ts), wired together by useReader (use-reader.ts);
 * this component lays out the header, the page area and the footer.
 */
export function Reader(props: ReaderProps) {
  const { manga, chapters, chapter, viewer } = props;
  const t = useTranslations("reader");
  const reader = useReader(props);
  const { rootRef, areaRef, hydrated, position, zoom, changeZoom, panels, data, overlay, paging, fullscreen, toggleFullscreen } = reader;
  const { isMobile, view, fit, dataSaver } = reader.prefs;
  const { blackoutUntil, blurred } = reader.protection;
  const { current, atEnd, restored, first, spread, range } = position;
  const { currentIndex, nextChapter, previousChapter, goChapter } = reader;
  // The direction pages turn in: the reader's choice for this series, else the title's.
  const direction = reader.prefs.direction;
  const rtlReading = direction === ReadingDirection.RightToLeft;
  const pageCount = chapter.pageCount;

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
        report={!props.apiOverride}
        saveOffline={!props.apiOverride}
        compact={isMobile}
      />
      <PageArea areaRef={areaRef} onClick={paging.onAreaClick} swipeTurns={reader.swipeTurns} heading={t("metaTitle", { manga: manga.title, chapter: chapter.title })} blurred={blurred}>
        <ReaderContent
          view={view} pageCount={pageCount} atEnd={atEnd} spread={spread} current={current}
          initialPage={props.initialPage} pages={data.pages} failed={data.failed} retry={data.retry}
          refreshSigned={data.refreshSigned} fit={fit} zoom={zoom} dataSaver={dataSaver} watermark={viewer?.username ?? null} rtlReading={rtlReading}
          sizes={props.shapes.sizes} layoutOf={reader.layoutOf}
          endCard={
            <EndCard
              mangaId={manga.id}
              chapterTitle={chapter.title}
              next={nextChapter ? { id: nextChapter.id, title: nextChapter.title, index: currentIndex + 2 } : null}
              titleHref={props.titleHref}
              onRestart={paging.restart}
              rtlArrows={rtlReading}
              nextRelease={props.nextRelease}
            />
          }
        />
      </PageArea>
      {panels.navigatorOpen && (
        <Suspense fallback={null}>
          <PageNavigator
            pageCount={pageCount}
            current={view === "vertical" ? current : first}
            pages={data.pages}
            loadPages={data.loadPages}
            onGo={paging.goToPage}
            onClose={() => panels.setNavigatorOpen(false)}
            isMobile={isMobile}
            rtlReading={rtlReading}
          />
        </Suspense>
      )}
      <ReaderFooter
        rtlReading={rtlReading}
        progress={range.last}
        label={label === null ? "" : label.key === "pagesOf" ? t("pagesOf", label) : t("pageOf", label)}
        canPrevious={paging.canPrevious}
        canNext={paging.canNext}
        onPrevious={paging.goPrevious}
        onNext={paging.goNext}
        onPreviousChapter={previousChapter ? () => goChapter("previous") : null}
        onNextChapter={nextChapter ? () => goChapter("next") : null}
        navigatorOpen={panels.navigatorOpen}
        onNavigator={() => panels.setNavigatorOpen(!panels.navigatorOpen)}
        view={view}
        onView={paging.changeView}
        fit={fit}
        onFit={(f) => reader.prefs.save({ fit: f })}
        pairing={{ coverAlone: reader.prefs.coverAlone, shift: reader.prefs.shift, onChange: reader.prefs.save }}
        zoom={zoom}
        onZoom={changeZoom}
        dataSaver={dataSaver}
        onDataSaver={(on) => reader.prefs.save({ dataSaver: on })}
        fullscreen={fullscreen}
        onFullscreen={toggleFullscreen}
        onHelp={() => panels.setHelpOpen(true)}
      />
      <ReaderPanels manga={manga} direction={direction} reading={reader.prefs} keys={reader.keys} signedIn={viewer !== null} chapterCount={chapters.length} panels={panels} overlay={overlay} blackoutUntil={blackoutUntil} />
    </div>
  );
}

/**
 * The page area (taps turn pages there), with the page's heading; blurred, with a notice, while the tab is not focused.
 * While swipes turn pages, the browser pans it only up and down and pinches it (useSwipe).
 */
function PageArea({ areaRef, onClick, swipeTurns, heading, blurred, children }: {
  areaRef: RefObject<HTMLElement | null>;
  onClick: (e: MouseEvent<HTMLElement>) => void;
  swipeTurns: boolean;
  heading: string;
  blurred: boolean;
  children: ReactNode;
}) {
  return (
    <main ref={areaRef} dir="ltr" onClick={onClick} className={`relative min-h-0 flex-1 overflow-auto overscroll-contain ${swipeTurns ? "touch-pan-y touch-pinch-zoom" : ""}`}>
      {/* The page's heading (the header's chapter menu shows the same names): "{manga} – {chapter}". */}
      <h1 dir="auto" className="sr-only" data-testid="reader-title">{heading}</h1>
      <div className={`min-h-full transition-[filter] duration-200 ${blurred ? "blur-2xl" : ""}`}>{children}</div>
      {blurred && <PausedNotice />}
    </main>
  );
}

/** What opens over the reader: the settings, the hotkeys help, the sponsored message and protection's blackout. */
function ReaderPanels({ manga, direction, reading, keys, signedIn, chapterCount, panels, overlay, blackoutUntil }: {
  manga: ReaderProps["manga"];
  direction: number;
  reading: ReadingSettings;
  keys: ReaderBindings;
  signedIn: boolean;
  chapterCount: number;
  panels: ReturnType<typeof usePanels>;
  overlay: ReturnType<typeof useSponsoredOverlay>;
  blackoutUntil: number | null;
}) {
  return (
    <>
      {panels.settingsOpen && <SettingsPanel manga={manga} chapterCount={chapterCount} reading={reading} touch={keys} onClose={() => panels.setSettingsOpen(false)} />}
      {panels.helpOpen && <HelpDialog readingDirection={direction} keys={keys} signedIn={signedIn} onClose={() => panels.setHelpOpen(false)} />}
      {overlay.open && <SponsoredOverlay key={overlay.open} band={overlay.open} onClose={overlay.closeOverlay} onShown={overlay.recordImpression} />}
      {blackoutUntil !== null && <BlackoutScreen until={blackoutUntil} />}
    </>
  );
}
