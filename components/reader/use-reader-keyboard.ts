"use client";

import { useEffect } from "react";
import { READER } from "@/lib/reader-constants";
import type { KeyAction } from "@/lib/reader-keys";
import { readerKeyAction } from "./reader-logic";

/**
 * Hotkeys (owns: the window's key listener; spec §9, see readerKeyAction). Keys typed into a field, keys another
 * handler took, and every key while the sponsored overlay is open are left alone.
 */
export function useReaderKeyboard(opts: {
  overlayOpen: boolean;
  menuOpen: boolean;
  settingsOpen: boolean;
  helpOpen: boolean;
  navigatorOpen: boolean;
  setNavigatorOpen: (open: boolean) => void;
  setHelpOpen: (open: boolean) => void;
  /** Opens the next or previous chapter (no-op at the manga's ends). */
  goChapter: (which: "next" | "previous") => void;
  closePanels: () => void;
  readingDirection: number;
  goNext: () => void;
  goPrevious: () => void;
  toggleFullscreen: () => void;
  changeZoom: (zoom: number) => void;
  zoom: number;
  /** The reader's key bindings for this direction (issue 32, use-reader-bindings.ts). */
  keys: ReadonlyMap<string, KeyAction>;
}) {
  const { overlayOpen, menuOpen, settingsOpen, helpOpen, navigatorOpen, setNavigatorOpen, setHelpOpen, goChapter, closePanels, readingDirection, goNext, goPrevious, toggleFullscreen, changeZoom, zoom, keys } = opts;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || overlayOpen) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable=true]")) return;
      const action = readerKeyAction(e, { menuOpen, settingsOpen, helpOpen, navigatorOpen, fullscreen: Boolean(document.fullscreenElement), readingDirection, keys });
      if (action === "next" || action === "previous") {
        e.preventDefault();
        if (action === "next") goNext();
        else goPrevious();
      } else if (action === "closePanels") {
        // A panel drawn as a modal <dialog> (settings, help) closes itself on Escape and gives the focus back to its
        // button; closing it here first would leave the focus on the page.
        if (!target?.closest("dialog[open]")) closePanels();
      }
      else if (action === "nextChapter") goChapter("next");
      else if (action === "previousChapter") goChapter("previous");
      else if (action === "goToPage") {
        e.preventDefault(); // the G is not typed into the field that opens
        setNavigatorOpen(!navigatorOpen);
      }
      else if (action === "openHelp") {
        e.preventDefault();
        setHelpOpen(true);
      }
      else if (action === "exitFullscreen" || action === "toggleFullscreen") toggleFullscreen();
      else if (action === "resetZoom") changeZoom(1);
      else if (action === "zoomIn") changeZoom(zoom + READER.zoom.step);
      else if (action === "zoomOut") changeZoom(zoom - READER.zoom.step);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [overlayOpen, menuOpen, settingsOpen, helpOpen, navigatorOpen, setNavigatorOpen, setHelpOpen, goChapter, closePanels, readingDirection, goNext, goPrevious, toggleFullscreen, changeZoom, zoom, keys]);
}
