/**
 * A write call's input, from multipart/form-data (anything with files) or JSON (the rest), as plain fields and
 * uploaded files, as server/http/form.ts `readUpload` reads it. Field names are matched case-insensitively (`pick`), so the
 * domain's input parsers (publishing, site settings) need this shape, not the HTTP reader.
 */
export interface UploadInput {
  /** Text fields: one value, or several when a name repeats (`genres`). JSON values are kept as they are. */
  fields: Record<string, unknown>;
  /** Uploaded files by field name, in the order sent. */
  files: Record<string, Uint8Array[]>;
}

/** A field or files by name, case-insensitively (`coverImage`, `CoverImage`, `coverimage`). */
export function pick<T>(record: Record<string, T>, name: string): T | undefined {
  if (Object.hasOwn(record, name)) return record[name];
  const lower = name.toLowerCase();
  for (const key of Object.keys(record)) if (key.toLowerCase() === lower) return record[key];
  return undefined;
}
