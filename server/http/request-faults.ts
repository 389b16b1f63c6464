import { AsyncLocalStorage } from "node:async_hooks";
import type http from "node:http";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "@/server/core/database-unavailable";
import { apiMessage, localeOf } from "@/server/core/messages";
import { markForbidden, markNotFound, markRequestError, markUnavailable, REQUEST_FAULTS_KEY, type RequestFaults } from "./request-faults-mark";
import { log } from "@/server/core/log";

/**
 * A page whose render failed because the database is away answers 503 with Retry-After (docs/decisions/019, Faults),
 * so a load balancer or crawler sees "come back soon", not "this page is broken". Next renders its error page with
 * status 500 and reports the error to `onRequestError` (instrumentation.ts), which marks this request's scope; when
 * the 500 is written, it becomes a 503. API routes answer their own 503 envelope (server/http/errors.ts).
 *
 * The scope lives on globalThis so Next's bundled instrumentation reaches the custom server's AsyncLocalStorage.
 */
type G = typeof globalThis & { [REQUEST_FAULTS_KEY]?: AsyncLocalStorage<RequestFaults> };

function storage(): AsyncLocalStorage<RequestFaults> {
  const g = globalThis as G;
  return (g[REQUEST_FAULTS_KEY] ??= new AsyncLocalStorage<RequestFaults>());
}

/**
 * How long and how much of a page the head is held back for (below): past either, the page streams on with the status
 * it had (a render error after that point keeps its 200, as before).
 */
export const HOLD_LIMITS = { ms: Number(process.env.PAGE_HOLD_MS || 15_000), bytes: 8 * 1024 * 1024 };

/**
 * Runs `serve` (Next's handler) in a scope that sets the status its page deserves (docs/decisions/019 and 026):
 * - a 500 caused by the database being away: 503, Retry-After, no-store;
 * - a page that rendered its own not-found content (markNotFound): 404;
 * - a page that rendered the 403 view (markForbidden): 403, no-store;
 * - a page whose render failed (onRequestError, markRequestError), also inside a Suspense boundary after the shell was
 *   written: 500 (503 when the database was the cause), no-store.
 * For the last one an HTML page's head and body are held until the render ends (Next streams the shell first, and a
 * status cannot change once sent), at most HOLD_LIMITS; RSC payloads and everything else stream as Next writes them.
 */
export function serveWithFaults(res: http.ServerResponse, serve: () => Promise<void>): Promise<void> {
  const faults: RequestFaults = { databaseUnavailable: false };
  const writeHead = res.writeHead as (this: http.ServerResponse, ...args: unknown[]) => http.ServerResponse;
  const write = res.write as (this: http.ServerResponse, ...args: unknown[]) => boolean;
  const end = res.end as (this: http.ServerResponse, ...args: unknown[]) => http.ServerResponse;
  const isPayload = res.req?.headers.rsc === "1";
  const method = res.req?.method ?? "GET";

  /**
   * The status a page is written with, given what its render marked by now; `whole`: the held page's render has ended
   * (or reached the hold limit), so a reported error can only have come from inside it. Fixes the head's headers too.
   */
  const statusFor = (self: http.ServerResponse, statusCode: number, rest: unknown[], whole: boolean): number => {
    // Not a client navigation's payload (`RSC: 1`): Next's router would answer a non-2xx one with a full page load,
    // rendering it twice (the full load then gets the status).
    if (statusCode === 200 && !isPayload) {
      // A render error Next could not turn into its error page: it came after the shell (inside a Suspense boundary).
      if (whole && (faults.failed || faults.databaseUnavailable)) statusCode = faults.databaseUnavailable ? 503 : 500;
      else if (faults.forbidden) statusCode = 403;
      else if (faults.notFound) statusCode = 404;
    }
    if (statusCode === 500 && faults.databaseUnavailable) statusCode = 503;
    if (statusCode !== self.statusCode) self.statusCode = statusCode;
    if (!self.headersSent && (statusCode === 403 || statusCode >= 500)) {
      // Never kept by a shared cache or the browser: the next request may well succeed or be someone else's. An answer
      // that says so already keeps its own words (/media's refusals are "private, no-store").
      const given = headerOf(rest[rest.length - 1] ?? {}, "cache-control") ?? String(self.getHeader("cache-control") ?? "");
      if (!/\bno-store\b/i.test(given)) setHeaderIn(self, rest, "Cache-Control", "no-store");
      if (statusCode === 503) setHeaderIn(self, rest, "Retry-After", String(RETRY_AFTER_SECONDS));
    }
    return statusCode;
  };

  // Holding an HTML page: its head's arguments and the chunks written so far, until end() (or a limit).
  let held: { rest: unknown[]; chunks: Array<[unknown, unknown]>; bytes: number; timer?: NodeJS.Timeout } | undefined;
  const release = (self: http.ServerResponse) => {
    const h = held!;
    held = undefined;
    clearTimeout(h.timer);
    writeHead.call(self, statusFor(self, self.statusCode, h.rest, true), ...h.rest);
    for (const [chunk, encoding] of h.chunks) write.call(self, chunk, encoding);
  };

  res.writeHead = function (this: http.ServerResponse, statusCode: number, ...rest: unknown[]) {
    if (held) return this;
    const type = String(typeof rest[rest.length - 1] === "object" && rest[rest.length - 1] !== null ? headerOf(rest[rest.length - 1], "content-type") ?? this.getHeader("content-type") ?? "" : this.getHeader("content-type") ?? "");
    if (statusCode === 200 && !isPayload && method === "GET" && type.startsWith("text/html") && HOLD_LIMITS.ms > 0) {
      this.statusCode = statusCode;
      held = { rest, chunks: [], bytes: 0 };
      held.timer = setTimeout(() => held && release(this), HOLD_LIMITS.ms);
      held.timer.unref?.();
      return this;
    }
    return writeHead.call(this, statusFor(this, statusCode, rest, false), ...rest);
  } as typeof res.writeHead;

  res.write = function (this: http.ServerResponse, chunk: unknown, encoding?: unknown, callback?: unknown) {
    if (!held) return write.call(this, chunk, encoding, callback);
    const cb = typeof encoding === "function" ? encoding : callback;
    held.chunks.push([chunk, typeof encoding === "string" ? encoding : undefined]);
    held.bytes += typeof chunk === "string" ? Buffer.byteLength(chunk) : (chunk as Uint8Array).byteLength;
    if (typeof cb === "function") process.nextTick(cb as () => void);
    if (held.bytes > HOLD_LIMITS.bytes) release(this);
    return true;
  } as typeof res.write;

  res.end = function (this: http.ServerResponse, ...args: unknown[]) {
    if (held) release(this);
    return end.apply(this, args);
  } as typeof res.end;

  return storage()
    .run(faults, serve)
    .catch((err: unknown) => {
      // The handler threw with a page held: what it wrote is dropped and the caller's answerFailure writes the 500
      // (releasing the held head would send a 200 with half a page).
      if (held) {
        clearTimeout(held.timer);
        held = undefined;
        faults.failed = true;
      }
      throw err;
    })
    .finally(() => {
    // A render that ended without end() (the client left): drop what was held.
    if (held && res.destroyed) {
      clearTimeout(held.timer);
      held = undefined;
    }
  });
}

/** Sets a header on the response and in writeHead's headers argument (which would win over setHeader). */
function setHeaderIn(res: http.ServerResponse, rest: unknown[], name: string, value: string): void {
  res.setHeader(name, value);
  const headers = rest[rest.length - 1];
  if (typeof headers !== "object" || headers === null) return;
  const lower = name.toLowerCase();
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) if (String(headers[i]).toLowerCase() === lower) headers[i + 1] = value;
    return;
  }
  for (const key of Object.keys(headers)) if (key.toLowerCase() === lower) (headers as Record<string, unknown>)[key] = value;
}

/** One header's value from writeHead's headers argument (an object or a flat [name, value, …] array). */
function headerOf(headers: unknown, name: string): string | undefined {
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) if (String(headers[i]).toLowerCase() === name) return String(headers[i + 1]);
    return undefined;
  }
  for (const [key, value] of Object.entries(headers as Record<string, unknown>)) if (key.toLowerCase() === name) return String(value);
  return undefined;
}

export { markForbidden, markNotFound, markRequestError, markUnavailable };

/**
 * The custom server's last resort for a request whose handler threw: an API path gets the envelope (503 when the
 * database is away, else 500), a page a plain answer; a response already under way is cut.
 */
export function answerFailure(req: http.IncomingMessage, res: http.ServerResponse, err: unknown): void {
  const down = isDatabaseUnavailable(err);
  if (!down) log.error({ err }, "[server] request failed");
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const status = down ? 503 : 500;
  const headers: http.OutgoingHttpHeaders = { "Cache-Control": "no-store" };
  if (down) headers["Retry-After"] = String(RETRY_AFTER_SECONDS);
  if ((req.url ?? "").startsWith("/api/")) {
    const locale = localeOf(req);
    const message = apiMessage(locale, down ? "serviceUnavailable" : "internal");
    const code = down ? "serviceUnavailable" : "internal";
    res.writeHead(status, { ...headers, "Content-Type": "application/json" }).end(JSON.stringify({ statusCode: status, message, data: { code, message } }));
    return;
  }
  res.writeHead(status, { ...headers, "Content-Type": "text/plain; charset=utf-8" }).end(down ? "503 Service Unavailable" : "500 Internal Server Error");
}
