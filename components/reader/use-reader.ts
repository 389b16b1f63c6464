"use client";

import { useRef } from "react";
import type { MenuChapter } from "./ChapterMenu";
import { isNearEnd, savedPageFor } from "./reader-logic";
import type { ReaderPage } from "./reader-utils";
import type { PanelManga } from "./SettingsPanel";
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
 * The reader's hooks (use-*.ts) wired together: the API, preferences, content protection, the reading position,
 * zoom, panels, page data, the sponsored overlay, prefetching, the vertical view, paging, fullscreen, hotkeys,
 * view recording, progress saving and the next chapter's preload. They are called in the order their effects must run.
 */
export function useReader(props: ReaderProps) {
  const { manga, chapters, chapter, viewer } = props;
  const api = useReaderApi(viewer?.accessToken ?? null);
  const hydrated = useHydrated();
  const prefs = useReaderPrefs(manga.readingDirection);
  const { view, fit, dataSaver, step } = prefs;
  const pageCount = chapter.pageCount;

  const rootRef = useRef<HTMLDivElement>(null);
  const areaRef = useRef<HTMLElement>(null);
  const protection = useContentProtection(rootRef);
  const { quiet } = protection;
  const position = useReadingPosition({ chapterId: chapter.id, pageCount, initialPage: props.initialPage, restoreLocally: props.restoreLocally, hydrated, view });
  const { atEnd, verticalUntil, restored, first, last, range } = position;
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

  return {
    rootRef, areaRef, hydrated, prefs, protection, position, zoom, changeZoom, panels, data, overlay, sentinelRef, paging,
    fullscreen, toggleFullscreen, currentIndex, nextChapter,
  };
}
