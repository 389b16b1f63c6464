"use client";

import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type MouseEvent } from "react";
import { useTranslations } from "next-intl";
import { ReadingDirection } from "@/lib/enums";
import { isSignedMediaUrl } from "@/lib/media-url";
import { READER } from "@/lib/reader-constants";
import type { MenuChapter } from "./ChapterMenu";
import { EndCard } from "./EndCard";
import { HelpDialog } from "./HelpDialog";
import { PageImage } from "./PageImage";
import { BlackoutScreen, PausedNotice } from "./ProtectionScreens";
import { ReaderFooter } from "./ReaderFooter";
import { ReaderHeader } from "./ReaderHeader";
import {
  apiPagesFor, arrowStep, batchSize, clampZoom, overlayFor, progressPercent, sourcesFor, spreadStart,
  type FitMode, type OverlayBand, type ReaderPage, type ViewMode,
} from "./reader-utils";
import { SettingsPanel, type PanelManga } from "./SettingsPanel";
import { SponsoredOverlay } from "./SponsoredOverlay";
import { getPrefs, getServerPrefs, loadLocalProgress, saveLocalProgress, setPrefs, subscribePrefs } from "./storage";
import { useHydrated, useMediaQuery } from "./use-media-query";
import { useContentProtection } from "./use-protection";
import { useReaderApi } from "./use-reader-api";

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

type OverlayState = { at: string | null; previous: number | null; shown: readonly OverlayBand[]; open: OverlayBand | null };

/**
 * The chapter reader (spec §2, §4, §7, §9; issue 5): single, double and vertical views, prefetching, zoom,
 * hotkeys in the title's reading direction, progress saving, the sponsored overlay, view recording and
 * content protection. Pages are fetched by URL (imageFormat=url) in the spec's batch sizes.
 */
export function Reader(props: ReaderProps) {
  const { manga, chapters, chapter, viewer } = props;
  const t = useTranslations("reader");
  const api = useReaderApi(viewer?.accessToken ?? null);
  const hydrated = useHydrated();
  const isMobile = useMediaQuery(`(max-width: ${READER.breakpoints.mobile}px)`);
  const prefs = useSyncExternalStore(subscribePrefs, getPrefs, getServerPrefs);
  const rtlReading = manga.readingDirection === ReadingDirection.RightToLeft;
  const pageCount = chapter.pageCount;

  const defaultView: ViewMode = manga.readingDirection === ReadingDirection.Vertical ? "vertical" : "single";
  const view: ViewMode = prefs.view ?? defaultView;
  // Spec §4: double view is unavailable below 768 px, forced to single.
  const effectiveView: ViewMode = view === "double" && isMobile ? "single" : view;
  const fit: FitMode = prefs.fit ?? "height";
  const dataSaver = prefs.dataSaver ?? false;
  const step = batchSize(effectiveView, isMobile);

  const [zoom, setZoom] = useState(1);
  const [pages, setPages] = useState<Record<number, ReaderPage>>(() => Object.fromEntries(props.initialPages.map((p) => [p.pageNumber, p])));
  const [failed, setFailed] = useState<Record<number, true>>({});
  const [current, setCurrent] = useState(() => clampPage(props.initialPage, pageCount));
  const [atEnd, setAtEnd] = useState(false);
  const [verticalUntil, setVerticalUntil] = useState(() => Math.min(pageCount, Math.max(props.initialPage, 1) + READER.verticalBatch - 1));
  const [menuOpen, setMenuOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [overlay, setOverlay] = useState<OverlayState>({ at: null, previous: null, shown: [], open: null });
  const [restored, setRestored] = useState(!props.restoreLocally);

  const rootRef = useRef<HTMLDivElement>(null);
  const areaRef = useRef<HTMLElement>(null);
  const pagesRef = useRef(pages);
  const inflight = useRef(new Set<string>());
  const preloaded = useRef(new Map<string, HTMLImageElement>());
  // Vertical view: a page to scroll to once it is on the page (restore, keys, view switch); `seq` makes each request new.
  const [scrollRequest, setScrollRequest] = useState<{ page: number; seq: number } | null>(() => (props.initialPage > 1 ? { page: props.initialPage, seq: 1 } : null));
  const handledScroll = useRef(0);
  const requestScroll = useCallback((page: number) => setScrollRequest((r) => ({ page, seq: (r?.seq ?? 1) + 1 })), []);
  const { blackoutUntil, blurred, quiet } = useContentProtection(rootRef);

  const verticalUntilRef = useRef(verticalUntil);
  useEffect(() => {
    pagesRef.current = pages;
    verticalUntilRef.current = verticalUntil;
  }, [pages, verticalUntil]);

  // Visitors: this browser's saved page for the chapter, once hydrated (derived state, no effect needed).
  if (hydrated && !restored) {
    setRestored(true);
    const saved = loadLocalProgress(chapter.id);
    if (saved !== null && saved > 1) {
      setCurrent(clampPage(saved, pageCount));
      setVerticalUntil(Math.min(pageCount, saved + READER.verticalBatch - 1));
      setScrollRequest((r) => ({ page: saved, seq: (r?.seq ?? 1) + 1 }));
    }
  }

  const first = spreadStart(current, effectiveView);
  const last = effectiveView === "double" ? Math.min(pageCount, first + 1) : first;
  const range = useMemo(
    () => ({ first: atEnd ? 100 : progressPercent(first, pageCount), last: atEnd ? 100 : progressPercent(last, pageCount) }),
    [atEnd, first, last, pageCount],
  );

  // The sponsored overlay, evaluated whenever the position changes (once hydrated and restored).
  const positionKey = hydrated && restored && pageCount > 0 ? `${range.first}:${range.last}` : null;
  if (positionKey !== null && positionKey !== overlay.at && overlay.open === null) {
    const band = overlayFor(overlay.previous, range, new Set(overlay.shown));
    setOverlay({ at: positionKey, previous: range.last, shown: band ? [...overlay.shown, band] : overlay.shown, open: band });
  }
  const closeOverlay = useCallback(() => setOverlay((o) => ({ ...o, open: null })), []);
  const recordImpression = useCallback((band: OverlayBand) => void api.recordImpression(chapter.id, band).catch(() => undefined), [api, chapter.id]);

  /* ---------------------------------------------------------------- page data */

  const loadPages = useCallback(
    async (from: number, to: number, size: number): Promise<ReaderPage[]> => {
      const lo = Math.max(1, from);
      const hi = Math.min(pageCount, to);
      if (hi < lo) return [];
      const have = () => Array.from({ length: hi - lo + 1 }, (_, i) => pagesRef.current[lo + i]).filter((p): p is ReaderPage => p !== undefined);
      const missing = Array.from({ length: hi - lo + 1 }, (_, i) => lo + i).filter((n) => !pagesRef.current[n]);
      if (missing.length === 0) return have();
      const numbers = apiPagesFor(Math.min(...missing), Math.max(...missing), size);
      await Promise.all(
        numbers.map(async (apiPage) => {
          const key = `${size}:${apiPage}`;
          if (inflight.current.has(key)) return;
          inflight.current.add(key);
          const covered = Array.from({ length: size }, (_, i) => (apiPage - 1) * size + 1 + i).filter((n) => n <= pageCount);
          try {
            const items = await api.fetchPages(chapter.id, chapter.sourceType, apiPage, size);
            quiet();
            const byNumber = Object.fromEntries(items.map((p) => [p.pageNumber, p]));
            pagesRef.current = { ...pagesRef.current, ...byNumber };
            setPages((prev) => ({ ...prev, ...byNumber }));
            setFailed((prev) => {
              const next = { ...prev };
              for (const n of covered) delete next[n];
              return next;
            });
          } catch (err) {
            if (effectiveView === "vertical") console.warn("[reader] could not load pages", err);
            setFailed((prev) => ({ ...prev, ...Object.fromEntries(covered.filter((n) => !pagesRef.current[n]).map((n) => [n, true as const])) }));
          } finally {
            inflight.current.delete(key);
          }
        }),
      );
      return have();
    },
    [api, chapter.id, chapter.sourceType, effectiveView, pageCount, quiet],
  );

  const preload = useCallback(
    (page: ReaderPage, layout: { fit: FitMode; perRow: number }) => {
      const sources = sourcesFor(page, { zoom, dataSaver, ...layout });
      const key = `${sources.srcSet ?? sources.src}|${sources.sizes ?? ""}`;
      if (preloaded.current.has(key)) return;
      const img = new Image();
      img.decoding = "async";
      if (sources.sizes) img.sizes = sources.sizes;
      if (sources.srcSet) img.srcset = sources.srcSet;
      img.src = sources.src;
      preloaded.current.set(key, img);
    },
    [zoom, dataSaver],
  );

  // What is on screen is loaded now; the next step is fetched and its images preloaded after 300 ms (spec §7).
  useEffect(() => {
    if (effectiveView === "vertical" || atEnd) return;
    void loadPages(first, first + step - 1, step);
    const timer = window.setTimeout(() => {
      const perRow = effectiveView === "double" ? 2 : 1;
      void loadPages(first + step, first + 2 * step - 1, step).then((next) => next.forEach((p) => preload(p, { fit, perRow })));
    }, READER.prefetchDelayMs);
    return () => window.clearTimeout(timer);
  }, [effectiveView, atEnd, first, step, fit, loadPages, preload]);

  // Vertical view: pages 1…verticalUntil are on the page; their data is loaded in batches.
  useEffect(() => {
    if (effectiveView !== "vertical") return;
    void loadPages(1, verticalUntil, step);
  }, [effectiveView, verticalUntil, step, loadPages]);

  // Vertical view: load the next batch when the end of the list comes within 300 px.
  const sentinelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (effectiveView !== "vertical") return;
    const target = sentinelRef.current;
    if (!target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVerticalUntil((v) => Math.min(pageCount, v + step));
      },
      { root: areaRef.current, rootMargin: `0px 0px ${READER.loadMoreWithinPx}px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [effectiveView, pageCount, step, verticalUntil]);

  // Vertical view: the page being read is the last one whose top passed a third of the screen (after 200 ms of calm),
  // or the last page once scrolled to the very end.
  useEffect(() => {
    const area = areaRef.current;
    if (effectiveView !== "vertical" || !area) return;
    let timer: number | undefined;
    const onScroll = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const limit = area.getBoundingClientRect().top + area.clientHeight / 3;
        let seen = 1;
        for (const el of area.querySelectorAll<HTMLElement>("[data-page]")) {
          if (el.getBoundingClientRect().top <= limit) seen = Number(el.dataset.page);
          else break;
        }
        const bottom = area.scrollTop + area.clientHeight >= area.scrollHeight - 4;
        setCurrent(bottom && verticalUntilRef.current >= pageCount ? pageCount : seen);
      }, READER.scrollSettleMs);
    };
    area.addEventListener("scroll", onScroll, { passive: true });
    // Pages added or sized below do not scroll, but can change which page is read (e.g. at the bottom).
    const resize = new ResizeObserver(onScroll);
    if (area.firstElementChild) resize.observe(area.firstElementChild);
    return () => {
      area.removeEventListener("scroll", onScroll);
      resize.disconnect();
      window.clearTimeout(timer);
    };
  }, [effectiveView, pageCount]);

  // Vertical view: scroll to a page asked for before it was on the page (restore, keys, view switch).
  useEffect(() => {
    if (effectiveView !== "vertical" || !scrollRequest || handledScroll.current === scrollRequest.seq) return;
    const el = areaRef.current?.querySelector<HTMLElement>(`[data-page="${scrollRequest.page}"]`);
    if (el) {
      el.scrollIntoView({ block: "start" });
      handledScroll.current = scrollRequest.seq;
    }
  }, [effectiveView, scrollRequest, verticalUntil, pages]);

  /* ---------------------------------------------------------------- navigation */

  const canPrevious = effectiveView === "vertical" ? current > 1 : atEnd || first > 1;
  const canNext = effectiveView === "vertical" ? current < pageCount : !atEnd && pageCount > 0;

  const scrollToPage = useCallback((n: number) => {
    const el = areaRef.current?.querySelector<HTMLElement>(`[data-page="${n}"]`);
    if (el) el.scrollIntoView({ block: "start", behavior: "smooth" });
    else {
      requestScroll(n);
      setVerticalUntil((v) => Math.max(v, Math.min(pageCount, n + READER.verticalBatch - 1)));
    }
  }, [pageCount, requestScroll]);

  const goNext = useCallback(() => {
    quiet();
    if (effectiveView === "vertical") {
      if (current < pageCount) {
        setCurrent(current + 1);
        scrollToPage(current + 1);
      }
      return;
    }
    if (atEnd) return;
    if (first + step > pageCount) setAtEnd(true);
    else setCurrent(first + step);
    areaRef.current?.scrollTo({ top: 0 });
  }, [quiet, effectiveView, current, pageCount, scrollToPage, atEnd, first, step]);

  const goPrevious = useCallback(() => {
    quiet();
    if (effectiveView === "vertical") {
      if (current > 1) {
        setCurrent(current - 1);
        scrollToPage(current - 1);
      }
      return;
    }
    if (atEnd) setAtEnd(false);
    else if (first > 1) setCurrent(Math.max(1, first - step));
    areaRef.current?.scrollTo({ top: 0 });
  }, [quiet, effectiveView, current, scrollToPage, atEnd, first, step]);

  const restart = useCallback(() => {
    setAtEnd(false);
    setCurrent(1);
    if (effectiveView === "vertical") scrollToPage(1);
    else areaRef.current?.scrollTo({ top: 0 });
  }, [effectiveView, scrollToPage]);

  const changeView = useCallback(
    (next: ViewMode) => {
      quiet();
      setPrefs({ view: next });
      setAtEnd(false);
      if (next === "vertical") {
        requestScroll(current);
        setVerticalUntil((v) => Math.max(v, Math.min(pageCount, current + READER.verticalBatch - 1)));
      }
    },
    [quiet, current, pageCount, requestScroll],
  );

  const changeZoom = useCallback((z: number) => {
    quiet();
    setZoom(clampZoom(z));
  }, [quiet]);

  const toggleFullscreen = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void rootRef.current?.requestFullscreen?.().catch(() => undefined);
  }, []);

  useEffect(() => {
    const onChange = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  // Hotkeys (spec §9): ←/→ in the title's reading direction, F fullscreen, R reset zoom, +/− zoom, Escape.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || overlay.open) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable=true]")) return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === "Escape") {
        if (menuOpen || settingsOpen || helpOpen) {
          setMenuOpen(false);
          setSettingsOpen(false);
          setHelpOpen(false);
        } else if (document.fullscreenElement) toggleFullscreen();
        return;
      }
      if (settingsOpen || helpOpen) return;
      const direction = arrowStep(e.key, manga.readingDirection);
      if (direction !== 0) {
        e.preventDefault();
        if (direction > 0) goNext();
        else goPrevious();
        return;
      }
      const key = e.key.toLowerCase();
      if (key === "f") toggleFullscreen();
      else if (key === "r") changeZoom(1);
      else if (key === "+" || key === "=") changeZoom(zoom + READER.zoom.step);
      else if (key === "-" || key === "_") changeZoom(zoom - READER.zoom.step);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [overlay.open, menuOpen, settingsOpen, helpOpen, manga.readingDirection, goNext, goPrevious, toggleFullscreen, changeZoom, zoom]);

  // Tapping the outer thirds of the page area turns pages (phones), in the reading direction.
  const onAreaClick = (e: MouseEvent<HTMLElement>) => {
    if (effectiveView === "vertical" || atEnd || (e.target as HTMLElement).closest("button, a")) return;
    const box = e.currentTarget.getBoundingClientRect();
    const x = (e.clientX - box.left) / box.width;
    const key = x < 0.35 ? "ArrowLeft" : x > 0.65 ? "ArrowRight" : null;
    if (!key) return;
    if (arrowStep(key, manga.readingDirection) > 0) goNext();
    else goPrevious();
  };

  /* ---------------------------------------------------------------- side effects of reading */

  // Spec §4: one view recorded after 10 s on the chapter; failures are ignored.
  useEffect(() => {
    const timer = window.setTimeout(() => void api.recordView(chapter.id).catch(() => undefined), READER.recordViewAfterMs);
    return () => window.clearTimeout(timer);
  }, [api, chapter.id]);

  // Progress: this browser always; the account too when signed in (after the reader settles on a page).
  const savedPage = atEnd ? pageCount : effectiveView === "double" ? last : current;
  useEffect(() => {
    if (!restored || pageCount === 0) return;
    const timer = window.setTimeout(() => {
      saveLocalProgress(chapter.id, savedPage);
      if (viewer) void api.saveProgress(chapter.id, savedPage).catch(() => undefined);
    }, READER.saveProgressDebounceMs);
    return () => window.clearTimeout(timer);
  }, [restored, savedPage, chapter.id, pageCount, viewer, api]);

  // Near the end, the next chapter's first page is fetched and preloaded (its route is prefetched by the end card's link).
  const currentIndex = chapters.findIndex((c) => c.id === chapter.id);
  const nextChapter = currentIndex >= 0 ? chapters[currentIndex + 1] : undefined;
  const nearEnd = pageCount > 0 && (atEnd || last >= pageCount - 1);
  useEffect(() => {
    if (!nearEnd || !nextChapter || nextChapter.isPremium) return;
    let cancelled = false;
    void api
      .fetchPages(nextChapter.id, 0, 1, 1)
      .then((items) => {
        if (!cancelled) items.forEach((p) => preload(p, { fit: effectiveView === "vertical" ? "width" : fit, perRow: effectiveView === "double" ? 2 : 1 }));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [nearEnd, nextChapter, api, preload, effectiveView, fit]);

  /* ---------------------------------------------------------------- render */

  const watermark = viewer?.username ?? null;
  const spread = effectiveView === "double" ? [first, first + 1].filter((n) => n <= pageCount) : [first];
  const label =
    pageCount === 0
      ? ""
      : spread.length > 1 && effectiveView !== "vertical"
        ? t("pagesOf", { first, last, total: pageCount })
        : t("pageOf", { current: effectiveView === "vertical" ? current : first, total: pageCount });
  const retry = (n: number) => void loadPages(n, n, step);
  // A premium chapter's pages come with signed URLs that expire (docs/decisions/018): when such an image fails, the
  // page's batch is fetched again for fresh URLs, once per URL (a second failure shows the retry).
  const refreshed = useRef(new Set<string>());
  const refreshSigned = useCallback(
    (n: number): boolean => {
      const page = pagesRef.current[n];
      if (!page || !isSignedMediaUrl(page.imageUrl) || refreshed.current.has(page.imageUrl)) return false;
      refreshed.current.add(page.imageUrl);
      const { [n]: _stale, ...rest } = pagesRef.current;
      pagesRef.current = rest;
      void loadPages(n, n, step);
      return true;
    },
    [loadPages, step],
  );
  const endCard = (
    <EndCard
      mangaId={manga.id}
      chapterTitle={chapter.title}
      next={nextChapter ? { id: nextChapter.id, title: nextChapter.title, index: currentIndex + 2 } : null}
      titleHref={props.titleHref}
      onRestart={restart}
      rtlArrows={rtlReading}
    />
  );

  let content: React.ReactNode;
  if (pageCount === 0) {
    content = <ChapterError />;
  } else if (effectiveView === "vertical") {
    const count = Math.min(verticalUntil, pageCount);
    content = (
      <div className="flex min-h-full w-max min-w-full flex-col items-center py-2" data-testid="vertical-view">
        {Array.from({ length: count }, (_, i) => i + 1).map((n) => (
          <PageImage
            key={n}
            pageNumber={n}
            page={pages[n]}
            failed={failed[n]}
            onRetry={() => retry(n)}
            onImageError={() => refreshSigned(n)}
            fit="width"
            perRow={1}
            zoom={zoom}
            dataSaver={dataSaver}
            watermark={watermark}
            priority={n === props.initialPage}
            lazy={Math.abs(n - current) > 2}
          />
        ))}
        <div ref={sentinelRef} aria-hidden className="h-px w-full" />
        {count < pageCount ? (
          <p role="status" className="py-6 text-sm text-zinc-500">{t("loadingMore")}</p>
        ) : (
          <div className="w-screen max-w-full px-3">{endCard}</div>
        )}
      </div>
    );
  } else if (atEnd) {
    content = <div className="flex min-h-full items-center justify-center p-3">{endCard}</div>;
  } else {
    content = (
      <div className="flex min-h-full w-max min-w-full p-2" data-testid={`${effectiveView}-view`}>
        <div className={`m-auto flex items-center gap-1 ${rtlReading ? "flex-row-reverse" : ""}`}>
          {spread.map((n) => (
            <PageImage
              key={n}
              pageNumber={n}
              page={pages[n]}
              failed={failed[n]}
              onRetry={() => retry(n)}
              onImageError={() => refreshSigned(n)}
              fit={fit}
              perRow={spread.length}
              zoom={zoom}
              dataSaver={dataSaver}
              watermark={watermark}
              priority
            />
          ))}
        </div>
      </div>
    );
  }

  return (
    <div
      ref={rootRef}
      data-testid="reader"
      data-view={effectiveView}
      data-page={effectiveView === "vertical" ? current : first}
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
        menuOpen={menuOpen}
        onMenuOpenChange={setMenuOpen}
        onOpenSettings={() => setSettingsOpen(true)}
        report
        compact={isMobile}
      />
      <main ref={areaRef} dir="ltr" onClick={onAreaClick} className="relative min-h-0 flex-1 overflow-auto overscroll-contain">
        {/* The page's heading (the header's chapter menu shows the same names): "{manga} – {chapter}". */}
        <h1 dir="auto" className="sr-only" data-testid="reader-title">{t("metaTitle", { manga: manga.title, chapter: chapter.title })}</h1>
        <div className={`min-h-full transition-[filter] duration-200 ${blurred ? "blur-2xl" : ""}`}>{content}</div>
        {blurred && <PausedNotice />}
      </main>
      <ReaderFooter
        rtlReading={rtlReading}
        progress={range.last}
        label={label}
        canPrevious={canPrevious}
        canNext={canNext}
        onPrevious={goPrevious}
        onNext={goNext}
        view={effectiveView}
        onView={changeView}
        doubleAvailable={!isMobile}
        fit={fit}
        onFit={(f) => setPrefs({ fit: f })}
        zoom={zoom}
        onZoom={changeZoom}
        dataSaver={dataSaver}
        onDataSaver={(on) => setPrefs({ dataSaver: on })}
        fullscreen={fullscreen}
        onFullscreen={toggleFullscreen}
        onHelp={() => setHelpOpen(true)}
      />
      {settingsOpen && <SettingsPanel manga={manga} chapterCount={chapters.length} onClose={() => setSettingsOpen(false)} />}
      {helpOpen && <HelpDialog readingDirection={manga.readingDirection} onClose={() => setHelpOpen(false)} />}
      {overlay.open && <SponsoredOverlay key={overlay.open} band={overlay.open} onClose={closeOverlay} onShown={recordImpression} />}
      {blackoutUntil !== null && <BlackoutScreen until={blackoutUntil} />}
    </div>
  );
}

function clampPage(page: number, pageCount: number): number {
  return Math.max(1, Math.min(Number.isFinite(page) ? Math.trunc(page) : 1, Math.max(1, pageCount)));
}

/** Spec §8: the chapter could not be shown (no pages yet, or they could not be loaded). */
export function ChapterError() {
  const t = useTranslations("reader");
  return (
    <div role="alert" data-testid="chapter-error" className="flex min-h-full flex-col items-center justify-center gap-3 p-6 text-center">
      <h2 className="text-xl font-bold text-white">{t("errorTitle")}</h2>
      <p className="max-w-sm text-sm text-zinc-400">{t("errorText")}</p>
      <button type="button" onClick={() => window.location.reload()} className="mt-2 rounded-full bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700">
        {t("reload")}
      </button>
    </div>
  );
}
