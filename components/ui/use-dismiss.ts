"use client";

import { useEffect, useRef, type RefObject } from "react";

/**
 * A popover that is not a modal (a dropdown menu, a chapter list under its button): while `open`, a press outside
 * `root` (which holds the button and the popover) dismisses it, and so does Escape unless `escape` is false (when a
 * screen's own hotkeys already close it). `onDismiss` may change on every render.
 */
export function useDismiss(root: RefObject<HTMLElement | null>, open: boolean, onDismiss: () => void, { escape = true }: { escape?: boolean } = {}) {
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) dismiss.current();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") dismiss.current();
    };
    document.addEventListener("pointerdown", onPointer);
    if (escape) document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [root, open, escape]);
}
