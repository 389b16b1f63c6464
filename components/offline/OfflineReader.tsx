"use client";

import { useEffect, useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import { Reader } from "@/components/reader/Reader";
import type { ReaderApi } from "@/components/reader/use-reader-api";
import { AdFreeProvider } from "@/components/premium/AdFree";
import { Banner } from "@/components/ui/Banner";
import { isAdFreeNow, readerPagesOf, shapesOf, type OfflineRecord } from "@/lib/offline/offline-logic";
import { openImages, queueProgress } from "./offline-store";

/**
 * A saved chapter in the site's own reader (issue 32, item 6), with no network: every page and its image come from
 * this browser (the images as object URLs of the cached copies), views and sponsored impressions are not counted, and
 * the account's progress is queued (offline-store.ts) and sent when the network is back. The reader's protections run
 * as they do online; the watermark is the account that saved the chapter.
 */
export function OfflineReader({ record }: { record: OfflineRecord }) {
  const t = useTranslations("offline");
  const [images, setImages] = useState<Map<number, string> | null | "missing">(null);
  // Judged when the copy is opened: a subscription that ends while reading ends at the next opening.
  const [adFree] = useState(() => isAdFreeNow(record, Date.now()));

  useEffect(() => {
    let cancelled = false;
    let opened: Map<number, string> | null = null;
    void openImages(record).then((found) => {
      if (cancelled) {
        for (const url of found?.values() ?? []) URL.revokeObjectURL(url);
        return;
      }
      opened = found;
      setImages(found ?? "missing");
    });
    return () => {
      cancelled = true;
      for (const url of opened?.values() ?? []) URL.revokeObjectURL(url);
    };
  }, [record]);

  const pages = useMemo(() => (images instanceof Map ? readerPagesOf(record.pages, (p) => images.get(p.pageNumber) ?? "") : []), [images, record.pages]);
  const shapes = useMemo(() => shapesOf(record.pages), [record.pages]);
  const api = useMemo<Partial<ReaderApi>>(
    () => ({
      fetchPages: async () => pages,
      recordView: async () => undefined,
      recordImpression: async () => undefined,
      saveProgress: async (chapterId: number, pageNumber: number) => {
        if (record.username) queueProgress(record.username, chapterId, pageNumber);
      },
    }),
    [pages, record.username],
  );

  if (images === "missing") {
    return (
      <div className="mx-auto max-w-xl p-6">
        <Banner tone="error" testId="offline-missing">{t("errorMissing")}</Banner>
      </div>
    );
  }
  if (images === null) return <p className="p-6 text-sm text-zinc-400" role="status">{t("opening")}</p>;

  return (
    <AdFreeProvider adFree={adFree}>
      <Reader
        manga={{
          id: record.mangaId,
          title: record.mangaTitle,
          description: record.description,
          coverImageUrl: null,
          genres: record.genres,
          author: record.author,
          views: record.views,
          favorites: record.favorites,
          readingDirection: record.readingDirection,
        }}
        chapters={[{ id: record.chapterId, title: record.chapterTitle, number: record.chapterNumber, status: 1, isPremium: record.isPremium, freeAt: null, progress: null }]}
        chapter={{ id: record.chapterId, title: record.chapterTitle, pageCount: record.pages.length, sourceType: record.sourceType }}
        initialPages={pages}
        shapes={shapes}
        initialPage={1}
        restoreLocally
        viewer={record.username ? { username: record.username, accessToken: "" } : null}
        backHref="/offline"
        titleHref="/offline"
        nextRelease={null}
        apiOverride={api}
      />
    </AdFreeProvider>
  );
}
