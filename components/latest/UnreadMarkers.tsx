"use client";

import dynamic from "next/dynamic";
import { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import { useAuth } from "@/components/providers/use-auth";
import { Badge } from "@/components/ui/Badge";

const ReadChaptersLoader = dynamic(() => import("./ReadChaptersLoader"), { ssr: false });

/**
 * The latest-updates unread marker (docs/decisions/025), on /latest and the landing's section. The pages are the same
 * for everyone (served from the page cache), so what the signed-in reader has opened is read in the browser, once for
 * the page's chapters (./ReadChaptersLoader.tsx, loaded only for a signed-in user: visitors send and load nothing).
 * Until the answer comes no marker shows (never a false "New").
 */
const ReadChapters = createContext<ReadonlySet<number> | null>(null);

export function UnreadProvider({ chapterIds, children }: { chapterIds: readonly number[]; children: ReactNode }) {
  const signedIn = useAuth().status === "authenticated";
  const ids = chapterIds.join(",");
  const [read, setRead] = useState<{ ids: string; chapters: ReadonlySet<number> } | null>(null);
  const onRead = useCallback((asked: string, chapters: readonly number[]) => setRead({ ids: asked, chapters: new Set(chapters) }), []);
  const shown = signedIn && read?.ids === ids ? read.chapters : null;
  return (
    <ReadChapters.Provider value={shown}>
      {signedIn && ids !== "" && <ReadChaptersLoader ids={ids} onRead={onRead} />}
      {children}
    </ReadChapters.Provider>
  );
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
