/**
 * The one error type of the server's domain code (use cases, media, auth): a status, a message key of the API's
 * catalogue (./messages.ts) and extra data. server/http maps it (and every other error the domain throws) to the
 * spec's envelope; domain code never imports server/http.
 */
import { z } from "zod";
import { apiMessage, type MessageKey, type MessageParams } from "./messages";

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429;
/** Field errors as sent in `data.errors`: field path (dotted) → messages. `_form` holds form-level ones. */
export type FieldErrors = Record<string, string[]>;

export interface AppErrorOptions {
  /** Stable machine-readable code; defaults to the message key. */
  code?: string;
  /** Values for `{name}` placeholders in the message. */
  params?: MessageParams;
  /** Extra fields merged into the envelope's `data` (e.g. `errors`). */
  data?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/**
 * The one expected-failure type. Anything thrown that is not an AppError (or a ZodError) is a bug
 * and becomes a 500. The envelope's `data` always carries `code` and `message`, so clients that read
 * `data.message` (spec §8: register and login) see the same text as the envelope's `message`.
 */
export class AppError extends Error {
  readonly httpStatus: ErrorStatus;
  readonly code: string;
  readonly messageKey: MessageKey;
  readonly params?: MessageParams;
  readonly data?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(httpStatus: ErrorStatus, messageKey: MessageKey, options: AppErrorOptions = {}) {
    super(apiMessage("en", messageKey, options.params));
    this.name = "AppError";
    this.httpStatus = httpStatus;
    this.messageKey = messageKey;
    this.code = options.code ?? messageKey;
    this.params = options.params;
    this.data = options.data;
    this.headers = options.headers;
  }
}

export const badRequest = (key: MessageKey = "badRequest", options?: AppErrorOptions) => new AppError(400, key, options);
export const unauthorized = (key: MessageKey = "unauthorized", options?: AppErrorOptions) =>
  new AppError(401, key, { ...options, headers: { "WWW-Authenticate": "Bearer", ...options?.headers } });
export const forbidden = (key: MessageKey = "forbidden", options?: AppErrorOptions) => new AppError(403, key, options);
export const notFound = (key: MessageKey = "notFound", options?: AppErrorOptions) => new AppError(404, key, options);
export const methodNotAllowed = (options?: AppErrorOptions) => new AppError(405, "methodNotAllowed", options);
export const conflict = (key: MessageKey = "conflict", options?: AppErrorOptions) => new AppError(409, key, options);
export const tooLarge = (limitBytes?: number, options?: AppErrorOptions) =>
  new AppError(413, "payloadTooLarge", {
    ...options,
    params: { limit: limitBytes === undefined ? "?" : formatBytes(limitBytes), ...options?.params },
  });
export const unsupportedMediaType = (options?: AppErrorOptions) => new AppError(415, "unsupportedMediaType", options);
export const validation = (errors: FieldErrors, key: MessageKey = "validationFailed", options?: AppErrorOptions) =>
  new AppError(422, key, { ...options, data: { ...options?.data, errors } });
export const tooManyRequests = (retryAfterSeconds?: number, options?: AppErrorOptions) =>
  new AppError(429, "tooManyRequests", {
    ...options,
    headers: retryAfterSeconds === undefined
      ? options?.headers
      : { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))), ...options?.headers },
  });

/** Zod issues as `{ field: [messages] }`; issues on the value itself go under `_form`. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join(".") : "_form";
    (out[field] ??= []).push(issue.message);
  }
  return out;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}
