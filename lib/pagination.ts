/** Spec §2: at most 3 page buttons below 480 px, 5 below 640 px, 7 below 768 px and 9 above. */
export const PAGE_BUTTONS = [3, 5, 7, 9] as const;

/** The run of page numbers, centred on the current page, that fits in `size` buttons. */
export function pageWindow(current: number, totalPages: number, size: number): number[] {
  const count = Math.min(size, totalPages);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** "Showing X to Y of Z results": the first and last item numbers on a page (0 and 0 when empty). */
export function shownRange(page: number, pageSize: number, totalDisplay: number): { from: number; to: number } {
  if (totalDisplay === 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * pageSize + 1, totalDisplay);
  return { from, to: Math.min(page * pageSize, totalDisplay) };
}
