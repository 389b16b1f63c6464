"use client";

import { useState, type FormEvent } from "react";
import { SearchAdornments } from "@/components/admin/SearchAdornments";
import { Button, buttonClass } from "@/components/ui/Button";
import { SelectField, TextField } from "@/components/ui/fields";
import { Link, useRouter } from "@/i18n/navigation";
import { auditHref, type AuditFilterState } from "./audit-href";

export interface AuditFilterTexts {
  label: string;
  actor: string;
  actorPlaceholder: string;
  action: string;
  anyAction: string;
  from: string;
  to: string;
  apply: string;
  clear: string;
}

/** The audit log's filters (actor, action, from, to); applying them puts them in the URL and starts at page 1. */
export function AuditFilters({ values, actions, texts }: { values: AuditFilterState; actions: { value: string; label: string }[]; texts: AuditFilterTexts }) {
  const router = useRouter();
  const [state, setState] = useState(values);
  const set = (key: keyof AuditFilterState) => (event: { target: { value: string } }) => setState((s) => ({ ...s, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    router.push(auditHref(state));
  };
  const filtered = Object.values(values).some(Boolean);

  return (
    <form
      role="search"
      aria-label={texts.label}
      onSubmit={submit}
      className="grid grid-cols-1 gap-3 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="audit-filters"
    >
      <TextField
        id="audit-actor"
        className="min-w-0"
        label={texts.actor}
        type="search"
        value={state.actor}
        onChange={set("actor")}
        maxLength={100}
        placeholder={texts.actorPlaceholder}
        autoComplete="off"
        inputClassName="ps-9 [&::-webkit-search-cancel-button]:hidden"
        trailing={<SearchAdornments />}
      />
      <SelectField id="audit-action" className="min-w-0" label={texts.action} value={state.action} onChange={set("action")}>
        <option value="">{texts.anyAction}</option>
        {actions.map((a) => (
          <option key={a.value} value={a.value}>
            {a.label}
          </option>
        ))}
      </SelectField>
      <TextField id="audit-from" className="min-w-0" label={texts.from} type="date" value={state.from} max={state.to || undefined} onChange={set("from")} inputClassName="dark:[color-scheme:dark]" />
      <TextField id="audit-to" className="min-w-0" label={texts.to} type="date" value={state.to} min={state.from || undefined} onChange={set("to")} inputClassName="dark:[color-scheme:dark]" />
      <div className="flex items-center gap-2 sm:col-span-2 lg:col-span-1">
        <Button type="submit" className="flex-1 whitespace-nowrap lg:flex-none">
          {texts.apply}
        </Button>
        {filtered && (
          <Link href={auditHref({})} className={`${buttonClass({ variant: "ghost" })} flex-1 whitespace-nowrap lg:flex-none`} data-testid="audit-clear">
            {texts.clear}
          </Link>
        )}
      </div>
    </form>
  );
}
