"use client";

import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from "react";
import { useAuth } from "@/components/providers/use-auth";
import { Badge } from "@/components/ui/Badge";

// React's lazy rather than next/dynamic, whose loader and server bail-out cost every landing visitor ~1 kB (ADR 010).
// It is only rendered in the browser, once the session says someone is signed in.
const ReadChaptersLoader = lazy(() => import("./ReadChaptersLoader"));

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
      {signedIn && ids !== "" && (
        <Suspense fallback={null}>
          <ReadChaptersLoader ids={ids} onRead={onRead} />
        </Suspense>
      )}
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
