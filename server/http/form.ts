import { AppError, badRequest, formatBytes, tooLarge, unsupportedMediaType } from "@/server/core/errors";
import { refuseNul } from "./nul-guard";
import type { Locale } from "@/i18n/routing";
import { declaredLength, readBodyBytes, type BodyReader } from "./route";
import type { UploadInput } from "@/server/core/upload-input";

/**
 * A route's upload as its body (defineRoute `body: uploadBody(submitMangaInput, { longTextFields: ["coverImage"] })`):
 * read under the route's `maxBodyBytes` and checked by `parse` before the handler runs, as every other body is.
 */
export function uploadBody<T>(
  parse: (upload: UploadInput, locale: Locale, req: Request) => T | Promise<T>,
  options: ReadUploadOptions = {},
): BodyReader<Awaited<T>> {
  return { readBody: async (req, limit, locale): Promise<Awaited<T>> => await parse(await readUpload(req, limit, options), locale, req) };
}

/**
 * Reads the body with a byte cap that holds while streaming (413 as soon as it is passed, without reading on), then
 * parses it. The upload is held once as the parsed form's files; a failed or refused upload leaves nothing behind.
 */
export async function readUpload(req: Request, limit: number, options: ReadUploadOptions = {}): Promise<UploadInput> {
  const input = await readUploadFields(req, limit, options);
  // U+0000 in any field is a 422 before the use case sees it (PostgreSQL refuses it in text; ./nul-guard.ts).
  refuseNul(input.fields);
  return input;
}

async function readUploadFields(req: Request, limit: number, options: ReadUploadOptions): Promise<UploadInput> {
  const type = req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "multipart/form-data") return readMultipart(req, limit, options);
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

/**
 * Parts a multipart request may have: the largest legitimate form is a chapter of MAX_IMAGE_PAGES (200) page files
 * plus its handful of fields (mangaId or chapterId, title, isPremium, publishAt, freeAt, number); 256 leaves 50 spare
 * for clients that send extra fields. Counted while streaming: the 257th part is refused before it is read.
 */
export const MAX_FORM_PARTS = 256;
/**
 * Bytes of one text field: the longest text a form takes is a manga description (5,000 characters, at most 20 kB
 * as UTF-8). Fields a route names in `longTextFields` (a base64 cover or banner) are bounded by the body cap only.
 */
export const MAX_TEXT_FIELD_BYTES = 64 * 1024;
/** A part's header block (Content-Disposition with a file name, Content-Type). */
const MAX_PART_HEADER_BYTES = 8 * 1024;
/** Bytes before the first delimiter (a preamble, which browsers never send). */
const MAX_PREAMBLE_BYTES = 8 * 1024;

export interface ReadUploadOptions {
  /** Text fields (any case) allowed past MAX_TEXT_FIELD_BYTES, up to the body cap: base64 images sent as text. */
  longTextFields?: readonly string[];
}

type Part = { name: string; file: boolean; chunks: Buffer[]; size: number; textCap: number };

/**
 * A streaming multipart/form-data reader (RFC 7578): one pass over the body as it arrives, each part's bytes kept
 * once (files as one buffer each, never the whole body twice), linear in the number of parts. Refuses while
 * streaming and stops reading: the body's byte cap (413), MAX_FORM_PARTS (413), a text field over its cap (413);
 * a body that is not multipart as declared is a 400.
 */
async function readMultipart(req: Request, limit: number, options: ReadUploadOptions): Promise<UploadInput> {
  if (declaredLength(req) > limit) throw tooLarge(limit);
  const boundary = boundaryOf(req.headers.get("content-type") ?? "");
  if (!boundary) throw badRequest("invalidForm");
  if (!req.body) throw badRequest("invalidForm");
  const longText = new Set((options.longTextFields ?? []).map((n) => n.toLowerCase()));
  const first = Buffer.from(`--${boundary}`, "latin1");
  const delimiter = Buffer.from(`\r\n--${boundary}`, "latin1");
  const fields = new Map<string, string[]>();
  const files: Record<string, Uint8Array[]> = {};
  let parts = 0;
  let part: Part | undefined;
  // Widened on purpose: step() moves it on inside a closure, which the compiler's narrowing does not follow.
  let state = "preamble" as "preamble" | "afterDelimiter" | "headers" | "body" | "done";
  let buf: Buffer = Buffer.alloc(0);
  let total = 0;

  const finishPart = (p: Part) => {
    const bytes = Buffer.concat(p.chunks, p.size);
    if (p.file) (files[p.name] ??= []).push(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    else {
      const list = fields.get(p.name);
      const text = bytes.toString("utf8");
      if (list) list.push(text);
      else fields.set(p.name, [text]);
    }
  };
  const append = (p: Part, data: Buffer) => {
    if (data.byteLength === 0) return;
    p.size += data.byteLength;
    if (p.size > p.textCap) throw new AppError(413, "fieldTooLong", { params: { limit: formatBytes(p.textCap) } });
    p.chunks.push(data);
  };

  /** Consumes what `buf` holds; answers when it needs more bytes. */
  const step = (): void => {
    for (;;) {
      if (state === "preamble") {
        const at = buf.indexOf(first);
        if (at < 0 || buf.length - at < first.length + 2) {
          if (buf.length > MAX_PREAMBLE_BYTES + first.length + 2) throw badRequest("invalidForm");
          return;
        }
        if (at > 0 && !(at >= 2 && buf[at - 2] === 0x0d && buf[at - 1] === 0x0a)) throw badRequest("invalidForm");
        buf = buf.subarray(at + first.length);
        state = "afterDelimiter";
      } else if (state === "afterDelimiter") {
        // "--" ends the body; otherwise optional spaces then CRLF start the next part's headers.
        if (buf.length < 2) return;
        if (buf[0] === 0x2d && buf[1] === 0x2d) {
          state = "done";
          return;
        }
        let i = 0;
        while (i < buf.length && (buf[i] === 0x20 || buf[i] === 0x09)) i++;
        if (i + 2 > buf.length) {
          if (i > 256) throw badRequest("invalidForm");
          return;
        }
        if (buf[i] !== 0x0d || buf[i + 1] !== 0x0a) throw badRequest("invalidForm");
        buf = buf.subarray(i + 2);
        state = "headers";
      } else if (state === "headers") {
        const end = buf.length >= 2 && buf[0] === 0x0d && buf[1] === 0x0a ? 0 : buf.indexOf("\r\n\r\n", 0, "latin1");
        if (end < 0) {
          if (buf.length > MAX_PART_HEADER_BYTES) throw badRequest("invalidForm");
          return;
        }
        if (end > MAX_PART_HEADER_BYTES) throw badRequest("invalidForm");
        const disposition = partDisposition(buf.toString("utf8", 0, end));
        buf = buf.subarray(end === 0 ? 2 : end + 4);
        if (!disposition) throw badRequest("invalidForm");
        if (++parts > MAX_FORM_PARTS) throw new AppError(413, "tooManyParts", { params: { max: MAX_FORM_PARTS } });
        const textCap = disposition.file || longText.has(disposition.name.toLowerCase()) ? limit : MAX_TEXT_FIELD_BYTES;
        part = { name: disposition.name, file: disposition.file, chunks: [], size: 0, textCap };
        state = "body";
      } else if (state === "body") {
        const p = part as Part;
        const at = buf.indexOf(delimiter);
        if (at < 0) {
          // Keep what could be the start of a delimiter split across chunks; the rest is the part's.
          const keep = Math.min(buf.length, delimiter.length - 1);
          append(p, buf.subarray(0, buf.length - keep));
          buf = buf.subarray(buf.length - keep);
          return;
        }
        append(p, buf.subarray(0, at));
        finishPart(p);
        part = undefined;
        buf = buf.subarray(at + delimiter.length);
        state = "afterDelimiter";
      } else {
        return;
      }
    }
  };

  const reader = req.body.getReader();
  try {
    // Read to the end of the body even after the closing delimiter (an epilogue is ignored, within the byte cap):
    // cancelling a body the client is still sending could cost it the answer.
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        throw badRequest("invalidForm");
      }
      if (chunk.done) break;
      total += chunk.value.byteLength;
      if (total > limit) throw tooLarge(limit);
      if (state === "done") continue;
      const bytes = Buffer.from(chunk.value.buffer, chunk.value.byteOffset, chunk.value.byteLength);
      // What is left over is small (a partial delimiter or header block), so this copy stays linear.
      buf = buf.length === 0 ? bytes : Buffer.concat([buf, bytes]);
      step();
    }
  } catch (err) {
    await reader.cancel().catch(() => undefined);
    throw err;
  }
  if (state !== "done") throw badRequest("invalidForm");
  const out: Record<string, unknown> = {};
  for (const [name, values] of fields) out[name] = values.length === 1 ? values[0] : values;
  return { fields: out, files };
}

/** The boundary parameter of a multipart Content-Type (quoted or not; 1-70 characters, RFC 2046). */
function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

/** A part's field name and whether it is a file (a `filename` parameter), from its header block; null without a name. */
function partDisposition(headerBlock: string): { name: string; file: boolean } | null {
  for (const line of headerBlock.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 0 || line.slice(0, colon).trim().toLowerCase() !== "content-disposition") continue;
    const value = line.slice(colon + 1);
    if (!/^\s*form-data\s*(;|$)/i.test(value)) return null;
    const params = new Map<string, string>();
    const re = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
    for (let m = re.exec(value); m; m = re.exec(value)) {
      const key = (m[1] ?? "").toLowerCase();
      if (!params.has(key)) params.set(key, m[2] !== undefined ? m[2].replace(/\\(.)/g, "$1") : (m[3] ?? "").trim());
    }
    const name = params.get("name");
    if (name === undefined) return null;
    return { name, file: params.has("filename") || params.has("filename*") };
  }
  return null;
}
