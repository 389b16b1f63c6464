"use client";

import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { assembleBirthDate, birthYears, DAYS, MONTHS, splitBirthDate } from "./birth-date";
import { FieldError, SelectField } from "@/components/ui/fields";

/**
 * Day / month / year selects (spec §2 must-select-role, also used by registration). `onChange` gets
 * dd/MM/yyyy once all three are chosen (and "" while any is missing), as spec §5 requires.
 */
export function BirthDateSelect({
  id,
  label,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const t = useTranslations("auth.birthDate");
  const [parts, setParts] = useState(() => splitBirthDate(value));
  const years = useMemo(() => birthYears(), []);

  const set = (part: "day" | "month" | "year", next: string) => {
    const updated = { ...parts, [part]: next };
    setParts(updated);
    onChange(assembleBirthDate(updated.day, updated.month, updated.year));
  };

  // The three selects share the group's error (under the row), so each only points at it; their errors stay unset.
  const select = (part: "day" | "month" | "year", options: readonly string[]) => (
    <SelectField
      id={`${id}-${part}`}
      label={t(part)}
      labelHidden
      value={parts[part]}
      disabled={disabled}
      onChange={(e) => set(part, e.target.value)}
      groupError={{ invalid: Boolean(error), describedBy: error ? `${id}-error` : undefined }}
      selectClassName="tabular-nums"
    >
      <option value="">{t(part)}</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </SelectField>
  );

  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200">{label}</legend>
      {/* Day, month, year from the reading start (dd/MM/yyyy). */}
      <div className="grid grid-cols-[1fr_1fr_1.25fr] gap-2">
        {select("day", DAYS)}
        {select("month", MONTHS)}
        {select("year", years)}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
