/**
 * The browser's typed client for the product API (spec §7, §8; DESIGN §6).
 *
 *   const manga = await apiRequest<PagedList<Manga>>("/api/manga/PaginatedManga", { query: { page: 1 }, token });
 *
 * Every call sends the access token as a bearer credential when there is one, reads the
 * `{ statusCode, message, data }` envelope and returns `data`. Failures are thrown as ApiError with the
 * spec's client kinds (FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR) or HTTP (status, server message, data).
 * A 401 on a call that carried a token asks the session to refresh once and repeats the call with the
 * new token; if that is impossible or the repeat is refused too, the session is signed out (spec §8).
 * Components use `useApi()` (components/providers/use-api.ts), which binds the session's token, refresh and language.
 */

export type ApiErrorKind = "FETCH_ERROR" | "TIMEOUT_ERROR" | "PARSING_ERROR" | "HTTP";

export interface Envelope<T> {
  statusCode: number;
  message: string;
  data: T;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status (HTTP kind, or PARSING_ERROR of a response that had one). */
  readonly status?: number;
  /** The envelope's `data` of a failure (field errors in `data.errors`, `data.message`, …). */
  readonly data?: unknown;

  constructor(kind: ApiErrorKind, message: string, options: { status?: number; data?: unknown; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ApiError";
    this.kind = kind;
    this.status = options.status;
    this.data = options.data;
  }

  /** Field errors of a 422 answer (`data.errors`), if any. */
  get fieldErrors(): Record<string, string[]> {
    const errors = isRecord(this.data) ? this.data.errors : undefined;
    if (!isRecord(errors)) return {};
    const out: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(errors)) {
      if (Array.isArray(messages)) out[field] = messages.filter((m): m is string => typeof m === "string");
    }
    return out;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** What the client needs from the browser session to recover from a 401. */
export interface SessionBridge {
  /** Rotates the tokens; resolves to the new access token, or null when the session cannot be refreshed. */
  refresh(): Promise<string | null>;
  /** Ends the local session (the caller is then sent to /auth). */
  signOut(): Promise<void>;
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** JSON-serialisable body, or FormData / Blob sent as is. */
  body?: unknown;
  /** Query parameters; null/undefined are left out, arrays repeat the name. */
  query?: Record<string, QueryValue>;
  /** The access token; without one the call is made as a visitor. */
  token?: string | null;
  signal?: AbortSignal;
  /** Milliseconds before the call fails with TIMEOUT_ERROR (default 30 s; 0 disables). */
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Language of the server's messages (sent as `x-locale`). */
  locale?: string;
  /** How to refresh or end the session on a 401 (`useApi()` binds the browser session's); without one a 401 is thrown. */
  session?: SessionBridge | null;
  /** Injected fetch (tests); default the global one. */
  fetch?: typeof fetch;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/** `path` with the query appended (`/api/x?a=1&b=2&b=3`). */
export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(name, String(item));
    else params.append(name, String(value));
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${qs}`;
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const first = await send<T>(path, options, options.token ?? null);
  if (first.ok) return first.data;
  const error = first.error;
  if (!(error.kind === "HTTP" && error.status === 401 && options.token)) throw error;

  const session = options.session;
  if (!session) throw error;
  let fresh: string | null = null;
  try {
    fresh = await session.refresh();
  } catch {
    fresh = null;
  }
  if (fresh) {
    const second = await send<T>(path, options, fresh);
    if (second.ok) return second.data;
    if (!(second.error.kind === "HTTP" && second.error.status === 401)) throw second.error;
  }
  await session.signOut().catch(() => undefined);
  throw error;
}

type Outcome<T> = { ok: true; data: T } | { ok: false; error: ApiError };

async function send<T>(path: string, options: ApiRequestOptions, token: string | null): Promise<Outcome<T>> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const headers = new Headers(options.headers);
  headers.set("Accept", "application/json");
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (options.locale) headers.set("x-locale", options.locale);
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (isRawBody(options.body)) body = options.body;
    else {
      body = JSON.stringify(options.body);
      headers.set("Content-Type", "application/json");
    }
  }

  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let timedOut = false;
  const timer = timeoutMs > 0
    ? setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs)
    : undefined;
  const onAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) controller.abort(options.signal.reason);
  else options.signal?.addEventListener("abort", onAbort, { once: true });

  try {
    let res: Response;
    try {
      res = await doFetch(buildUrl(path, options.query), {
        method: options.method ?? (options.body === undefined ? "GET" : "POST"),
        headers,
        body,
        signal: controller.signal,
        credentials: "same-origin",
      });
    } catch (err) {
      if (timedOut) return { ok: false, error: new ApiError("TIMEOUT_ERROR", `Request timed out after ${timeoutMs} ms`, { cause: err }) };
      // The caller's own cancellation (React Query, unmount) is not an API failure: pass it through.
      if (options.signal?.aborted) throw err;
      return { ok: false, error: new ApiError("FETCH_ERROR", "Network request failed", { cause: err }) };
    }

    let envelope: unknown;
    try {
      const text = await res.text();
      envelope = text === "" ? null : JSON.parse(text);
    } catch (err) {
      if (timedOut) return { ok: false, error: new ApiError("TIMEOUT_ERROR", `Request timed out after ${timeoutMs} ms`, { cause: err }) };
      if (options.signal?.aborted) throw err;
      return { ok: false, error: new ApiError("PARSING_ERROR", "The server's answer could not be read", { status: res.status, cause: err }) };
    }

    if (!isEnvelope(envelope)) {
      if (!res.ok) return { ok: false, error: new ApiError("HTTP", `HTTP error! status: ${res.status}`, { status: res.status, data: envelope }) };
      return { ok: false, error: new ApiError("PARSING_ERROR", "The server's answer is not an API envelope", { status: res.status }) };
    }
    if (!res.ok || envelope.statusCode !== 1) {
      const status = res.ok ? envelope.statusCode : res.status;
      const message = envelope.message || serverMessage(envelope.data) || `HTTP error! status: ${status}`;
      return { ok: false, error: new ApiError("HTTP", message, { status, data: envelope.data }) };
    }
    return { ok: true, data: envelope.data as T };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return isRecord(value) && typeof value.statusCode === "number" && "data" in value;
}

function serverMessage(data: unknown): string | undefined {
  return isRecord(data) && typeof data.message === "string" ? data.message : undefined;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== "undefined" && body instanceof FormData) ||
    (typeof Blob !== "undefined" && body instanceof Blob) ||
    (typeof URLSearchParams !== "undefined" && body instanceof URLSearchParams) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    typeof body === "string"
  );
}
