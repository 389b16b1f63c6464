"use client";

import { ArrowDownUp, ChevronDown } from "@/components/icons/ui";
import { useTexts } from "@/i18n/client";
import { SortBy } from "@/lib/enums";
import { RELEVANCE, type DiscoverySort } from "@/lib/discovery-params";

// Off the kit on purpose: the kit's Button module would add ~600 B gzip to every public page's first load (issue 29; every public page is within a few hundred bytes of its budget, tests/e2e/page-weight.spec.ts).

const OPTIONS = Object.values(SortBy);

/**
 * Sort dropdown: a native select, so it closes on choice, works with the keyboard and fits every phone. With a search
 * it offers "Best match" (relevance) first, the search's default order.
 */
export function SortSelect({ value, onChange, busy = false, searching = false }: { value: DiscoverySort; onChange: (value: DiscoverySort) => void; busy?: boolean; searching?: boolean }) {
  const t = useTexts("discovery");
  return (
    <label className="relative inline-flex items-center gap-2 text-sm font-semibold">
      <span className="text-zinc-500 dark:text-zinc-400">{t("sortLabel")}</span>
      <span className="relative">
        <ArrowDownUp className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
        <select
          name="sort"
          value={value}
          aria-busy={busy}
          onChange={(e) => onChange(e.target.value === RELEVANCE ? RELEVANCE : (Number(e.target.value) as SortBy))}
          className="h-10 appearance-none rounded-full border border-zinc-200 bg-white ps-9 pe-9 font-semibold outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 dark:border-zinc-700 dark:bg-zinc-900"
        >
          {searching && <option value={RELEVANCE}>{t("sort.relevance")}</option>}
          {OPTIONS.map((o) => (
            <option key={o} value={o}>
              {t(`sort.${o}`)}
            </option>
          ))}
        </select>
        <ChevronDown className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
      </span>
    </label>
  );
}
