import type { ReactNode } from "react";

export interface Column {
  label: string;
  /** Numbers: aligned to the end, tabular. */
  numeric?: boolean;
}

/**
 * The monetisation page's tables: a caption for screen readers, the first cell of each row as its header, numbers
 * aligned at the end, and a focusable scroller so a wide table can be scrolled from the keyboard on a phone. The
 * scroller is positioned so it also clips what is absolutely positioned inside it (a button's screen-reader text would
 * otherwise widen the whole page on a phone).
 */
export function Table({ caption, columns, rows, testId }: { caption: string; columns: Column[]; rows: Array<{ key: string | number; cells: ReactNode[]; testId?: string }>; testId: string }) {
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl border border-zinc-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-zinc-800"
      data-testid={testId}
    >
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-zinc-50 dark:bg-zinc-800/70">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={`px-3 py-2.5 font-semibold whitespace-nowrap text-zinc-700 dark:text-zinc-300 ${c.numeric ? "text-end" : "text-start"}`}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-zinc-100 dark:border-zinc-800" data-testid={row.testId}>
              {row.cells.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="px-3 py-2.5 text-start font-medium">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className={`px-3 py-2.5 ${columns[i]?.numeric ? "text-end tabular-nums whitespace-nowrap" : "text-start"}`}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A section of the page: a card with its heading (h3, focusable from script: see keep-focus.ts), an optional line under it, and its content. */
export function Panel({ id, title, intro, children, testId }: { id: string; title: string; intro?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-4 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-6 dark:border-zinc-800 dark:bg-zinc-900" data-testid={testId}>
      <div>
        <h3 id={`${id}-title`} tabIndex={-1} className="text-lg font-bold focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600">{title}</h3>
        {intro && <p className="mt-1 max-w-3xl text-sm leading-6 text-zinc-600 dark:text-zinc-400">{intro}</p>}
      </div>
      {children}
    </section>
  );
}

export function Empty({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <p className="rounded-xl border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400" data-testid={testId}>
      {children}
    </p>
  );
}
