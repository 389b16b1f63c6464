"use client";

import { useCallback, useLayoutEffect, useMemo, useRef } from "react";
import { useLocale } from "next-intl";
import { useAuth } from "@/components/providers/use-auth";
import { apiRequest, type SessionBridge } from "@/lib/api-client";
import { refreshSessionToken } from "@/components/providers/use-api";
import type { ReaderPage } from "./reader-utils";
import type { AccountReaderSettings, ReadingAnchor } from "./storage";

interface PagedPages {
  items: Array<Omit<ReaderPage, "pageNumber"> & { pageNumber?: number; pdfPageNumber?: number }>;
  totalRecords: number;
}

/**
 * The reader's API calls. The token is the live session's; while the session is still loading, the one the
 * server rendered the page with (so a premium reader's first prefetch is not made as a visitor). A 401 rotates
 * the tokens once; the reader never signs anyone out (reading works as a visitor too).
 */
export function useReaderApi(serverToken: string | null) {
  const auth = useAuth();
  const locale = useLocale();
  const token = auth.status === "authenticated" ? auth.accessToken : auth.status === "loading" ? serverToken : null;
  const tokenRef = useRef(token);
  useLayoutEffect(() => {
    tokenRef.current = token;
  }, [token]);

  const session = useMemo<SessionBridge>(
    () => ({
      async refresh() {
        const next = await refreshSessionToken();
        if (next) tokenRef.current = next;
        return next;
      },
      async signOut() {},
    }),
    [],
  );

  const call = useCallback(
    <T,>(path: string, options: { method?: "GET" | "POST" | "PUT"; query?: Record<string, string | number>; body?: unknown; signal?: AbortSignal } = {}) =>
      apiRequest<T>(path, { ...options, locale, token: tokenRef.current, session, timeoutMs: 20_000 }),
    [locale, session],
  );

  /** Pages `pageNumber` (1-based, of `pageSize` pages) of a chapter, URLs only. */
  const fetchPages = useCallback(
    async (chapterId: number, sourceType: number, pageNumber: number, pageSize: number): Promise<ReaderPage[]> => {
      const endpoint = sourceType === 1 ? "PaginatedChapterPdfPages" : "PaginatedChapterImagePages";
      const data = await call<PagedPages>(`/api/chapter/${endpoint}`, { query: { chapterId, pageNumber, pageSize, imageFormat: "url" } });
      return data.items.map((item) => ({
        pageNumber: item.pageNumber ?? item.pdfPageNumber ?? 0,
        imageUrl: item.imageUrl,
        width: item.width,
        height: item.height,
        variants: item.variants,
        ...(item.avif ? { avif: item.avif } : {}),
      }));
    },
    [call],
  );

  const recordView = useCallback((chapterId: number) => call("/api/chapter/RecordView", { method: "POST", body: { chapterid: chapterId } }), [call]);

  /** The sponsored overlay was shown at this moment of the chapter (issue 16 §3: the writer's impressions). */
  const recordImpression = useCallback(
    (chapterId: number, position: "start" | "mid" | "end") => call("/api/chapter/RecordImpression", { method: "POST", body: { chapterId, position } }),
    [call],
  );

  /** The last page, and in the vertical view the exact place (issue 32: the page at the top edge, a fraction 0–1 down it). */
  const saveProgress = useCallback(
    (chapterId: number, pageNumber: number, anchor?: ReadingAnchor | null) =>
      call("/api/chapter/SaveProgress", { method: "POST", body: anchor ? { chapterId, pageNumber, anchorPage: anchor.page, anchorOffset: anchor.offset } : { chapterId, pageNumber } }),
    [call],
  );

  /** The reader's settings on the account (issue 32), the whole document. */
  const saveReaderSettings = useCallback(
    (settings: AccountReaderSettings) => call("/api/Authentication/Me/ReaderSettings", { method: "PUT", body: settings }),
    [call],
  );

  return useMemo(
    () => ({ fetchPages, recordView, recordImpression, saveProgress, saveReaderSettings }),
    [fetchPages, recordView, recordImpression, saveProgress, saveReaderSettings],
  );
}

export type ReaderApi = ReturnType<typeof useReaderApi>;
