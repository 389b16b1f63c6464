/**
 * react-toastify (11.2) names every toast's progress bar "notification timer", in English, with no prop or option to
 * change it (its `ProgressBar` writes the attribute; `customProgressBar` only drops the bar, leaving each caller to
 * draw its own). The dashboard relabels the bars in the page's language as they appear (DashboardShell). React never
 * writes the attribute back: the library's value does not change between renders.
 */
export const TOAST_TIMER_SELECTOR = '.Toastify [role="progressbar"]';

/** The part of a DOM element and container this needs (a fake in tests, the document in the browser). */
export interface LabelTarget {
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
}
export interface LabelRoot {
  querySelectorAll(selector: string): Iterable<LabelTarget> | ArrayLike<LabelTarget>;
}

/** Gives every toast progress bar under `root` the translated label; answers how many it changed. */
export function labelToastTimers(root: LabelRoot, label: string): number {
  let changed = 0;
  for (const bar of Array.from(root.querySelectorAll(TOAST_TIMER_SELECTOR))) {
    if (bar.getAttribute("aria-label") !== label) {
      bar.setAttribute("aria-label", label);
      changed += 1;
    }
  }
  return changed;
}

/** Keeps the toast progress bars under `root` labelled while toasts come and go; returns the cleanup. */
export function watchToastTimers(root: HTMLElement, label: string): () => void {
  labelToastTimers(root, label);
  const observer = new MutationObserver(() => labelToastTimers(root, label));
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
