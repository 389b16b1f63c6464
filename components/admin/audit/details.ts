/**
 * An audit row's `details` (free JSON, written by each use case) made readable: a one-line summary and, for the
 * expanded view, its fields, with a before/after pair per changed field when the row records one (`before` with
 * `after` or `changes`). Nested values are read as dotted fields (`ar.title`), never shown as JSON (issue 31, 6f);
 * lists are joined; the page's `format` turns values it knows into words (a role's number into its name, yes/no).
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

/** Words for values the page knows, by the field's own (last) name; undefined leaves the value as it is. */
export type DetailValueFormat = (key: string, value: unknown) => string | undefined;

const SUMMARY_MAX = 90;
const VALUE_MAX = 400;
/** Nesting read as dotted fields at most this deep (deeper parts are summed up as "…"). */
const DEPTH_MAX = 4;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const leafOf = (key: string) => key.slice(key.lastIndexOf(".") + 1);

function show(key: string, value: unknown, format?: DetailValueFormat): string {
  const known = format?.(leafOf(key), value);
  if (known !== undefined) return known;
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.length ? value.map((v) => (isRecord(v) || Array.isArray(v) ? "…" : show(key, v, format))).join(", ") : "—";
  return "…";
}

/** `{ ar: { title: "x" }, role: 1 }` → `{ "ar.title": "x", role: 1 }` (an empty object is one empty value). */
function flatten(value: Record<string, unknown>, prefix = "", depth = 0, out: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, v] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (isRecord(v) && Object.keys(v).length > 0 && depth < DEPTH_MAX) flatten(v, name, depth + 1, out);
    else out[name] = isRecord(v) ? null : v;
  }
  return out;
}

export function readableDetails(details: unknown, format?: DetailValueFormat): ReadableDetails | null {
  if (details === null || details === undefined) return null;
  if (!isRecord(details)) {
    const value = show("", details, format);
    return { summary: clip(value, SUMMARY_MAX), fields: [{ key: "", value: clip(value, VALUE_MAX) }], changes: [] };
  }
  const before = isRecord(details.before) ? flatten(details.before) : null;
  const after = isRecord(details.after) ? flatten(details.after) : isRecord(details.changes) ? flatten(details.changes) : null;
  const changes: DetailChange[] = [];
  if (before || after) {
    const keys = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
    for (const key of keys) {
      const b = before?.[key];
      const a = after?.[key];
      if (after && !(key in after)) continue; // unchanged: recorded as context only
      if (JSON.stringify(a) === JSON.stringify(b)) continue;
      changes.push({ key, before: clip(show(key, b, format), VALUE_MAX), after: clip(show(key, a, format), VALUE_MAX) });
    }
  }
  const rest = Object.fromEntries(Object.entries(details).filter(([key]) => !((before || after) && (key === "before" || key === "after" || key === "changes"))));
  const fields = Object.entries(flatten(rest)).map(([key, value]) => ({ key, value: clip(show(key, value, format), VALUE_MAX) }));
  const parts = [
    ...changes.map((c) => `${c.key}: ${c.before} → ${c.after}`),
    ...fields.filter((f) => f.value !== "—").map((f) => `${f.key}: ${f.value}`),
  ];
  if (parts.length === 0) return null;
  return { summary: clip(parts.join(" · "), SUMMARY_MAX), fields, changes };
}
