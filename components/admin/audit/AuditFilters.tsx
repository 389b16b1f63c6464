"use client";

import { useLocale } from "next-intl";
import { useState, type FormEvent } from "react";
import { SearchAdornments } from "@/components/admin/SearchAdornments";
import { useDatePartLabels } from "@/components/premium/FreeAtField";
import { Button, buttonClass } from "@/components/ui/Button";
import { DateTimeField, INCOMPLETE_DATE } from "@/components/ui/DateTimeField";
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
  dateIncomplete: string;
  apply: string;
  clear: string;
}

/** Years the date filters offer: the log's first years to this one. */
const AUDIT_YEARS = { from: 2024, to: new Date().getFullYear() };

/**
 * The audit log's filters (actor, action, from, to); applying them puts them in the URL and starts at page 1. The
 * dates are the kit's day, month and year selects in the page's language and order (a native date input shows the
 * browser's mm/dd/yyyy on an Arabic page); a date only partly chosen is not applied, and says so.
 */
export function AuditFilters({ values, actions, texts }: { values: AuditFilterState; actions: { value: string; label: string }[]; texts: AuditFilterTexts }) {
  const router = useRouter();
  const locale = useLocale();
  const partLabels = useDatePartLabels();
  const [state, setState] = useState(values);
  const [checked, setChecked] = useState(false);
  const set = (key: keyof AuditFilterState) => (event: { target: { value: string } }) => setState((s) => ({ ...s, [key]: event.target.value }));
  const setDate = (key: "from" | "to") => (value: string) => setState((s) => ({ ...s, [key]: value }));
  const dateError = (key: "from" | "to") => (checked && state[key] === INCOMPLETE_DATE ? texts.dateIncomplete : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (state.from === INCOMPLETE_DATE || state.to === INCOMPLETE_DATE) return;
    router.push(auditHref(state));
  };
  const filtered = Object.values(values).some(Boolean);

  return (
    <form
      role="search"
      aria-label={texts.label}
      onSubmit={submit}
      noValidate
      className="grid grid-cols-1 gap-x-6 gap-y-4 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:grid-cols-2 dark:border-zinc-800 dark:bg-zinc-900"
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
      <DateTimeField id="audit-from" type="date" label={texts.from} value={state.from} onChange={setDate("from")} error={dateError("from")} locale={locale} partLabels={partLabels} years={AUDIT_YEARS} />
      <DateTimeField id="audit-to" type="date" label={texts.to} value={state.to} onChange={setDate("to")} error={dateError("to")} locale={locale} partLabels={partLabels} years={AUDIT_YEARS} />
      <div className="flex items-center gap-2 sm:col-span-2">
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
