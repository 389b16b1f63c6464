import { formatMessage, type Compiled } from "@/i18n/format";

/**
 * A manga's counted ratings as cards and the preview show them (docs/decisions/028): a star, the mean to one decimal
 * and the count in parentheses, in the page language's digits (Intl, as every number on the site); a full sentence for
 * screen readers. Nothing without a counted rating. Server-rendered on the preview and the landing, and drawn by the
 * discovery grid in the browser too: no hooks, one small path.
 */
export function RatingSummary({ mean, count, locale, label, className = "" }: {
  mean: number | null;
  count: number;
  locale: string;
  /** manga.rating: "Rated {mean} out of 10 by {count, plural, …}" (compiled). */
  label: Compiled;
  className?: string;
}) {
  if (mean === null || count <= 0) return null;
  const meanText = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(mean);
  return (
    <span className={`inline-flex items-center gap-1 tabular-nums ${className}`} data-testid="rating-summary">
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" className="size-[1.1em] shrink-0 fill-amber-400 text-amber-400">
        <path d="M12 2.5l2.94 6.06 6.56.95-4.75 4.63 1.12 6.56L12 17.6l-5.87 3.1 1.12-6.56L2.5 9.51l6.56-.95z" />
      </svg>
      <span aria-hidden="true">
        {meanText} ({new Intl.NumberFormat(locale).format(count)})
      </span>
      <span className="sr-only">{formatMessage(locale, label, { mean: meanText, count })}</span>
    </span>
  );
}
