"use client";

import { useCallback, useEffect, useMemo, useRef } from "react";
import { useRouter } from "@/i18n/navigation";
import type { MenuChapter } from "./ChapterMenu";
import { doubleScreens, isNearEnd, savedPageFor, spreadOf } from "./reader-logic";
import type { PageShapes, ReaderPage } from "./reader-utils";
import type { PanelManga } from "./SettingsPanel";
import { useHydrated } from "./use-media-query";
import { usePageData } from "./use-page-data";
import { usePaging } from "./use-paging";
import { useImagePreload, useNextChapterPreload, usePagedPrefetch } from "./use-preload";
import { useRecordView, useSaveProgress } from "./use-progress";
import { useContentProtection } from "./use-protection";
import { useReaderApi, type ReaderApi } from "./use-reader-api";
import { useFullscreen, usePanels, useZoom } from "./use-reader-controls";
import { useReaderBindings, useSwipe } from "./use-reader-bindings";
import { useReaderKeyboard } from "./use-reader-keyboard";
import { connectAccount, disconnectAccount, flushAccountSettings, type AccountReaderSettings, type ReadingAnchor } from "./storage";
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
  /** Every page's size and the chapter's spreads (issue 32): double view's pairs and the vertical view's reserved heights. */
  shapes: PageShapes;
  /** Where to open: the signed-in user's saved page, else 1 (visitors: this browser's saved page, after hydration). */
  initialPage: number;
  restoreLocally: boolean;
  viewer: { username: string; accessToken: string } | null;
  backHref: string;
  titleHref: string;
  /** When the manga's next scheduled chapter comes out (ISO instant), or null. */
  nextRelease: string | null;
  /** Calls answered otherwise (a chapter read offline, issue 32: its pages from the cache, progress queued). */
  apiOverride?: Partial<ReaderApi>;
  /** Signed in (issue 32): the account's reader settings (null when it has none yet), and its exact place in this chapter. */
  account?: { settings: AccountReaderSettings | null; anchor: ReadingAnchor | null } | null;
}

/**
 * The reader's hooks (use-*.ts) wired together: the API, preferences, content protection, the reading position,
 * zoom, panels, page data, the sponsored overlay, prefetching, the vertical view, paging, fullscreen, hotkeys,
 * view recording, progress saving and the next chapter's preload. They are called in the order their effects must run.
 */
export function useReader(props: ReaderProps) {
  const { manga, chapters, chapter, viewer } = props;
  const liveApi = useReaderApi(viewer?.accessToken ?? null);
  const { apiOverride } = props;
  const api = useMemo(() => (apiOverride ? { ...liveApi, ...apiOverride } : liveApi), [liveApi, apiOverride]);
  const hydrated = useHydrated();
  // Signed in, the settings are the account's (issue 32): connected before the store is first read.
  if (viewer && props.account) connectAccount(viewer.username, props.account.settings, api.saveReaderSettings);
  else disconnectAccount();
  useEffect(() => {
    // A change still waiting is sent when the reader goes (another chapter, another page, the tab closing).
    window.addEventListener("pagehide", flushAccountSettings);
    return () => {
      window.removeEventListener("pagehide", flushAccountSettings);
      flushAccountSettings();
    };
  }, []);
  const prefs = useReaderPrefs(manga.id, manga.readingDirection);
  const { view, fit, dataSaver, step, coverAlone, shift, direction } = prefs;
  const pageCount = chapter.pageCount;
  const spreads = useMemo(() => new Set(props.shapes.spreads), [props.shapes.spreads]);
  const screens = useMemo(() => (view === "double" ? doubleScreens(pageCount, { coverAlone, shift, spreads }) : []), [view, pageCount, coverAlone, shift, spreads]);
  // A spread alone on its screen takes two pages' width; pages of a pair share the row.
  const layoutOf = useCallback(
    (n: number, screen: readonly number[]) => ({ fit, perRow: screen.length, span: screen.length === 1 && spreads.has(n) ? 2 : 1 }),
    [fit, spreads],
  );

  const rootRef = useRef<HTMLDivElement>(null);
  const areaRef = useRef<HTMLElement>(null);
  const protection = useContentProtection(rootRef);
  const { quiet } = protection;
  const position = useReadingPosition({ chapterId: chapter.id, pageCount, initialPage: props.initialPage, restoreLocally: props.restoreLocally, accountAnchor: props.account?.anchor ?? null, hydrated, view, screens });
  const { atEnd, verticalUntil, restored, first, last, range } = position;
  const { zoom, changeZoom } = useZoom(quiet);
  const panels = usePanels();
  const data = usePageData({ api, chapter, pageCount, initialPages: props.initialPages, view, step, quiet, verticalUntil });
  const overlay = useSponsoredOverlay({ api, chapterId: chapter.id, positionKnown: hydrated && restored && pageCount > 0, range });

  const preload = useImagePreload(zoom, dataSaver);
  const nextScreen = position.next === null ? null : spreadOf(position.next, view, pageCount, screens).spread;
  usePagedPrefetch({ view, atEnd, first, last, nextScreen, step, layoutOf, loadPages: data.loadPages, preload });
  const anchor = useVerticalView({ view, areaRef, pageCount, step, setCurrent: position.setCurrent, scrollRequest: position.scrollRequest, pages: data.pages, loadPages: data.loadPages });
  const keys = useReaderBindings(direction);
  const { setSettingsOpen } = panels;
  const openMenu = useCallback(() => setSettingsOpen(true), [setSettingsOpen]);
  const paging = usePaging({ view, pageCount, readingDirection: direction, savePrefs: prefs.save, areaRef, quiet, position, tapZones: keys.tapZones, onMenu: openMenu });
  const swipeTurns = useSwipe({ areaRef, enabled: keys.swipe && view !== "vertical", zoom, sensitivity: keys.swipeSensitivity, side: keys.side, goNext: paging.goNext, goPrevious: paging.goPrevious });
  const { fullscreen, toggleFullscreen } = useFullscreen(rootRef);
  const currentIndex = chapters.findIndex((c) => c.id === chapter.id);
  const nextChapter = currentIndex >= 0 ? chapters[currentIndex + 1] : undefined;
  const previousChapter = currentIndex > 0 ? chapters[currentIndex - 1] : undefined;
  const router = useRouter();
  const goChapter = useCallback(
    (which: "next" | "previous") => {
      const target = which === "next" ? nextChapter : previousChapter;
      if (target) router.push(`/manga-reader/${manga.id}/${target.id}`);
    },
    [nextChapter, previousChapter, router, manga.id],
  );
  useReaderKeyboard({ ...panels, goChapter, overlayOpen: overlay.open !== null, readingDirection: direction, goNext: paging.goNext, goPrevious: paging.goPrevious, toggleFullscreen, changeZoom, zoom, keys: keys.keyMap });
  useRecordView(api, chapter.id);
  useSaveProgress({ api, chapterId: chapter.id, page: savedPageFor(view, position, pageCount), pageCount, restored, viewer, anchor });
  useNextChapterPreload({ api, nextChapter, nearEnd: isNearEnd(last, atEnd, pageCount), view, fit, preload });

  return {
    rootRef, areaRef, hydrated, prefs, keys, swipeTurns, spreads, layoutOf, protection, position, zoom, changeZoom, panels, data, overlay, paging,
    fullscreen, toggleFullscreen, currentIndex, nextChapter, previousChapter, goChapter,
  };
}
