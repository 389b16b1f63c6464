"use client";

import { useRef, type ReactNode } from "react";
import { cx } from "./cx";

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
  icon?: ReactNode;
  testId?: string;
}

/**
 * A tab list (WAI-ARIA tabs, automatic activation): arrows move along the reading direction (reversed in Arabic),
 * Home and End jump, only the selected tab is in the Tab order. The panels are the caller's: give each
 * `id={panelId(idBase, key)}`, `role="tabpanel"` and `aria-labelledby={tabId(idBase, key)}` (or use TabPanel).
 */
export function Tabs<K extends string>({ idBase, label, items, selected, onSelect }: { idBase: string; label: string; items: Array<TabItem<K>>; selected: K; onSelect: (key: K) => void }) {
  const refs = useRef(new Map<K, HTMLButtonElement | null>());
  const move = (from: number, key: string, rtl: boolean): number => {
    const last = items.length - 1;
    if (key === (rtl ? "ArrowLeft" : "ArrowRight")) return from === last ? 0 : from + 1;
    if (key === (rtl ? "ArrowRight" : "ArrowLeft")) return from === 0 ? last : from - 1;
    if (key === "Home") return 0;
    if (key === "End") return last;
    return -1;
  };
  return (
    <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-zinc-200 dark:border-zinc-800">
      {items.map((item, i) => {
        const isSelected = item.key === selected;
        return (
          <button
            key={item.key}
            ref={(el) => {
              refs.current.set(item.key, el);
            }}
            id={tabId(idBase, item.key)}
            type="button"
            role="tab"
            aria-selected={isSelected}
            aria-controls={panelId(idBase, item.key)}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(item.key)}
            onKeyDown={(e) => {
              const to = move(i, e.key, e.currentTarget.closest("[dir]")?.getAttribute("dir") === "rtl");
              if (to < 0) return;
              e.preventDefault();
              const next = items[to]!.key;
              onSelect(next);
              refs.current.get(next)?.focus();
            }}
            className={cx(
              "-mb-px inline-flex h-12 shrink-0 items-center gap-2 border-b-2 px-4 text-sm font-semibold transition focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 [&>svg]:size-4.5",
              isSelected
                ? "border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-400"
                : "border-transparent text-zinc-600 hover:border-zinc-300 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100",
            )}
            data-testid={item.testId}
          >
            {item.icon}
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

export const tabId = (idBase: string, key: string) => `${idBase}-${key}-tab`;
export const panelId = (idBase: string, key: string) => `${idBase}-${key}-panel`;

/** A tab's panel; hidden (kept mounted, so its form keeps its state) while another tab is selected. */
export function TabPanel({ idBase, tab, selected, children, testId }: { idBase: string; tab: string; selected: boolean; children: ReactNode; testId?: string }) {
  return (
    <div id={panelId(idBase, tab)} role="tabpanel" aria-labelledby={tabId(idBase, tab)} hidden={!selected} tabIndex={0} className="focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-500" data-testid={testId}>
      {children}
    </div>
  );
}
