/**
 * Hostile multipart bodies built in memory, for tests and benches (scripts/bench may import them). Nothing here is
 * used by the server.
 */

export interface MultipartPayload {
  body: Buffer;
  contentType: string;
}

const BOUNDARY = "----issue27boundary7MA4YWxkTrZu0gW";

/**
 * The issue 27 flood: `parts` (40,000) text parts all named `name` ("g"), ~2.7 MB, plus an `id` field first so the
 * route has something to read (UpdateManga's `id`).
 */
export function repeatedFieldMultipart({ parts = 40_000, name = "g", value = "x", id = 1 }: { parts?: number; name?: string; value?: string; id?: number } = {}): MultipartPayload {
  const one = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${id}\r\n`);
  const tail = Buffer.from(`--${BOUNDARY}--\r\n`);
  const body = Buffer.alloc(head.length + one.length * parts + tail.length);
  head.copy(body, 0);
  for (let i = 0; i < parts; i++) one.copy(body, head.length + i * one.length);
  tail.copy(body, head.length + one.length * parts);
  return { body, contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}
