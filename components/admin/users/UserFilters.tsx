"use client";

import { useTranslations } from "next-intl";
import { useEffect, useOptimistic, useState, useTransition } from "react";
import { SearchAdornments } from "@/components/admin/SearchAdornments";
import { Button } from "@/components/ui/Button";
import { SelectField, TextField } from "@/components/ui/fields";
import { ToggleChip } from "@/components/ui/ToggleChip";
import { useRouter } from "@/i18n/navigation";
import { ROLE_NAMES, type Role } from "@/lib/enums";
import { ALL_ROLES, SEARCH_MAX, SORT_KEYS, userQueryHref, type SortDir, type SortKey, type UserQuery } from "./user-query";

const SEARCH_DEBOUNCE_MS = 300; // spec §9

/** The search box's text, sent to the URL 300 ms after typing stops; a URL change it did not ask for is put into it. */
function useSearchBox(q: string, go: (next: Partial<UserQuery>, mode: "push" | "replace") => void) {
  const [text, setText] = useState(q);
  // The last search this box asked for, and the last one the URL showed: a URL change that the box did not ask for
  // (back, forward, a "clear filters" link) puts its search into the box; the box's own never overwrite typing.
  const [sent, setSent] = useState(q);
  const [seen, setSeen] = useState(q);
  if (seen !== q) {
    setSeen(q);
    if (q !== sent) {
      setText(q);
      setSent(q);
    }
  }

  const search = (value: string) => {
    const next = value.trim().slice(0, SEARCH_MAX);
    if (next === sent.trim()) return;
    setSent(next);
    // A new search is a step back can return from; refining it replaces the entry.
    go({ q: next }, sent.trim() === "" || next === "" ? "push" : "replace");
  };

  useEffect(() => {
    if (text.trim() === sent.trim()) return;
    const timer = setTimeout(() => search(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restarts on typing only
  }, [text]);

  const clear = () => {
    setText("");
    search("");
  };
  return { text, setText, search, clear };
}

/**
 * The list's search (debounced 300 ms, spec §9), role filter (chips that are checkboxes) and a sort select (the only
 * way to sort on phones, where the cards have no column headings; on wider screens the headings sort too). Everything goes to the URL; the server page reads it and renders the list.
 */
export function UserFilters({ query }: { query: UserQuery }) {
  const t = useTranslations("admin.users");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [roles, setOptimisticRoles] = useOptimistic(query.roles);

  const go = (next: Partial<UserQuery>, mode: "push" | "replace" = "push") =>
    startTransition(() => {
      if (next.roles) setOptimisticRoles(next.roles);
      const href = userQueryHref({ ...query, ...next, page: 1 });
      if (mode === "replace") router.replace(href, { scroll: false });
      else router.push(href, { scroll: false });
    });
  const { text, setText, search, clear } = useSearchBox(query.q, go);

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
        <TextField
          id="user-search"
          className="min-w-0 flex-1"
          label={t("searchLabel")}
          type="search"
          name="q"
          value={text}
          maxLength={SEARCH_MAX}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setText(event.target.value)}
          placeholder={t("searchPlaceholder")}
          inputClassName="ps-9 [&::-webkit-search-cancel-button]:hidden"
          data-testid="user-search"
          trailing={<SearchAdornments pending={pending} showClear={Boolean(text)} clearLabel={t("clearSearch")} onClear={clear} />}
        />
      </form>

      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <RoleFilter roles={roles} onToggle={toggleRole} onAll={() => go({ roles: [] })} />

        <SelectField
          id="user-sort"
          className="shrink-0 md:w-64"
          label={t("sortLabel")}
          value={sortValue}
          onChange={(event) => {
            const [sort, dir] = event.target.value.split(":") as [SortKey, SortDir];
            go({ sort, dir });
          }}
          data-testid="user-sort"
        >
          {SORT_KEYS.flatMap((key) =>
            (["asc", "desc"] as const).map((dir) => (
              <option key={`${key}:${dir}`} value={`${key}:${dir}`}>
                {t("sortOption", { column: columnName(key), direction: t(dir === "asc" ? "ascending" : "descending") })}
              </option>
            )),
          )}
        </SelectField>
      </div>
    </div>
  );
}

/** The role chips (checkboxes), and "All roles" while some are chosen. */
function RoleFilter({ roles, onToggle, onAll }: { roles: Role[]; onToggle: (role: Role) => void; onAll: () => void }) {
  const t = useTranslations("admin.users");
  const tr = useTranslations("dashboard.roles");
  return (
    <fieldset className="min-w-0" data-testid="role-filter">
      <legend className="mb-1.5 text-sm font-semibold text-zinc-800 dark:text-zinc-200">{t("rolesLabel")}</legend>
      <div className="flex flex-wrap gap-2">
        {ALL_ROLES.map((role) => (
          <ToggleChip key={role} checked={roles.includes(role)} onChange={() => onToggle(role)} testId={`role-chip-${role}`}>
            {tr(String(role) as "0")}
          </ToggleChip>
        ))}
        {roles.length > 0 && (
          <Button variant="ghost" size="sm" onClick={onAll}>
            {t("allRoles")}
          </Button>
        )}
      </div>
    </fieldset>
  );
}
