"use client";

import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { isSignedMediaUrl } from "@/lib/media-url";
import { pagesCoveredBy } from "./reader-logic";
import { apiPagesFor, type ReaderPage, type ViewMode } from "./reader-utils";
import type { ReaderApi } from "./use-reader-api";

/**
 * A premium chapter's pages come with signed URLs that expire (docs/decisions/018): when such an image fails, the
 * page's batch is fetched again for fresh URLs, once per URL (a second failure shows the retry).
 */
function useSignedRefresh(
  pagesRef: RefObject<Record<number, ReaderPage>>,
  loadPages: (from: number, to: number, size: number) => Promise<ReaderPage[]>,
  step: number,
) {
  const refreshed = useRef(new Set<string>());
  return useCallback(
    (n: number): boolean => {
      const page = pagesRef.current[n];
      if (!page || !isSignedMediaUrl(page.imageUrl) || refreshed.current.has(page.imageUrl)) return false;
      refreshed.current.add(page.imageUrl);
      const { [n]: _stale, ...rest } = pagesRef.current;
      pagesRef.current = rest;
      void loadPages(n, n, step);
      return true;
    },
    [pagesRef, loadPages, step],
  );
}

/**
 * The chapter's page data (owns: the pages fetched so far and those that failed; fetching a range in the API's
 * batches of `size`, each batch once at a time; retrying a page; and fetching a premium page again when its
 * signed URL has expired). Pages are fetched by URL (imageFormat=url).
 */
export function usePageData(opts: {
  api: ReaderApi;
  chapter: { id: number; sourceType: number };
  pageCount: number;
  /** Pages the server already loaded. */
  initialPages: ReaderPage[];
  view: ViewMode;
  step: number;
  /** Tells content protection that heavy work is under way. */
  quiet: () => void;
  verticalUntil: number;
}) {
  const { api, chapter, pageCount, view, step, quiet, verticalUntil } = opts;
  const [pages, setPages] = useState<Record<number, ReaderPage>>(() => Object.fromEntries(opts.initialPages.map((p) => [p.pageNumber, p])));
  const [failed, setFailed] = useState<Record<number, true>>({});
  const pagesRef = useRef(pages);
  const inflight = useRef(new Set<string>());

  // The fetchers read the latest pages from the ref; it is set from state again whenever the vertical list grows too
  // (as the reader always has: a page set aside for fresh signed URLs is back from state until its new URLs land).
  useEffect(() => {
    pagesRef.current = pages;
  }, [pages, verticalUntil]);

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
          const covered = pagesCoveredBy(apiPage, size, pageCount);
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
            if (view === "vertical") console.warn("[reader] could not load pages", err);
            setFailed((prev) => ({ ...prev, ...Object.fromEntries(covered.filter((n) => !pagesRef.current[n]).map((n) => [n, true as const])) }));
          } finally {
            inflight.current.delete(key);
          }
        }),
      );
      return have();
    },
    [api, chapter.id, chapter.sourceType, view, pageCount, quiet],
  );

  const retry = (n: number) => void loadPages(n, n, step);

  const refreshSigned = useSignedRefresh(pagesRef, loadPages, step);

  return { pages, failed, loadPages, retry, refreshSigned };
}
