import type { ReactNode } from "react";
import { cx } from "./cx";
import { Skeleton } from "./Skeleton";
import { SortBoth, SortDown, SortUp } from "./icons";

const skeletonRows = [0, 1, 2, 3];

/**
 * A table of records. From 768 px a real table (a caption for screen readers, the first column as each row's header,
 * numbers at the end and tabular, sortable headings with aria-sort, a keyboard-focusable scroller for wide tables);
 * below, each record is a card listing the same cells under their headings (set `cards={false}` for a narrow table
 * that fits a phone as it is). While `loading`, skeleton rows stand in; with no rows, `empty` shows.
 * Sorting is the caller's: `sort` says the current order, and each sortable column gets a link (`sortHref`, for
 * server-rendered lists whose order is in the URL) or a button (`onSort`).
 */
export interface DataColumn<R> {
  key: string;
  header: ReactNode;
  cell: (row: R) => ReactNode;
  /** Numbers: aligned to the end, tabular figures. */
  numeric?: boolean;
  sortable?: boolean;
  /** Left out of the phone card (an action column drawn by `cardFooter`, say). */
  hideOnCard?: boolean;
}

export interface DataSort {
  key: string;
  dir: "asc" | "desc";
}

export interface DataTableProps<R> {
  caption: string;
  columns: Array<DataColumn<R>>;
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  rowTestId?: (row: R) => string;
  sort?: DataSort;
  sortHref?: (key: string) => string;
  onSort?: (key: string) => void;
  /** Read after a sortable heading's name: "sorted ascending". */
  sortLabels?: { asc: string; desc: string };
  loading?: boolean;
  empty?: ReactNode;
  cards?: boolean;
  /** Something at the bottom of each phone card (its actions). */
  cardFooter?: (row: R) => ReactNode;
  minWidth?: string;
  testId?: string;
}

function SortMark({ dir }: { dir?: "asc" | "desc" }) {
  const Icon = dir === "asc" ? SortUp : dir === "desc" ? SortDown : SortBoth;
  return <Icon className={cx("size-3.5 shrink-0", !dir && "opacity-50")} aria-hidden />;
}

function HeaderCell<R>({ column, sort, sortHref, onSort, sortLabels }: { column: DataColumn<R> } & Pick<DataTableProps<R>, "sort" | "sortHref" | "onSort" | "sortLabels">) {
  const dir = sort?.key === column.key ? sort.dir : undefined;
  const ariaSort = dir === "asc" ? "ascending" : dir === "desc" ? "descending" : column.sortable ? "none" : undefined;
  const control = "inline-flex items-center gap-1 rounded-md hover:text-zinc-950 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:text-white";
  const inner = (
    <>
      {column.header}
      <SortMark dir={dir} />
      {dir && sortLabels && <span className="sr-only">{sortLabels[dir]}</span>}
    </>
  );
  return (
    <th scope="col" aria-sort={ariaSort} className={cx("px-3 py-2.5 font-semibold whitespace-nowrap text-zinc-700 dark:text-zinc-300", column.numeric ? "text-end" : "text-start")}>
      {column.sortable && sortHref ? (
        <a href={sortHref(column.key)} className={control}>
          {inner}
        </a>
      ) : column.sortable && onSort ? (
        <button type="button" onClick={() => onSort(column.key)} className={control}>
          {inner}
        </button>
      ) : (
        column.header
      )}
    </th>
  );
}

export function DataTable<R>(props: DataTableProps<R>) {
  const { caption, columns, rows, rowKey, rowTestId, loading = false, empty, cards = true, minWidth = "36rem", testId } = props;
  if (!loading && rows.length === 0 && empty) return <>{empty}</>;
  return (
    <div data-testid={testId} aria-busy={loading || undefined}>
      <div
        role="region"
        aria-label={caption}
        tabIndex={0}
        className={cx(
          "relative overflow-x-auto rounded-xl border border-zinc-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-zinc-800 dark:bg-zinc-900",
          cards && "hidden md:block",
        )}
      >
        <table className="w-full text-sm" style={{ minWidth }}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-zinc-50 dark:bg-zinc-800/70">
            <tr>
              {columns.map((column) => (
                <HeaderCell key={column.key} column={column} {...props} />
              ))}
            </tr>
          </thead>
          <tbody>
            {loading
              ? skeletonRows.map((i) => (
                  <tr key={i} className="border-t border-zinc-100 dark:border-zinc-800">
                    {columns.map((column) => (
                      <td key={column.key} className="px-3 py-3">
                        <Skeleton className="h-4 w-full max-w-32" />
                      </td>
                    ))}
                  </tr>
                ))
              : rows.map((row) => (
                  <tr key={rowKey(row)} className="border-t border-zinc-100 dark:border-zinc-800" data-testid={rowTestId?.(row)}>
                    {columns.map((column, i) =>
                      i === 0 ? (
                        <th key={column.key} scope="row" className="px-3 py-2.5 text-start font-medium">
                          {column.cell(row)}
                        </th>
                      ) : (
                        <td key={column.key} className={cx("px-3 py-2.5", column.numeric ? "text-end whitespace-nowrap tabular-nums" : "text-start")}>
                          {column.cell(row)}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
          </tbody>
        </table>
      </div>
      {cards && <DataCards {...props} loading={loading} />}
    </div>
  );
}

/** Below 768 px: each record as a card listing its cells under their headings, the first cell as its title. */
function DataCards<R>({ caption, columns, rows, rowKey, loading, cardFooter }: DataTableProps<R>) {
  return (
    <ul className="flex flex-col gap-3 md:hidden" aria-label={caption}>
      {loading
        ? skeletonRows.map((i) => (
            <li key={i} className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="mt-3 h-3.5 w-full" />
            </li>
          ))
        : rows.map((row) => (
            <li key={rowKey(row)} className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
              <div className="font-semibold break-words">{columns[0]!.cell(row)}</div>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
                {columns.slice(1).filter((c) => !c.hideOnCard).map((column) => (
                  <div key={column.key} className="contents">
                    <dt className="text-zinc-600 dark:text-zinc-400">{column.header}</dt>
                    <dd className={cx("min-w-0 break-words", column.numeric && "tabular-nums")}>{column.cell(row)}</dd>
                  </div>
                ))}
              </dl>
              {cardFooter && <div className="mt-3 flex flex-wrap gap-2">{cardFooter(row)}</div>}
            </li>
          ))}
    </ul>
  );
}
