import type { ReactNode } from "react";
import { controlClass, fieldLabelClass, formChipClass } from "./control-styles";
import { ChevronDown } from "./icons";

/**
 * Fields of a plain GET form rendered on the server (no "use client", no state: they add nothing to a page's
 * JavaScript): uncontrolled, with the kit's look. A form that needs validation or react-hook-form uses ./fields.tsx.
 */

/** A labelled native select with its choices; `defaultValue` is the one shown first. */
export function StaticSelectField({ id, name, label, defaultValue, options }: { id: string; name: string; label: ReactNode; defaultValue: string; options: ReadonlyArray<readonly [value: string, text: string]> }) {
  return (
    <div>
      <label htmlFor={id} className={fieldLabelClass}>{label}</label>
      <div className="relative">
        <select id={id} name={name} defaultValue={defaultValue} className={controlClass(false, "h-11 appearance-none ps-3 pe-8")}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>{text}</option>
          ))}
        </select>
        <ChevronDown className="pointer-events-none absolute end-2.5 top-1/2 size-4 -translate-y-1/2 text-zinc-500" aria-hidden />
      </div>
    </div>
  );
}

/** ToggleChip's look for a checkbox of a GET form (`name=value` when checked). */
export function StaticCheckChip({ name, value, defaultChecked, children }: { name: string; value: string; defaultChecked: boolean; children: ReactNode }) {
  return (
    <label className={formChipClass}>
      <input type="checkbox" name={name} value={value} defaultChecked={defaultChecked} className="sr-only" />
      {children}
    </label>
  );
}

/** Values a GET form carries along unchanged (the search and sort a filter form keeps). */
export function StaticHiddenFields({ values }: { values: ReadonlyArray<readonly [name: string, value: string]> }) {
  return values.map(([name, value], i) => <input key={`${name}-${i}`} type="hidden" name={name} value={value} />);
}
