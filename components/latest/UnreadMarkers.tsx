"use client";

import { createContext, useContext, type ReactNode } from "react";
import { useAuth } from "@/components/providers/use-auth";
import { useApiQuery } from "@/components/providers/api-query";
import { Badge } from "@/components/ui/Badge";

/**
 * The latest-updates page's unread marker (docs/decisions/025). The page is the same for everyone (served from the page
 * cache), so what the signed-in reader has opened is read in the browser, once for the page's chapters
 * (GET /api/chapter/ReadChapters), and only for a signed-in user: visitors send nothing. Until the answer comes no
 * marker shows (never a false "New").
 */
const ReadChapters = createContext<ReadonlySet<number> | null>(null);

export function UnreadProvider({ chapterIds, children }: { chapterIds: readonly number[]; children: ReactNode }) {
  const signedIn = useAuth().status === "authenticated";
  const ids = chapterIds.join(",");
  const read = useApiQuery<{ chapterIds: number[] }, ReadonlySet<number>>(["read-chapters", ids], "/api/chapter/ReadChapters", {
    request: { query: { ids } },
    enabled: signedIn && ids.length > 0,
    select: (data) => new Set(data.chapterIds),
  });
  return <ReadChapters.Provider value={signedIn && read.data ? read.data : null}>{children}</ReadChapters.Provider>;
}

/** "New" after a chapter the signed-in reader has not opened yet; nothing for visitors or while loading. */
export function UnreadMarker({ chapterId, text, label }: { chapterId: number; text: string; label: string }) {
  const read = useContext(ReadChapters);
  if (!read || read.has(chapterId)) return null;
  return (
    <span title={label} data-unread={chapterId}>
      <Badge tone="brand">
        <span aria-hidden>{text}</span>
        <span className="sr-only">{label}</span>
      </Badge>
    </span>
  );
}
