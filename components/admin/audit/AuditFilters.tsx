"use client";

import { Search } from "lucide-react";
import { useState, type FormEvent } from "react";
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

const field =
  "block h-11 w-full min-w-0 rounded-xl border border-zinc-300 bg-white px-3 text-[15px] text-zinc-900 shadow-sm outline-none transition placeholder:text-zinc-500 focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400 dark:[color-scheme:dark]";
const label = "mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200";

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
      <div className="min-w-0">
        <label htmlFor="audit-actor" className={label}>{texts.actor}</label>
        <div className="relative">
          <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-zinc-500" aria-hidden />
          <input id="audit-actor" type="search" value={state.actor} onChange={set("actor")} maxLength={100} placeholder={texts.actorPlaceholder} className={`${field} ps-9 [&::-webkit-search-cancel-button]:hidden`} autoComplete="off" />
        </div>
      </div>
      <div className="min-w-0">
        <label htmlFor="audit-action" className={label}>{texts.action}</label>
        <select id="audit-action" value={state.action} onChange={set("action")} className={field}>
          <option value="">{texts.anyAction}</option>
          {actions.map((a) => (
            <option key={a.value} value={a.value}>{a.label}</option>
          ))}
        </select>
      </div>
      <div className="min-w-0">
        <label htmlFor="audit-from" className={label}>{texts.from}</label>
        <input id="audit-from" type="date" value={state.from} max={state.to || undefined} onChange={set("from")} className={field} />
      </div>
      <div className="min-w-0">
        <label htmlFor="audit-to" className={label}>{texts.to}</label>
        <input id="audit-to" type="date" value={state.to} min={state.from || undefined} onChange={set("to")} className={field} />
      </div>
      <div className="flex items-center gap-2 sm:col-span-2 lg:col-span-1">
        <button
          type="submit"
          className="h-11 flex-1 shrink-0 rounded-xl bg-brand-600 px-4 text-sm font-semibold whitespace-nowrap text-white shadow-sm transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 lg:flex-none"
        >
          {texts.apply}
        </button>
        {filtered && (
          <Link
            href={auditHref({})}
            className="inline-flex h-11 flex-1 items-center justify-center rounded-xl px-3 text-sm font-semibold whitespace-nowrap text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600 lg:flex-none dark:text-zinc-300 dark:hover:bg-zinc-800"
            data-testid="audit-clear"
          >
            {texts.clear}
          </Link>
        )}
      </div>
    </form>
  );
}
