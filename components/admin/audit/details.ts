/**
 * An audit row's `details` (free JSON, written by each use case) made readable: a one-line summary and, for the
 * expanded view, its fields, with a before/after pair per changed field when the row records one (`before` with
 * `after` or `changes`).
 */
export interface DetailField {
  key: string;
  value: string;
}
export interface DetailChange {
  key: string;
  before: string;
  after: string;
}
export interface ReadableDetails {
  summary: string;
  fields: DetailField[];
  changes: DetailChange[];
}

const SUMMARY_MAX = 90;
const VALUE_MAX = 400;

function show(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function readableDetails(details: unknown): ReadableDetails | null {
  if (details === null || details === undefined) return null;
  if (!isRecord(details)) return { summary: clip(show(details), SUMMARY_MAX), fields: [{ key: "", value: clip(show(details), VALUE_MAX) }], changes: [] };
  const before = isRecord(details.before) ? details.before : null;
  const after = isRecord(details.after) ? details.after : isRecord(details.changes) ? details.changes : null;
  const changes: DetailChange[] = [];
  if (before || after) {
    const keys = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
    for (const key of keys) {
      const b = before?.[key];
      const a = after?.[key];
      if (after && !(key in after)) continue; // unchanged: recorded as context only
      if (JSON.stringify(a) === JSON.stringify(b)) continue;
      changes.push({ key, before: clip(show(b), VALUE_MAX), after: clip(show(a), VALUE_MAX) });
    }
  }
  const fields = Object.entries(details)
    .filter(([key]) => !((before || after) && (key === "before" || key === "after" || key === "changes")))
    .map(([key, value]) => ({ key, value: clip(show(value), VALUE_MAX) }));
  const parts = [
    ...changes.map((c) => `${c.key}: ${c.before} → ${c.after}`),
    ...fields.filter((f) => f.value !== "—").map((f) => `${f.key}: ${f.value}`),
  ];
  if (parts.length === 0) return null;
  return { summary: clip(parts.join(" · "), SUMMARY_MAX), fields, changes };
}
