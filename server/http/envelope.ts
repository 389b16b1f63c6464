/**
 * The response envelope of DESIGN §6: `{ statusCode, message, data }`, where `statusCode: 1` is
 * success and a failure carries its HTTP status number.
 */
export interface Envelope<T = unknown> {
  statusCode: number;
  message: string;
  data: T;
}

export const SUCCESS = 1;

/** A success envelope (HTTP 200 unless `init` says otherwise). */
export function ok<T>(data: T, message = "Success", init?: number | ResponseInit): Response {
  const options: ResponseInit = typeof init === "number" ? { status: init } : { status: 200, ...init };
  const body: Envelope<T | null> = { statusCode: SUCCESS, message, data: data === undefined ? null : data };
  return Response.json(body, options);
}

/** The success envelope as JSON text, for a caller that needs its size (the anonymous read limits). */
export function okText<T>(data: T, message = "Success"): string {
  const body: Envelope<T | null> = { statusCode: SUCCESS, message, data: data === undefined ? null : data };
  return JSON.stringify(body);
}

/** A failure envelope: the HTTP status is also the envelope's `statusCode`. */
export function fail(status: number, message: string, data: unknown = null, headers?: HeadersInit): Response {
  const body: Envelope = { statusCode: status, message, data };
  return Response.json(body, { status, headers });
}
