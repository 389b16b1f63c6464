"use client";

import { ArrowDownUp } from "lucide-react";
import { useTranslations } from "next-intl";
import { useSearchParams } from "next/navigation";
import { useTransition } from "react";
import { usePathname, useRouter } from "@/i18n/navigation";
import { SortBy } from "@/db/schema/enums";

const OPTIONS = Object.values(SortBy);

/** Sort dropdown: a native select (closes on choice, keyboard friendly) that updates the URL and resets to page 1. */
export function SortSelect({ value }: { value: number }) {
  const t = useTranslations("discovery");
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();
  return (
    <label className="relative inline-flex items-center gap-2 text-sm font-semibold">
      <span className="text-zinc-500 dark:text-zinc-400">{t("sortLabel")}</span>
      <span className="relative">
        <ArrowDownUp className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
        <select
          name="sort"
          value={value}
          aria-busy={pending}
          onChange={(e) => {
            const next = new URLSearchParams(params);
            next.set("sort", e.target.value);
            next.delete("page");
            startTransition(() => router.push(`${pathname}?${next.toString()}`, { scroll: false }));
          }}
          className="h-10 appearance-none rounded-full border border-zinc-200 bg-white ps-9 pe-8 font-semibold outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 dark:border-zinc-700 dark:bg-zinc-900"
        >
          {OPTIONS.map((o) => (
            <option key={o} value={o}>
              {t(`sort.${o}`)}
            </option>
          ))}
        </select>
      </span>
    </label>
  );
}
