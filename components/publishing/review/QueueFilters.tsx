"use client";

import { Search, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button, IconButton } from "@/components/ui/Button";
import { TextField } from "@/components/ui/fields";
import { Link, useRouter } from "@/i18n/navigation";
import type { QueueState } from "@/server/publishing/review-queue";
import { Badge } from "@/components/ui/Badge";
import { queueHref } from "./queue-href";

const STATES: readonly QueueState[] = ["pending", "accepted", "rejected", "all"];

interface StateLinksProps {
  state: QueueState;
  search: string;
  counts: Record<QueueState, number>;
  defaultState: QueueState;
}

/** The queue's state filter (links with counts) and title search; both live in the URL (state, q). */
export function QueueFilters({ state, search, counts, defaultState, isRoot }: StateLinksProps & { isRoot: boolean }) {
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
      <StateLinks state={state} search={search} counts={counts} defaultState={defaultState} />
      <form role="search" onSubmit={submit} className="flex w-full min-w-0 items-end gap-2 lg:max-w-sm">
        <TextField
          id="queue-search"
          type="search"
          name="q"
          label={isRoot ? t("searchLabelRoot") : t("searchLabel")}
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
          placeholder={isRoot ? t("searchPlaceholderRoot") : t("searchPlaceholder")}
          className="min-w-0 flex-1"
          inputClassName="ps-9 [&::-webkit-search-cancel-button]:hidden"
          trailing={
            <>
              <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-zinc-500" aria-hidden />
              {text && <IconButton label={t("clearSearch")} icon={<X aria-hidden />} onClick={clear} className="absolute end-0 top-0" />}
            </>
          }
        />
        <Button type="submit" className="shrink-0">
          {t("searchButton")}
        </Button>
      </form>
    </div>
  );
}

/** The state filter: a link per state, with its count; the current one is marked. */
function StateLinks({ state, search, counts, defaultState }: StateLinksProps) {
  const t = useTranslations("approval.queue");
  return (
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
                <Badge tone={current ? "brandSolid" : "zinc"} className="min-w-6 justify-center tabular-nums">
                  {counts[s]}
                </Badge>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
