import type { ChartKind, ChartPoint, ChartTone } from "./chart-types";
import { OverviewChart } from "./OverviewChart";

/**
 * One chart of the overview: its heading, a sentence that says what it shows, the drawing (in the browser only) and
 * the numbers as a table behind "Show the numbers", so screen readers and keyboard users get every value.
 */
export function ChartCard({
  id,
  title,
  summary,
  kind,
  tone,
  data,
  locale,
  height,
  labelHeader,
  valueHeader,
  showTable,
  caption,
  formatNumber,
  wide = false,
}: {
  id: string;
  title: string;
  summary: string;
  kind: ChartKind;
  tone: ChartTone;
  data: ChartPoint[];
  locale: string;
  height: number;
  labelHeader: string;
  valueHeader: string;
  showTable: string;
  caption: string;
  formatNumber: (n: number) => string;
  wide?: boolean;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`flex min-w-0 flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5 dark:border-zinc-800 dark:bg-zinc-900 ${wide ? "lg:col-span-2" : ""}`}
      data-testid={`chart-${id}`}
    >
      <div>
        <h3 id={`${id}-title`} className="text-base font-bold">{title}</h3>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400" data-testid="chart-summary">{summary}</p>
      </div>
      <OverviewChart kind={kind} data={data} tone={tone} locale={locale} valueName={valueHeader} height={height} />
      <details className="group text-sm">
        <summary className="inline-flex min-h-6 cursor-pointer items-center rounded font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-brand-400">
          {showTable}
        </summary>
        {/* Focusable so keyboard users can scroll a long table (WCAG 2.1.1). */}
        <div
          role="region"
          aria-label={caption}
          tabIndex={0}
          className="mt-2 max-h-80 overflow-auto rounded-xl border border-zinc-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-zinc-800"
        >
          <table className="w-full text-start text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="sticky top-0 bg-zinc-50 dark:bg-zinc-800">
              <tr>
                <th scope="col" className="px-3 py-2 text-start font-semibold">{labelHeader}</th>
                <th scope="col" className="px-3 py-2 text-end font-semibold">{valueHeader}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((point, i) => (
                <tr key={i} className="border-t border-zinc-100 dark:border-zinc-800">
                  <th scope="row" dir="auto" className="px-3 py-1.5 text-start font-normal">{point.full}</th>
                  <td className="px-3 py-1.5 text-end tabular-nums">{formatNumber(point.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
