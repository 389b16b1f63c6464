"use client";

import { useState, type ReactNode } from "react";
import type { MenuChapter } from "./ChapterMenu";
import { ReaderHeader } from "./ReaderHeader";
import { useMediaQuery } from "./use-media-query";
import { READER } from "@/lib/reader-constants";

/** The reader's frame around a chapter the viewer cannot open (the premium lock card): header and chapter list only. */
export function LockedChapterShell(props: { backHref: string; mangaId: number; mangaTitle: string; chapters: MenuChapter[]; currentId: number; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const compact = useMediaQuery(`(max-width: ${READER.breakpoints.mobile}px)`);
  return (
    <div className="flex h-dvh flex-col bg-zinc-950 text-zinc-100">
      <ReaderHeader
        backHref={props.backHref}
        mangaId={props.mangaId}
        mangaTitle={props.mangaTitle}
        chapters={props.chapters}
        currentId={props.currentId}
        menuOpen={menuOpen}
        onMenuOpenChange={setMenuOpen}
        compact={compact}
      />
      <main className="flex min-h-0 flex-1 overflow-auto p-4">{props.children}</main>
    </div>
  );
}
