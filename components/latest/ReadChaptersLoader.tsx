"use client";

import { useEffect } from "react";
import { useApiQuery } from "@/components/providers/api-query";

/**
 * Which of a page's chapters the signed-in reader has opened (GET /api/chapter/ReadChapters), handed to the unread
 * markers' provider (./UnreadMarkers.tsx). A chunk of its own, loaded only once someone is signed in, so the public
 * pages that show markers (the landing, /latest) carry no query code for visitors (page weight, ADR 010).
 */
export default function ReadChaptersLoader({ ids, onRead }: { ids: string; onRead: (ids: string, read: readonly number[]) => void }) {
  const read = useApiQuery<{ chapterIds: number[] }>(["read-chapters", ids], "/api/chapter/ReadChapters", { request: { query: { ids } } });
  // The answer's identity is stable (TanStack Query shares unchanged data), so this runs once per answer.
  const chapterIds = read.data?.chapterIds;
  useEffect(() => {
    if (chapterIds) onRead(ids, chapterIds);
  }, [ids, chapterIds, onRead]);
  return null;
}
