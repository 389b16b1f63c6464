"use client";

import { Search, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Link, useRouter } from "@/i18n/navigation";
import type { QueueState } from "@/server/publishing/review-queue";
import { queueHref } from "./queue-href";

const STATES: readonly QueueState[] = ["pending", "accepted", "rejected", "all"];

/** The queue's state filter (links with counts) and title search; both live in the URL (state, q). */
export function QueueFilters({
  state,
  search,
  counts,
  defaultState,
  isRoot,
}: {
  state: QueueState;
  search: string;
  counts: Record<QueueState, number>;
  defaultState: QueueState;
  isRoot: boolean;
}) {
  const t = useTranslations("approval.queue");
  const router = useRouter();
  const [text, setText] = useState(search);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    router.push(queueHref({ state, search: text, defaultState }));
  };
  const clear = () => {
    setText("");
    router.push(queueHref({ state, defaultState }));
  };

  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
      <nav aria-label={t("filterLabel")} className="shrink-0">
        <ul className="grid grid-cols-2 gap-1 rounded-2xl bg-zinc-100 p-1 sm:inline-flex dark:bg-zinc-800/70">
          {STATES.map((s) => {
            const current = s === state;
            return (
              <li key={s}>
                <Link
                  href={queueHref({ state: s, search, defaultState })}
                  aria-current={current ? "page" : undefined}
                  data-testid={`queue-state-${s}`}
                  className={`flex h-10 items-center justify-between gap-2 rounded-xl px-3.5 whitespace-nowrap sm:justify-start text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                    current
                      ? "bg-white text-zinc-900 shadow-sm dark:bg-zinc-950 dark:text-white"
                      : "text-zinc-700 hover:bg-white/60 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-900/60 dark:hover:text-white"
                  }`}
                >
                  {t(`states.${s}`)}
                  <span
                    className={`min-w-6 rounded-full px-1.5 text-center text-xs tabular-nums ${
                      current ? "bg-brand-600 text-white" : "bg-zinc-200 text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100"
                    }`}
                  >
                    {counts[s]}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <form role="search" onSubmit={submit} className="flex w-full min-w-0 items-end gap-2 lg:max-w-sm">
        <div className="min-w-0 flex-1">
          <label htmlFor="queue-search" className="mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200">
            {isRoot ? t("searchLabelRoot") : t("searchLabel")}
          </label>
          <div className="relative">
            <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-zinc-500" aria-hidden />
            <input
              id="queue-search"
              type="search"
              name="q"
              value={text}
              maxLength={100}
              onChange={(event) => setText(event.target.value)}
              placeholder={isRoot ? t("searchPlaceholderRoot") : t("searchPlaceholder")}
              className="block h-11 w-full rounded-xl border border-zinc-300 bg-white ps-9 pe-10 text-[15px] text-zinc-900 shadow-sm outline-none transition placeholder:text-zinc-500 focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400 [&::-webkit-search-cancel-button]:hidden"
            />
            {text && (
              <button
                type="button"
                onClick={clear}
                aria-label={t("clearSearch")}
                className="absolute end-1.5 top-1/2 grid size-8 -translate-y-1/2 place-items-center rounded-lg text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-zinc-300 dark:hover:bg-zinc-800"
              >
                <X className="size-4" aria-hidden />
              </button>
            )}
          </div>
        </div>
        <button
          type="submit"
          className="h-11 shrink-0 rounded-xl bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {t("searchButton")}
        </button>
      </form>
    </div>
  );
}
