"use client";

import { useState, type DragEvent } from "react";

/**
 * Reordering a list's items by dragging them with a mouse (HTML drag and drop): spread `itemProps(index)` on each
 * item; `highlight(index)` says how to draw it (the item being dragged, the one it would drop on). The items' move
 * buttons stay the way for the keyboard and touch screens.
 */
export function useDragReorder(onMove: (from: number, to: number) => void, disabled: boolean) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const end = () => {
    setDragged(null);
    setOver(null);
  };
  const itemProps = (index: number) => ({
    draggable: !disabled,
    onDragStart: (e: DragEvent) => {
      setDragged(index);
      e.dataTransfer.effectAllowed = "move";
      e.dataTransfer.setData("text/plain", String(index));
    },
    onDragOver: (e: DragEvent) => {
      if (dragged === null) return;
      e.preventDefault();
      setOver(index);
    },
    onDragLeave: () => setOver((o) => (o === index ? null : o)),
    onDrop: (e: DragEvent) => {
      if (dragged === null) return;
      e.preventDefault();
      e.stopPropagation();
      if (dragged !== index) onMove(dragged, index);
      end();
    },
    onDragEnd: end,
  });
  const highlight = (index: number): "dragged" | "target" | null => (dragged === index ? "dragged" : over === index && dragged !== null ? "target" : null);
  return { itemProps, highlight };
}
