import { badRequest, tooLarge, unsupportedMediaType } from "@/server/core/errors";
import { refuseNul } from "./nul-guard";
import { readBodyBytes } from "./route";

/**
 * A write call's input, from multipart/form-data (anything with files) or JSON (the rest), as plain fields and
 * uploaded files. Field names are matched case-insensitively by the caller's schema (see `field`).
 */
export interface UploadInput {
  /** Text fields: one value, or several when a name repeats (`genres`). JSON values are kept as they are. */
  fields: Record<string, unknown>;
  /** Uploaded files by field name, in the order sent. */
  files: Record<string, Uint8Array[]>;
}

/**
 * Reads the body with a byte cap that holds while streaming (413 as soon as it is passed, without reading on), then
 * parses it. The upload is held once as the parsed form's files; a failed or refused upload leaves nothing behind.
 */
export async function readUpload(req: Request, limit: number): Promise<UploadInput> {
  const input = await readUploadFields(req, limit);
  // U+0000 in any field is a 422 before the use case sees it (PostgreSQL refuses it in text; ./nul-guard.ts).
  refuseNul(input.fields);
  return input;
}

async function readUploadFields(req: Request, limit: number): Promise<UploadInput> {
  const type = req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "multipart/form-data") return readMultipart(req, limit);
  if (type === "application/json" || type === "" || (type.startsWith("application/") && type.endsWith("+json"))) {
    const bytes = await readBodyBytes(req, limit);
    if (bytes.byteLength === 0) return { fields: {}, files: {} };
    let value: unknown;
    try {
      value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    } catch {
      throw badRequest("invalidJson");
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) throw badRequest("invalidJson");
    return { fields: { ...(value as Record<string, unknown>) }, files: {} };
  }
  throw unsupportedMediaType();
}

async function readMultipart(req: Request, limit: number): Promise<UploadInput> {
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!req.body) return { fields: {}, files: {} };
  let total = 0;
  let overLimit = false;
  const capped = req.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength;
        if (total > limit) {
          overLimit = true;
          controller.error(new Error("upload over its byte cap"));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  let form: FormData;
  try {
    form = await new Response(capped, { headers: { "content-type": req.headers.get("content-type") ?? "" } }).formData();
  } catch {
    if (overLimit) throw tooLarge(limit);
    throw badRequest("invalidForm");
  }
  const fields: Record<string, unknown> = {};
  const files: Record<string, Uint8Array[]> = {};
  for (const [name, value] of form) {
    if (typeof value === "string") {
      const existing = fields[name];
      fields[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    } else {
      (files[name] ??= []).push(new Uint8Array(await value.arrayBuffer()));
    }
  }
  return { fields, files };
}

/** A field or files by name, case-insensitively (`coverImage`, `CoverImage`, `coverimage`). */
export function pick<T>(record: Record<string, T>, name: string): T | undefined {
  if (Object.hasOwn(record, name)) return record[name];
  const lower = name.toLowerCase();
  for (const key of Object.keys(record)) if (key.toLowerCase() === lower) return record[key];
  return undefined;
}
