"use client";

import { useCallback, useEffect, useState, type RefObject } from "react";
import { clampZoom } from "./reader-utils";

/** Zoom (owns: the zoom factor, kept within the spec's limits; changing it is heavy work for content protection). */
export function useZoom(quiet: () => void) {
  const [zoom, setZoom] = useState(1);
  const changeZoom = useCallback((z: number) => {
    quiet();
    setZoom(clampZoom(z));
  }, [quiet]);
  return { zoom, changeZoom };
}

/** The panels over the reader (owns: whether the chapter menu, the settings, the hotkeys help and the page navigator are open). */
export function usePanels() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [navigatorOpen, setNavigatorOpen] = useState(false);
  const closePanels = useCallback(() => {
    setMenuOpen(false);
    setSettingsOpen(false);
    setHelpOpen(false);
    setNavigatorOpen(false);
  }, []);
  return { menuOpen, setMenuOpen, settingsOpen, setSettingsOpen, helpOpen, setHelpOpen, navigatorOpen, setNavigatorOpen, closePanels };
}

/** Fullscreen (owns: whether the reader is fullscreen, following the browser, and toggling it for the reader's root). */
export function useFullscreen(rootRef: RefObject<HTMLElement | null>) {
  const [fullscreen, setFullscreen] = useState(false);
  const toggleFullscreen = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void rootRef.current?.requestFullscreen?.().catch(() => undefined);
  }, [rootRef]);

  useEffect(() => {
    const onChange = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);
  return { fullscreen, toggleFullscreen };
}
