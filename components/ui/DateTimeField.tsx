"use client";

import { useMemo, useState, type FocusEvent } from "react";
import { cx } from "./cx";
import { controlClass, FieldError } from "./fields";

/**
 * A date, or a local date and time (a chapter's scheduled release, a premium chapter's free date), in the page's
 * language (issue 31, item 6g): the browser's own date input shows the browser's format (an Arabic page read
 * "mm/dd/yyyy"), so this is day, month (by name) and year — in the order the language writes them — and, for a date
 * and time, hour and minute (24 hours), each a select in the kit's frame, under one legend with the hint and the
 * error. The value is unchanged: `2031-05-06T07:08` (local time; `2031-05-06` for a date), "" when nothing is chosen,
 * and `incomplete` while only some parts are (the shared schema refuses it, so the error shows under the field).
 * Controlled: `value` and `onChange` (with react-hook-form, through its `Controller`, passing `onBlur` too).
 */
export interface DateTimeFieldProps {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  /** "datetime-local" (default) or "date". */
  type?: "datetime-local" | "date";
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  className?: string;
  /** The page's language: the parts' order, the month names and the digits. */
  locale: string;
  /** The parts' own labels, in the page's language. */
  partLabels: DateTimePartLabels;
  /** Years offered (a value outside them is offered too): default this year to ten years on. */
  years?: { from: number; to: number };
}

export interface DateTimePartLabels {
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
}

/** The value of a field whose parts are only partly chosen. */
export const INCOMPLETE_DATE = "incomplete";

type Part = "year" | "month" | "day" | "hour" | "minute";
type Parts = Record<Part, string>;
const EMPTY: Parts = { year: "", month: "", day: "", hour: "", minute: "" };
const DATE_PARTS = ["year", "month", "day"] as const;
const TIME_PARTS = ["hour", "minute"] as const;

const pad = (n: number | string) => String(n).padStart(2, "0");
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** `2031-05-06T07:08` (or `2031-05-06`) → its parts; anything else → none chosen. */
export function partsOf(value: string | null | undefined): Parts {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(value ?? "");
  if (!m) return EMPTY;
  return { year: m[1]!, month: m[2]!, day: m[3]!, hour: m[4] ?? "", minute: m[5] ?? "" };
}

/** The parts → the input's value: "" for none, INCOMPLETE_DATE for some, else the ISO local form. */
export function valueOf(parts: Parts, withTime: boolean): string {
  const used = withTime ? [...DATE_PARTS, ...TIME_PARTS] : DATE_PARTS;
  const chosen = used.filter((p) => parts[p] !== "");
  if (chosen.length === 0) return "";
  if (chosen.length < used.length) return INCOMPLETE_DATE;
  const date = `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
  return withTime ? `${date}T${pad(parts.hour)}:${pad(parts.minute)}` : date;
}

/** The order the language writes a date in (`ar`: day, month, year; `en`: month, day, year). */
function dateOrder(locale: string): Array<(typeof DATE_PARTS)[number]> {
  const order = new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" })
    .formatToParts(Date.UTC(2031, 4, 6))
    .map((p) => p.type)
    .filter((t): t is (typeof DATE_PARTS)[number] => t === "year" || t === "month" || t === "day");
  return order.length === 3 ? order : ["day", "month", "year"];
}

export function DateTimeField({
  id,
  label,
  hint,
  error,
  type = "datetime-local",
  value,
  onChange,
  onBlur,
  disabled,
  className,
  locale,
  partLabels,
  years,
}: DateTimeFieldProps) {
  const withTime = type === "datetime-local";
  const [parts, setParts] = useState<Parts>(() => partsOf(value));
  // A value set from outside (the form's default, a reset) is shown; a partly chosen date stays as it is.
  const current = value ?? "";
  const [seen, setSeen] = useState(current);
  if (current !== seen) {
    setSeen(current);
    if (current !== INCOMPLETE_DATE && current !== valueOf(parts, withTime)) setParts(partsOf(current));
  }

  const change = (part: Part, chosen: string) => {
    const next = { ...parts, [part]: chosen };
    // A day past the chosen month's end moves to its last day.
    if (next.year && next.month && next.day) next.day = pad(Math.min(Number(next.day), daysIn(Number(next.year), Number(next.month))));
    // A complete date without a time starts at midnight, shown as such.
    if (withTime && DATE_PARTS.every((p) => next[p]) && !next.hour && !next.minute) Object.assign(next, { hour: "00", minute: "00" });
    setParts(next);
    onChange(valueOf(next, withTime));
  };

  const blur = (event: FocusEvent<HTMLFieldSetElement>) => {
    // Leaving the whole group (not moving between its selects) is the field's blur.
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    onBlur?.();
  };

  const texts = useMemo(() => {
    const two = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
    const plain = new Intl.NumberFormat(locale, { useGrouping: false });
    const month = new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" });
    return { two: (n: number) => two.format(n), plain: (n: number) => plain.format(n), month: (m: number) => month.format(Date.UTC(2000, m - 1, 1)) };
  }, [locale]);

  const thisYear = new Date().getFullYear();
  const span = years ?? { from: thisYear, to: thisYear + 10 };
  const yearOptions = [...new Set([...range(span.from, span.to), ...(parts.year ? [Number(parts.year)] : [])])].sort((a, b) => a - b);
  const lastDay = parts.year && parts.month ? daysIn(Number(parts.year), Number(parts.month)) : 31;

  const options: Record<Part, Array<{ value: string; label: string }>> = {
    day: range(1, lastDay).map((d) => ({ value: pad(d), label: texts.plain(d) })),
    month: range(1, 12).map((m) => ({ value: pad(m), label: texts.month(m) })),
    year: yearOptions.map((y) => ({ value: String(y), label: texts.plain(y) })),
    hour: range(0, 23).map((h) => ({ value: pad(h), label: texts.two(h) })),
    minute: range(0, 59).map((m) => ({ value: pad(m), label: texts.two(m) })),
  };
  const width: Record<Part, string> = { day: "w-20", month: "w-36", year: "w-24", hour: "w-20", minute: "w-20" };
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;

  const select = (part: Part) => (
    <div key={part} className="flex flex-col gap-1">
      <label htmlFor={`${id}-${part}`} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
        {partLabels[part]}
      </label>
      {/* A select of the kit's frame (controlClass): the kit has no part picker, and a native date input would
          show the browser's format, not the page's. */}
      <select
        id={`${id}-${part}`}
        value={parts[part]}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => change(part, e.target.value)}
        className={controlClass(Boolean(error), cx("h-11 px-2.5", width[part]))}
        data-part={part}
      >
        <option value="">–</option>
        {options[part].map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <fieldset id={id} className={cx("min-w-0", className)} aria-describedby={describedBy} onBlur={blur} data-testid={`${id}-field`}>
      <legend className="mb-1.5 text-sm font-semibold text-zinc-800 dark:text-zinc-200">{label}</legend>
      <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
        <div className="flex gap-2">
          {dateOrder(locale).map(select)}
        </div>
        {withTime && (
          // Hour then minute, left to right in both languages, as a clock reads.
          <div className="flex items-end gap-1" dir="ltr">
            {select("hour")}
            <span aria-hidden className="pb-2.5 font-semibold text-zinc-500">:</span>
            {select("minute")}
          </div>
        )}
      </div>
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-zinc-600 dark:text-zinc-400">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
