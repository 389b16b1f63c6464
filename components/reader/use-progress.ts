"use client";

import { useEffect } from "react";
import { READER } from "@/lib/reader-constants";
import { saveLocalProgress } from "./storage";
import type { ReaderApi } from "./use-reader-api";

/** The chapter's view (owns: recording one view after 10 s on the chapter, spec §4; failures are ignored). */
export function useRecordView(api: ReaderApi, chapterId: number) {
  useEffect(() => {
    const timer = window.setTimeout(() => void api.recordView(chapterId).catch(() => undefined), READER.recordViewAfterMs);
    return () => window.clearTimeout(timer);
  }, [api, chapterId]);
}

/**
 * Reading progress (owns: saving the page once the reader settles on it, in this browser always and to the account
 * too when signed in; nothing before a visitor's saved page is restored, nothing for a chapter without pages).
 */
export function useSaveProgress(opts: { api: ReaderApi; chapterId: number; page: number; pageCount: number; restored: boolean; /** The signed-in reader, if any (the account is saved to then). */ viewer: object | null }) {
  const { api, chapterId, page, pageCount, restored, viewer } = opts;
  useEffect(() => {
    if (!restored || pageCount === 0) return;
    const timer = window.setTimeout(() => {
      saveLocalProgress(chapterId, page);
      if (viewer) void api.saveProgress(chapterId, page).catch(() => undefined);
    }, READER.saveProgressDebounceMs);
    return () => window.clearTimeout(timer);
  }, [restored, page, chapterId, pageCount, viewer, api]);
}
