"use client";

import { Check, ChevronDown, Loader2, Search, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useOptimistic, useState, useTransition } from "react";
import { useRouter } from "@/i18n/navigation";
import { ROLE_NAMES, type Role } from "@/lib/enums";
import { selectClass } from "./parts";
import { ALL_ROLES, SEARCH_MAX, SORT_KEYS, userQueryHref, type SortDir, type SortKey, type UserQuery } from "./user-query";

const SEARCH_DEBOUNCE_MS = 300; // spec §9

/**
 * The list's search (debounced 300 ms, spec §9), role filter (chips that are checkboxes) and a sort select (the only
 * way to sort on phones, where the cards have no column headings; on wider screens the headings sort too). Everything goes to the URL; the server page reads it and renders the list.
 */
export function UserFilters({ query }: { query: UserQuery }) {
  const t = useTranslations("admin.users");
  const tr = useTranslations("dashboard.roles");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [text, setText] = useState(query.q);
  // The last search this box asked for, and the last one the URL showed: a URL change that the box did not ask for
  // (back, forward, a "clear filters" link) puts its search into the box; the box's own never overwrite typing.
  const [sent, setSent] = useState(query.q);
  const [seen, setSeen] = useState(query.q);
  if (seen !== query.q) {
    setSeen(query.q);
    if (query.q !== sent) {
      setText(query.q);
      setSent(query.q);
    }
  }
  const [roles, setOptimisticRoles] = useOptimistic(query.roles);

  const go = (next: Partial<UserQuery>, mode: "push" | "replace" = "push") =>
    startTransition(() => {
      if (next.roles) setOptimisticRoles(next.roles);
      const href = userQueryHref({ ...query, ...next, page: 1 });
      if (mode === "replace") router.replace(href, { scroll: false });
      else router.push(href, { scroll: false });
    });

  const search = (value: string) => {
    const q = value.trim().slice(0, SEARCH_MAX);
    if (q === sent.trim()) return;
    setSent(q);
    // A new search is a step back can return from; refining it replaces the entry.
    go({ q }, sent.trim() === "" || q === "" ? "push" : "replace");
  };

  useEffect(() => {
    if (text.trim() === sent.trim()) return;
    const timer = setTimeout(() => search(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restarts on typing only
  }, [text]);

  const toggleRole = (role: Role) => {
    const next = roles.includes(role) ? roles.filter((r) => r !== role) : [...roles, role].sort((a, b) => a - b);
    go({ roles: next.length === ROLE_NAMES.length ? [] : next });
  };

  const sortValue = `${query.sort}:${query.dir}`;
  const columnName = (key: SortKey) => t(`columns.${key}`);

  return (
    <div className="flex flex-col gap-4" data-testid="user-filters" aria-busy={pending || undefined}>
      <form
        role="search"
        className="flex w-full min-w-0 items-end gap-2 lg:max-w-md"
        onSubmit={(event) => {
          event.preventDefault();
          search(text);
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor="user-search" className="mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200">
            {t("searchLabel")}
          </label>
          <div className="relative">
            <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-zinc-500" aria-hidden />
            <input
              id="user-search"
              type="search"
              name="q"
              value={text}
              maxLength={SEARCH_MAX}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setText(event.target.value)}
              placeholder={t("searchPlaceholder")}
              className="block h-11 w-full rounded-xl border border-zinc-300 bg-white ps-9 pe-10 text-[15px] text-zinc-900 shadow-sm outline-none transition placeholder:text-zinc-500 focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400 [&::-webkit-search-cancel-button]:hidden"
              data-testid="user-search"
            />
            {pending ? (
              <Loader2 className="absolute end-3 top-1/2 size-4 -translate-y-1/2 animate-spin text-zinc-500" aria-hidden />
            ) : (
              text && (
                <button
                  type="button"
                  onClick={() => {
                    setText("");
                    search("");
                  }}
                  aria-label={t("clearSearch")}
                  className="absolute end-1.5 top-1/2 grid size-8 -translate-y-1/2 place-items-center rounded-lg text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-zinc-300 dark:hover:bg-zinc-800"
                >
                  <X className="size-4" aria-hidden />
                </button>
              )
            )}
          </div>
        </div>
      </form>

      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <fieldset className="min-w-0" data-testid="role-filter">
          <legend className="mb-1.5 text-sm font-semibold text-zinc-800 dark:text-zinc-200">{t("rolesLabel")}</legend>
          <div className="flex flex-wrap gap-2">
            {ALL_ROLES.map((role) => {
              const on = roles.includes(role);
              return (
                <label
                  key={role}
                  className={`inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full border px-3.5 text-sm font-semibold transition select-none has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
                    on
                      ? "border-brand-600 bg-brand-600 text-white hover:bg-brand-700"
                      : "border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800"
                  }`}
                  data-testid={`role-chip-${role}`}
                  data-checked={on}
                >
                  <input type="checkbox" className="sr-only" checked={on} onChange={() => toggleRole(role)} />
                  {on && <Check className="size-3.5" aria-hidden />}
                  {tr(String(role) as "0")}
                </label>
              );
            })}
            {roles.length > 0 && (
              <button
                type="button"
                onClick={() => go({ roles: [] })}
                className="inline-flex h-9 items-center rounded-full px-3 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-400"
              >
                {t("allRoles")}
              </button>
            )}
          </div>
        </fieldset>

        <div className="shrink-0 md:w-64">
          <label htmlFor="user-sort" className="mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200">
            {t("sortLabel")}
          </label>
          <div className="relative">
            <select
              id="user-sort"
              value={sortValue}
              onChange={(event) => {
                const [sort, dir] = event.target.value.split(":") as [SortKey, SortDir];
                go({ sort, dir });
              }}
              className={selectClass}
              data-testid="user-sort"
            >
              {SORT_KEYS.flatMap((key) =>
                (["asc", "desc"] as const).map((dir) => (
                  <option key={`${key}:${dir}`} value={`${key}:${dir}`}>
                    {t("sortOption", { column: columnName(key), direction: t(dir === "asc" ? "ascending" : "descending") })}
                  </option>
                )),
              )}
            </select>
            <ChevronDown className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-zinc-500" aria-hidden />
          </div>
        </div>
      </div>
    </div>
  );
}
