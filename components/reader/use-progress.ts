"use client";

import { useEffect } from "react";
import { READER } from "@/lib/reader-constants";
import { saveLocalProgress, type ReadingAnchor } from "./storage";
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
export function useSaveProgress(opts: {
  api: ReaderApi;
  chapterId: number;
  page: number;
  pageCount: number;
  restored: boolean;
  /** The signed-in reader, if any (the account is saved to then). */
  viewer: object | null;
  /** The vertical view's exact place (issue 32: in this browser, and on the account when signed in), or null in the paged views. */
  anchor: ReadingAnchor | null;
}) {
  const { api, chapterId, page, pageCount, restored, viewer, anchor } = opts;
  const anchorPage = anchor?.page ?? 0;
  const anchorOffset = anchor?.offset ?? 0;
  useEffect(() => {
    if (!restored || pageCount === 0) return;
    const timer = window.setTimeout(() => {
      saveLocalProgress(chapterId, page, anchorPage > 0 ? { page: anchorPage, offset: anchorOffset } : null);
    }, READER.saveProgressDebounceMs);
    return () => window.clearTimeout(timer);
  }, [restored, page, chapterId, pageCount, anchorPage, anchorOffset]);
  // The account keeps the page, and in the vertical view the exact place within it (issue 32), once scrolling settles.
  useEffect(() => {
    if (!restored || pageCount === 0 || !viewer) return;
    const place = anchorPage > 0 ? { page: anchorPage, offset: Math.round(anchorOffset * 10_000) / 10_000 } : null;
    const timer = window.setTimeout(() => void api.saveProgress(chapterId, page, place).catch(() => undefined), READER.saveProgressDebounceMs);
    return () => window.clearTimeout(timer);
  }, [restored, page, chapterId, pageCount, viewer, api, anchorPage, anchorOffset]);
}
