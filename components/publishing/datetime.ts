/**
 * `<input type="datetime-local">` speaks local wall-clock time ("2030-01-02T03:04"); the API speaks ISO instants.
 */

/** A datetime-local value as an ISO instant in UTC, "" for empty, or the text unchanged when it is not a date. */
export function localToIso(value: string | null | undefined): string {
  const text = (value ?? "").trim();
  if (text === "") return "";
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

/** An ISO instant as a datetime-local value in the browser's zone (minutes precision), "" for none. */
export function isoToLocal(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
