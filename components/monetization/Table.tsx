import type { ReactNode } from "react";
import { DataTable } from "@/components/ui/DataTable";

export interface Column {
  label: string;
  /** Numbers: aligned to the end, tabular. */
  numeric?: boolean;
}

/**
 * The monetisation page's tables: the kit's DataTable kept a table on phones too (a focusable scroller), as these
 * narrow tables always were; each row given as its cells in the columns' order.
 */
export function Table({ caption, columns, rows, testId }: { caption: string; columns: Column[]; rows: Array<{ key: string | number; cells: ReactNode[]; testId?: string }>; testId: string }) {
  return (
    <DataTable
      caption={caption}
      columns={columns.map((c, i) => ({ key: String(i), header: c.label, numeric: c.numeric, cell: (row: (typeof rows)[number]) => row.cells[i] }))}
      rows={rows}
      rowKey={(row) => row.key}
      rowTestId={(row) => row.testId as string}
      cards={false}
      testId={testId}
    />
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
